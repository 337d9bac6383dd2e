/**
 * The diagnosis playbook the API serves: engineering's entries (Firestore `diagnosis_playbook`) over the
 * seeded defaults, read with the same short cache as the threshold rules (domain/cache/cached-source.ts): an
 * edit applies within `maxAgeMs`, a failed read keeps the last good playbook, and an empty or unreadable
 * collection means the defaults, so the findings keep their texts.
 */
import {
  DEFAULT_PLAYBOOK,
  mergePlaybook,
  type Playbook,
  type PlaybookEntry,
} from '@insight/common/diagnosis-playbook';
import { cachedSource, staticSource, type CacheOptions, type Source } from '../cache/cached-source';

export type PlaybookSource = Source<Playbook>;

/** The seeded defaults (tests, benches, an app built without Firestore). */
export const staticPlaybook = (entries: readonly PlaybookEntry[] = DEFAULT_PLAYBOOK): PlaybookSource =>
  staticSource(mergePlaybook(entries));

/** `load` answers the stored entries (possibly none). */
export const cachedPlaybook = (
  load: () => Promise<readonly PlaybookEntry[]>,
  options: CacheOptions,
): PlaybookSource =>
  cachedSource(
    () => load().then((entries) => mergePlaybook(entries)),
    options,
    () => mergePlaybook([]),
  );
