/**
 * The shape of a finding kind's entry in the registry (registry.ts), and of its playbook entry: below both
 * the registry and the playbook's schemas, so that neither imports the other.
 */
import type { InputKey, ScoreGroup } from './types';

/** The operations a finding may offer (the 360 view's own operation components). */
export const PLAYBOOK_ACTIONS = [
  'reset',
  'regenerateBc',
  'sendBcSms',
  'mwiReset',
  'voicemailPasswordReset',
] as const;
export type PlaybookAction = (typeof PLAYBOOK_ACTIONS)[number];

/** The 360 tabs a finding links to. */
export const PLAYBOOK_TABS = ['overview', 'internet', 'wan', 'lan', 'voice', 'bc', 'account'] as const;
export type PlaybookTab = (typeof PLAYBOOK_TABS)[number];

/** A playbook entry as the API serves it: the texts of both languages, the action and the tab. */
export interface PlaybookEntry {
  key: string;
  titleEn: string;
  titleFr: string;
  causeEn: string;
  causeFr: string;
  stepEn: string;
  stepFr: string;
  action: PlaybookAction | null;
  tab: PlaybookTab;
}
export type Playbook = Readonly<Record<string, PlaybookEntry>>;

/** A finding's words in one language: what it is, its likely cause, the agent's next step. */
export type KindTexts = readonly [title: string, cause: string, step: string];

/**
 * What a finding does to the score: points off in a group (`cap`: at most this many, whatever the
 * severity), `confidence` (a record or a section not checked), or `context` (it locates another finding).
 */
export type KindScore = { group: Exclude<ScoreGroup, 'none'>; cap?: number } | 'confidence' | 'context';

/** One finding kind: everything the diagnosis and the view need of it but its rule. */
export interface KindSpec<Kind extends string = string> {
  /** The section its rule reads (null: any section, such as a section that timed out). */
  section: InputKey | null;
  /** Where it ranks among findings of one severity: lower first (the likelier root cause first). */
  rank: number;
  score: KindScore;
  /**
   * A root cause: the kinds it explains (folded under it, taking nothing more from the score) and the
   * actions it holds on every finding of the device (none of them can help while it lasts).
   */
  root?: { explains: readonly Kind[]; holds: readonly PlaybookAction[] };
  /** The default playbook entry: tab, action and texts in both languages. */
  playbook: { tab: PlaybookTab; action: PlaybookAction | null; en: KindTexts; fr: KindTexts };
}
