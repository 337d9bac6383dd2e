/** How findings rank, the experience score and what set it, and the confidence beside it. */
import { kindSpec } from './registry';
import type { Confidence, ConfidenceGap, Finding, ScoreGroup, Severity } from './types';

/**
 * How findings rank: what the agent must know to read the rest first (an unknown MAC, sections that
 * could not be read), then fails, then warns; within a severity, by the registry's rank (the likelier root
 * cause first: no light on the fibre explains an ONU that is not ranged, which explains a line down).
 */
const SEVERITY_RANK: Record<Severity, number> = { unknown: 0, fail: 1, warn: 2, info: 3 };

/** Ranks findings: unknown (what could not be read), fail, warn; within a severity, by rank, then id. */
export function rankFindings(findings: readonly Finding[]): Finding[] {
  // The line delivers the plan at the gateway: the slowness is in the home, so the Wi-Fi findings lead,
  // then that finding itself (docs/device-tests.md).
  const home = findings.some((item) => item.key === 'lineDeliversPlan');
  const lead = (item: Finding) =>
    item.key === 'macNotFound'
      ? 0
      : home && item.group === 'wifi'
        ? 1
        : home && item.key === 'lineDeliversPlan'
          ? 2
          : 3;
  return [...findings].sort(
    (a, b) =>
      lead(a) - lead(b) ||
      SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
      kindSpec(a.key).rank - kindSpec(b.key).rank ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/**
 * The score, 1–5, of what the customer feels: 5 less, per group (the link, provisioning, firmware, Wi-Fi,
 * voice), the penalty of its worst finding — 3 for a fail, 1 for a warn — never below 1. Records and sections
 * not checked take nothing (they lower the confidence), nor do a root cause's consequences (the cause
 * counts once). Null when the MAC is unknown or no device section answered.
 */
export function experienceScore(findings: readonly Finding[], answered: number): number | null {
  if (findings.some((item) => item.key === 'macNotFound') || answered === 0) return null;
  const worst = new Map<ScoreGroup, number>();
  for (const item of findings)
    if (item.effect === 'score') worst.set(item.group, Math.max(worst.get(item.group) ?? 0, item.penalty));
  const points = [...worst.values()].reduce((sum, value) => sum + value, 0);
  return Math.max(1, 5 - points);
}

/** The finding that set the score: the first, in rank, of those that took the most points; null for none. */
export function scoreSetter(ranked: readonly Finding[]): Finding | null {
  let setter: Finding | null = null;
  for (const item of ranked)
    if (item.effect === 'score' && item.penalty > (setter?.penalty ?? 0)) setter = item;
  return setter;
}

/** The sections not checked and the records not current, and how far they weaken the score. */
export function confidenceOf(findings: readonly Finding[]): Confidence {
  const gaps: ConfidenceGap[] = [];
  for (const item of findings) {
    if (item.key === 'macNotFound') continue;
    if (item.severity === 'unknown') gaps.push({ kind: 'unchecked', section: item.section });
    else if (item.effect === 'confidence')
      gaps.push({ kind: 'record', key: item.key, section: item.section });
  }
  const unchecked = gaps.filter((gap) => gap.kind === 'unchecked');
  const level =
    unchecked.some((gap) => gap.section === 'wan') || unchecked.length >= 2
      ? 'low'
      : gaps.length > 0
        ? 'medium'
        : 'high';
  return { level, gaps };
}
