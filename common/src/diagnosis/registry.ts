/**
 * The registry of finding kinds: for each kind, its section, its rank, what it does to the score, the kinds
 * it explains as a root cause and the actions it holds, and its default playbook entry in both languages.
 * One entry per kind: a rule that makes a kind the registry lacks does not compile, and nor does an entry
 * without its texts in English and French (docs/diagnosis.md, "Adding a finding kind").
 */
import type { KindSpec, PlaybookAction } from './kind-spec';
import { CERTIFICATE_KINDS } from './kinds/certificate';
import { HISTORY_KINDS } from './kinds/history';
import { LAN_KINDS } from './kinds/lan';
import { NEIGHBOURHOOD_KINDS } from './kinds/neighbourhood';
import { SECTION_KINDS } from './kinds/sections';
import { TEST_KINDS } from './kinds/tests';
import { VOICE_KINDS } from './kinds/voice';
import { WAN_KINDS } from './kinds/wan';

export const FINDING_KINDS = {
  ...WAN_KINDS,
  ...LAN_KINDS,
  ...VOICE_KINDS,
  ...CERTIFICATE_KINDS,
  ...SECTION_KINDS,
  ...NEIGHBOURHOOD_KINDS,
  ...HISTORY_KINDS,
  ...TEST_KINDS,
} as const satisfies Record<string, KindSpec>;

/** Every kind of finding the diagnosis makes: the playbook's keys. */
export type FindingKind = keyof typeof FINDING_KINDS;

/** The kinds that are root causes: they explain others and hold actions. */
export type RootCause = {
  [K in FindingKind]: (typeof FINDING_KINDS)[K] extends { root: object } ? K : never;
}[FindingKind];

/** What a root cause explains must be kinds of the registry (checked by the compiler). */
type Explained = {
  [K in FindingKind]: (typeof FINDING_KINDS)[K] extends { root: { explains: readonly (infer E)[] } }
    ? E
    : never;
}[FindingKind];
const explainedAreKinds: [Explained] extends [FindingKind] ? true : never = true;
void explainedAreKinds;

/** The registry's entry of a kind, widened to the common shape. */
export const kindSpec = (kind: FindingKind): KindSpec<FindingKind> => FINDING_KINDS[kind];

/** The kinds in the registry's order. */
export const FINDING_KIND_LIST = Object.keys(FINDING_KINDS) as FindingKind[];

/** The root causes, in rank order. */
export const ROOT_CAUSES = FINDING_KIND_LIST.filter((kind) => kindSpec(kind).root).sort(
  (a, b) => kindSpec(a).rank - kindSpec(b).rank,
) as RootCause[];

export const isRootCause = (kind: FindingKind): kind is RootCause => kindSpec(kind).root !== undefined;

/** The actions a root cause holds (none for a kind that is not one). */
export const heldActions = (kind: FindingKind): readonly PlaybookAction[] => kindSpec(kind).root?.holds ?? [];
