/**
 * The diagnosis playbook the API serves: engineering's entries (Firestore `diagnosis_playbook`) over the
 * seeded defaults, read with a short cache like the threshold rules (grading/threshold-source.ts): views
 * never wait for a read while the cache is young, an edit applies within `maxAgeMs`, a failed read keeps
 * the last good playbook, and an empty collection means the defaults.
 */
import {
  DEFAULT_PLAYBOOK,
  mergePlaybook,
  type Playbook,
  type PlaybookEntry,
} from '@insight/common/diagnosis-playbook';

export interface PlaybookSource {
  current(): Promise<Playbook>;
}

/** The seeded defaults (tests, benches, an app built without Firestore). */
export function staticPlaybook(entries: readonly PlaybookEntry[] = DEFAULT_PLAYBOOK): PlaybookSource {
  const answer = Promise.resolve(mergePlaybook(entries));
  return { current: () => answer };
}

export interface PlaybookCacheOptions {
  maxAgeMs: number;
  refreshAfterMs: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/** `load` answers the stored entries (possibly none). */
export function cachedPlaybook(
  load: () => Promise<readonly PlaybookEntry[]>,
  { maxAgeMs, refreshAfterMs, now = Date.now, onError = () => undefined }: PlaybookCacheOptions,
): PlaybookSource {
  let playbook: Playbook | null = null;
  let readAt = -Infinity;
  let reading: Promise<Playbook> | null = null;
  const read = () => {
    reading ??= load()
      .then((entries) => {
        playbook = mergePlaybook(entries);
        readAt = now();
        return playbook;
      })
      .catch((error: unknown) => {
        onError(error);
        // Never read yet and unreadable: the defaults, so the findings keep their texts.
        return playbook ?? mergePlaybook([]);
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  return {
    current() {
      const age = now() - readAt;
      if (playbook && age < refreshAfterMs) return Promise.resolve(playbook);
      if (playbook && age < maxAgeMs) {
        void read();
        return Promise.resolve(playbook);
      }
      return read();
    },
  };
}
