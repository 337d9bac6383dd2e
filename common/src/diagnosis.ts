/**
 * Diagnosis of a 360 view: the findings (what is wrong, how bad, the value and the rule that decided,
 * the playbook's cause and next step), root causes over the findings they explain, one experience score 1–5
 * of what the customer feels with the finding that set it and the confidence beside it, each section's
 * verdict for the summary strip, and the compact snapshot of the graded measurements kept per look
 * (docs/diagnosis.md). Pure: the API runs it on a complete view (the score it stores and serves) and the
 * web app runs the same function on the sections it has, so the list fills in as sections arrive and never
 * waits for the slowest one.
 *
 * The parts live in `diagnosis/`: the types, the registry of finding kinds (`registry.ts` and `kinds/`),
 * one rule module per section (`rules/`), root causes (`causes.ts`), the score, the verdicts and the
 * snapshot. This module is their public face.
 */
export * from './diagnosis/types';
export {
  FINDING_KINDS,
  FINDING_KIND_LIST,
  ROOT_CAUSES,
  heldActions,
  isRootCause,
  kindSpec,
  type FindingKind,
  type RootCause,
} from './diagnosis/registry';
export type { KindSpec, KindTexts, PlaybookAction, PlaybookTab } from './diagnosis/kind-spec';
export { LINK_CONSEQUENCES } from './diagnosis/kinds/neighbourhood';
export { WEAK_CLIENT_SHARE, PLACEMENT_MIN_CLIENTS } from './diagnosis/rules/lan';
export { OUTAGE_SHARE, PARTIAL_MIN } from './diagnosis/rules/neighbourhood';
export { consequencesOf, foldConsequences, rootCauseOf } from './diagnosis/causes';
export { confidenceOf, experienceScore, rankFindings, scoreSetter } from './diagnosis/score';
export { diagnose } from './diagnosis/diagnose';
export { sectionVerdicts, type SectionVerdict } from './diagnosis/verdicts';
export { storyOf, type FindingWords, type StoryItem } from './diagnosis/story';
export * from './diagnosis/snapshot';

import { ROOT_CAUSES, type RootCause } from './diagnosis/registry';
/** The causes that no action on the device itself can fix: the root causes (each holds the reset). */
export const ACTION_HOLDING_CAUSES: readonly RootCause[] = ROOT_CAUSES;
export type ActionHoldingCause = RootCause;
