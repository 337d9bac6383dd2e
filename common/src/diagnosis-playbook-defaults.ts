/**
 * The playbook's keys and its default texts, read off the registry of finding kinds
 * (`diagnosis/registry.ts`), and how the view fills them in (docs/requirements.md, "Diagnosis"): no
 * schema library, so that the 360 view's first chunk carries none. The schemas of what engineering writes
 * are in diagnosis-playbook.ts, which re-exports this module.
 */
import { FINDING_KIND_LIST, kindSpec, type FindingKind } from './diagnosis/registry';
import type { Playbook, PlaybookEntry } from './diagnosis/kind-spec';

export { PLAYBOOK_ACTIONS, PLAYBOOK_TABS } from './diagnosis/kind-spec';
export type { Playbook, PlaybookAction, PlaybookEntry, PlaybookTab } from './diagnosis/kind-spec';

/**
 * Every key the diagnosis looks up: the finding kinds. Graded measurements: `<parameter>.<result>`; the
 * rest: the finding kind, or `<kind>.<section>` for a section that failed upstream.
 */
export const PLAYBOOK_KEYS = FINDING_KIND_LIST as unknown as readonly [FindingKind, ...FindingKind[]];
export type PlaybookKey = FindingKind;

/** The seeded playbook (scripts/lib/playbook-seed.ts writes it; the API falls back to it). */
export const DEFAULT_PLAYBOOK: readonly PlaybookEntry[] = FINDING_KIND_LIST.map((key) => {
  const { tab, action, en, fr } = kindSpec(key).playbook;
  return {
    key,
    titleEn: en[0],
    titleFr: fr[0],
    causeEn: en[1],
    causeFr: fr[1],
    stepEn: en[2],
    stepFr: fr[2],
    action,
    tab,
  };
});

/** The defaults by key. */
export const DEFAULT_PLAYBOOK_BY_KEY: Playbook = Object.fromEntries(
  DEFAULT_PLAYBOOK.map((item) => [item.key, item]),
);

/**
 * The playbook the diagnosis uses: the stored entries over the defaults (a key engineering has not
 * written keeps its default text). An empty collection: the defaults.
 */
export function mergePlaybook(stored: readonly PlaybookEntry[]): Playbook {
  return { ...DEFAULT_PLAYBOOK_BY_KEY, ...Object.fromEntries(stored.map((item) => [item.key, item])) };
}

/** Fills {name} placeholders from a finding's values (unknown names stay as written). */
export function fillPlaybookText(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
