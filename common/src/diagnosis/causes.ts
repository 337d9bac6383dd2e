/**
 * Root causes and their consequences (docs/diagnosis.md, "Root causes"): when a root cause holds (the port's
 * outage, no power at the home, the OLT holding the ONU down, a dark drop), the findings it explains are
 * folded under it and take nothing more from the score, and every finding of the device carries the cause
 * that holds its actions (no reset while the port is out).
 */
import { isRootCause, kindSpec, type RootCause } from './registry';
import type { Finding } from './types';

/** The root cause that holds among the findings: the first in rank (the neighbourhood gives one at most). */
export function rootCauseOf(findings: readonly Finding[]): (Finding & { key: RootCause }) | null {
  const roots = findings.filter((item): item is Finding & { key: RootCause } => isRootCause(item.key));
  return roots.sort((a, b) => kindSpec(a.key).rank - kindSpec(b.key).rank)[0] ?? null;
}

/** The findings with the root cause's consequences folded under it and its held actions marked. */
export function foldConsequences(findings: readonly Finding[]): Finding[] {
  const root = rootCauseOf(findings);
  if (!root) return [...findings];
  const explains: readonly string[] = kindSpec(root.key).root?.explains ?? [];
  return findings.map((item) => {
    if (item === root) return item;
    const folded: Finding = { ...item, actionHeldBy: root.key };
    if (!explains.includes(item.key)) return folded;
    return { ...folded, explainedBy: root.key, effect: 'consequence', penalty: 0 };
  });
}

/** The findings a root cause explains, in rank order. */
export const consequencesOf = (root: Finding, findings: readonly Finding[]): Finding[] =>
  findings.filter((item) => item.explainedBy === root.key);
