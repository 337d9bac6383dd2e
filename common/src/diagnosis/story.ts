/**
 * One cause, one story: what the view and the ticket note show of a diagnosis. A root cause comes with its
 * next step and, folded under it, the findings it explains (titles only: their own steps would contradict
 * it); a finding the cause does not explain keeps its step, but an action the cause holds (a reset while the
 * port is out) is not offered, and its step waits until the cause is over. Pure, so that the findings list,
 * the ticket note and the tests over the catalogue read the same story (docs/diagnosis.md, "Root causes").
 */
import type { PlaybookAction } from './kind-spec';
import { heldActions, isRootCause, type RootCause } from './registry';
import type { Finding } from './types';

/** A finding's words in the page's language. */
export interface FindingWords {
  title: string;
  cause: string;
  step: string;
}

export interface StoryItem {
  finding: Finding;
  words: FindingWords;
  /** When its step is to be taken: now, or once the root cause that holds its action is over. */
  stepWhen: 'now' | 'later';
  /** The action offered (null: none, or held). */
  action: PlaybookAction | null;
  /** The root cause that holds this finding's action, when it does. */
  heldBy: RootCause | null;
  /** This finding is a root cause that holds actions on the device: the view says why there is no reset. */
  holds: RootCause | null;
  /** The findings this one explains (a root cause), folded under it. */
  consequences: Array<{ finding: Finding; title: string }>;
}

/**
 * The story of the findings, in their rank: every finding that no root cause explains, each root cause with
 * its consequences. `words` and `actionOf` read the playbook (the stored entries over the defaults).
 */
export function storyOf(
  findings: readonly Finding[],
  words: (finding: Finding) => FindingWords,
  actionOf: (finding: Finding) => PlaybookAction | null,
): StoryItem[] {
  return findings
    .filter((finding) => !finding.explainedBy)
    .map((finding) => {
      const action = actionOf(finding);
      const held =
        action !== null && finding.actionHeldBy && heldActions(finding.actionHeldBy).includes(action)
          ? finding.actionHeldBy
          : null;
      return {
        finding,
        words: words(finding),
        stepWhen: held ? 'later' : 'now',
        action: held ? null : action,
        heldBy: held,
        holds: isRootCause(finding.key) && heldActions(finding.key).length > 0 ? finding.key : null,
        consequences: findings
          .filter((item) => item.explainedBy === finding.key)
          .map((item) => ({ finding: item, title: words(item).title })),
      };
    });
}
