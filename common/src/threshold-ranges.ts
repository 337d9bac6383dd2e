/**
 * The checks between the rules of a threshold list (docs/requirements.md, "Thresholds"): two rules of the
 * same definition, technology and variant may not overlap (closed ranges may touch) nor name the same
 * alpha value. A rule's own checks are in its schema (threshold.ts); these need the other rules.
 */
import type { RuleFields } from './threshold';
import type { ValidationMessage } from './validators';

type RangeRule = Pick<
  RuleFields,
  'tdId' | 'definitionName' | 'technology' | 'variantName' | 'rangeMin' | 'rangeMax' | 'alphaValue'
>;

/** True when two closed ranges share more than a bound (an open side reaches to infinity). */
export function rangesOverlap(
  a: { rangeMin: number | null; rangeMax: number | null },
  b: { rangeMin: number | null; rangeMax: number | null },
): boolean {
  const lowA = a.rangeMin ?? -Infinity;
  const highA = a.rangeMax ?? Infinity;
  const lowB = b.rangeMin ?? -Infinity;
  const highB = b.rangeMax ?? Infinity;
  return lowA < highB && lowB < highA;
}

/**
 * 'rangeOverlap' when the rule's range overlaps another rule's of the same definition, technology and
 * variant; 'duplicate' when another such rule has the same alpha value. The rule's own id is skipped
 * (an edit, or a save that updates an existing id).
 */
export function ruleConflict(
  rule: RangeRule,
  others: readonly RangeRule[],
): { message: ValidationMessage; with: string } | null {
  for (const other of others) {
    if (other.tdId === rule.tdId) continue;
    if (
      other.definitionName !== rule.definitionName ||
      other.technology !== rule.technology ||
      (other.variantName ?? null) !== (rule.variantName ?? null)
    )
      continue;
    if (rule.alphaValue !== null) {
      if (other.alphaValue !== null && other.alphaValue.toLowerCase() === rule.alphaValue.toLowerCase())
        return { message: { key: 'duplicate' }, with: other.tdId };
    } else if (other.alphaValue === null && rangesOverlap(rule, other)) {
      return { message: { key: 'rangeOverlap' }, with: other.tdId };
    }
  }
  return null;
}
