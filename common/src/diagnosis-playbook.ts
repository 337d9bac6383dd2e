/**
 * The diagnosis playbook: for each kind of finding (and, for graded measurements, each definition and
 * result), what it means in plain words, the most likely cause and the agent's next step, in English and
 * French. Engineering keeps it in Firestore (`diagnosis_playbook/{key}`, written through the admin API
 * like the other admin lists); the API reads it with a short cache and falls back to these defaults
 * while the collection is empty (README, "Diagnosis").
 *
 * Texts may name values of the finding in braces: {value}, {count}, {total}, {ports}, {section},
 * {status}, {current}, {latest}, {hours}, {code}, {steps}, {olt}, {port}, {affected}.
 */
import { z } from 'zod';
import {
  PLAYBOOK_ACTIONS,
  PLAYBOOK_KEYS,
  PLAYBOOK_TABS,
  type PlaybookEntry,
} from './diagnosis-playbook-defaults';
import { encodeMessage, maxLength, required, storedTime, validatedText } from './validators';

export * from './diagnosis-playbook-defaults';

export const PLAYBOOK_LIMITS = { key: 60, title: 160, text: 600 } as const;

const title = validatedText(required, maxLength(PLAYBOOK_LIMITS.title));
const text = validatedText(required, maxLength(PLAYBOOK_LIMITS.text));

/** What engineering writes (the admin form's and the API's shape); the document id is the key. */
export const playbookFieldsSchema = z
  .object({
    key: z.enum(PLAYBOOK_KEYS, { error: encodeMessage({ key: 'required' }) }),
    titleEn: title,
    titleFr: title,
    causeEn: text,
    causeFr: text,
    stepEn: text,
    stepFr: text,
    action: z
      .union([z.enum(PLAYBOOK_ACTIONS), z.literal(''), z.null(), z.undefined()])
      .transform((value) => (value ? value : null)),
    tab: z.enum(PLAYBOOK_TABS, { error: encodeMessage({ key: 'required' }) }),
  })
  .strict();
export type PlaybookFields = z.output<typeof playbookFieldsSchema>;

/** As stored: lenient (an entry with an unknown action or tab still reads, without them). */
export const playbookDocumentSchema = z.object({
  key: z.string(),
  titleEn: z.string(),
  titleFr: z.string(),
  causeEn: z.string(),
  causeFr: z.string(),
  stepEn: z.string(),
  stepFr: z.string(),
  action: z.enum(PLAYBOOK_ACTIONS).nullable().catch(null).default(null),
  tab: z.enum(PLAYBOOK_TABS).catch('overview'),
  updatedAt: storedTime,
  updatedBy: z.string().nullable().default(null),
});
export type PlaybookDocument = z.output<typeof playbookDocumentSchema>;

/** A stored document is an entry as the API serves it (the type lives below both, in diagnosis/kind-spec.ts). */
const storedIsEntry: PlaybookDocument extends PlaybookEntry ? true : never = true;
void storedIsEntry;

/** Where the diagnosis keeps its data in Firestore. */
export const DIAGNOSIS_COLLECTIONS = {
  /** Engineering's playbook entries, by key (an admin list: read by adminRead, written through the API). */
  playbook: 'diagnosis_playbook',
  /** Per device (document id: the MAC): the last look's score; `looks/{minute}` below it. Server only. */
  snapshots: 'device_snapshots',
  looks: 'looks',
} as const;
