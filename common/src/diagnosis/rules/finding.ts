/** The one way a rule makes a finding: its group, effect and penalty come from the kind's registry entry. */
import type { Grading } from '../../threshold-grading';
import { kindSpec, type FindingKind } from '../registry';
import { INPUT_SECTIONS, SCORE_PENALTY, type Finding, type InputKey, type Severity } from '../types';

export function finding(
  id: string,
  key: FindingKind,
  severity: Severity,
  section: InputKey,
  values: Record<string, string | number> = {},
  grading: Grading | null = null,
): Finding {
  const { score } = kindSpec(key);
  const scored = typeof score === 'object' && (severity === 'fail' || severity === 'warn');
  return {
    id,
    key,
    severity,
    section,
    grading,
    values,
    effect: scored ? 'score' : score === 'context' ? 'context' : 'confidence',
    penalty: scored ? Math.min(SCORE_PENALTY[severity as 'fail' | 'warn'], score.cap ?? Infinity) : 0,
    group: typeof score === 'object' ? score.group : 'none',
  };
}

export const notPass = (grading: Grading | undefined): grading is Grading & { grade: 'warn' | 'fail' } =>
  grading?.grade === 'warn' || grading?.grade === 'fail';

export const formatValue = (grading: Grading) =>
  typeof grading.value === 'number'
    ? `${grading.value}${grading.unit ? ` ${grading.unit}` : ''}`
    : String(grading.value);

/** A section that failed upstream: the MAC unknown, a timeout, or another failure of that section. */
export function sectionFailure(key: InputKey, code: string): Finding {
  if (key === 'customer' && code === 'mac_not_found')
    return finding('section-customer', 'macNotFound', 'unknown', 'customer', { code });
  if (code === 'upstream_timeout')
    return finding(`section-${key}`, 'sectionTimeout', 'unknown', key, { code, section: key });
  return finding(`section-${key}`, `sectionFailed.${INPUT_SECTIONS[key]}`, 'unknown', key, { code });
}
