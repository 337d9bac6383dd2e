/** Each device section's verdict on the summary strip, from the one diagnosis. */
import type { Diagnosis, DiagnosisInput, Finding } from './types';

/** A section's verdict on the summary strip: its worst finding, or pass; from the one diagnosis. */
export interface SectionVerdict {
  state: 'pending' | 'error' | 'ok';
  grade: 'pass' | 'warn' | 'fail' | 'unknown';
  /** The finding that decided (the section's first in rank), null for a pass or while pending. */
  finding: Finding | null;
}

/**
 * The strip's verdict of each device section, from the diagnosis's own findings: the strip, the findings
 * and the score say the same thing with the same words (the finding's playbook title).
 */
export function sectionVerdicts(
  input: DiagnosisInput,
  diagnosis: Pick<Diagnosis, 'findings'>,
): Record<'wan' | 'lan' | 'voice' | 'bc', SectionVerdict> {
  const verdict = (key: 'wan' | 'lan' | 'voice' | 'bc'): SectionVerdict => {
    const state = input[key].status;
    if (state === 'pending') return { state, grade: 'unknown', finding: null };
    // An observation (`info`) is no verdict: the section passes unless a fault says otherwise.
    const top = diagnosis.findings.find((item) => item.section === key && item.severity !== 'info') ?? null;
    return { state, grade: top ? (top.severity as SectionVerdict['grade']) : 'pass', finding: top };
  };
  return { wan: verdict('wan'), lan: verdict('lan'), voice: verdict('voice'), bc: verdict('bc') };
}
