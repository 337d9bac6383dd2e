/** The one diagnosis of a view's sections, as far as they have answered. */
import { foldConsequences } from './causes';
import { certificateFindings } from './rules/certificate';
import { historyFindings } from './rules/history';
import { sectionFailure } from './rules/finding';
import { lanFindings } from './rules/lan';
import { neighbourhoodFindings } from './rules/neighbourhood';
import { testFindings } from './rules/tests';
import { voiceFindings } from './rules/voice';
import { linkFinding, wanFindings } from './rules/wan';
import { confidenceOf, experienceScore, rankFindings, scoreSetter } from './score';
import { INPUT_SECTIONS, type Diagnosis, type DiagnosisInput, type Finding, type InputKey } from './types';

const INPUT_KEYS = Object.keys(INPUT_SECTIONS) as InputKey[];

/** Every finding of the sections answered so far, ranked, root causes over their consequences, with the score. */
export function diagnose(input: DiagnosisInput): Diagnosis {
  const findings: Finding[] = [];
  const pending = INPUT_KEYS.filter((key) => input[key].status === 'pending');
  for (const key of INPUT_KEYS) {
    const state = input[key];
    // The neighbourhood matters only beside a link fault: its failure is reported there.
    if (state.status === 'error' && key !== 'port') findings.push(sectionFailure(key, state.code));
  }
  // No customer is known for this MAC: that is the one finding that matters (the device sections'
  // failures follow from it), with no score and nothing left to wait for.
  const unknownMac = findings.find((item) => item.key === 'macNotFound');
  if (unknownMac)
    return {
      findings: [unknownMac],
      score: null,
      scoreSetBy: null,
      confidence: confidenceOf([unknownMac]),
      pending: [],
    };
  const wan = input.wan.status === 'ok' ? input.wan.data : null;
  let fibreFine: boolean | null = null;
  if (wan) {
    const result = wanFindings(wan);
    findings.push(
      ...result.findings,
      ...neighbourhoodFindings(input.port, linkFinding(result.findings), input.outage ?? null),
    );
    fibreFine = result.fibreFine;
  }
  // The Wi-Fi combination needs the fibre's state: until the WAN answered, the clients count one by one.
  if (input.lan.status === 'ok') findings.push(...lanFindings(input.lan.data, fibreFine));
  if (input.voice.status === 'ok') findings.push(...voiceFindings(input.voice.data));
  // A certificate older than the last registration needs the WAN; missing needs only the certificates.
  if (input.bc.status === 'ok') findings.push(...certificateFindings(input.bc.data, wan));
  // The week's history, once its card has read it and the API has graded it.
  const assessment = input.history?.status === 'ok' ? input.history.data.assessment : undefined;
  if (assessment) findings.push(...historyFindings(assessment));
  // The tests run from the device in the last hour, read beside what the sections found.
  if (input.tests?.length) findings.push(...testFindings(input.tests, [...findings]));
  const answered = (['wan', 'lan', 'voice', 'bc'] as const).filter(
    (key) => input[key].status === 'ok',
  ).length;
  const ranked = rankFindings(foldConsequences(findings));
  const score = experienceScore(ranked, answered);
  return {
    findings: ranked,
    score,
    scoreSetBy: score === null ? null : (scoreSetter(ranked)?.id ?? null),
    confidence: confidenceOf(ranked),
    pending,
  };
}
