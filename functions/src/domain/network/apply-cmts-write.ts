import { countChanges } from '@insight/common/network';
import type { Logger } from '../../lib/logger';
import {
  sameRef,
  type CmtsReferences,
  type CountChange,
  type DependencyCountStore,
} from './dependency-counts';

export interface CmtsWrite {
  /** The delivery's event id: a second delivery of the same event changes nothing. */
  eventId: string;
  /** The CMTS document path, for the log. */
  document: string;
  before: CmtsReferences | null;
  after: CmtsReferences | null;
  /** The count changes, when the write is not a CMTS row's (the staging lists' parents). */
  changes?: CountChange[];
}

export interface CmtsWriteResult {
  status: 'unchanged' | 'applied' | 'duplicate';
  applied: CountChange[];
  /** Changes left out because the head end or marketing area does not exist (no ghost document is made). */
  missing: CountChange[];
}

/** A target can vanish between the existence check and the write; past this many tries the event is retried. */
const ATTEMPTS = 3;

/**
 * Applies a CMTS create, move or delete to the counts of the head ends and marketing areas it references,
 * once per event: the ledger entry and the increments are one atomic write, so there is no read and no
 * transaction to contend on when many rows change at once.
 */
export async function applyCmtsWrite(
  store: DependencyCountStore,
  logger: Logger,
  write: CmtsWrite,
): Promise<CmtsWriteResult> {
  const changes = write.changes ?? countChanges(write.before, write.after);
  if (changes.length === 0) return { status: 'unchanged', applied: [], missing: [] };

  let targets = changes;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const outcome = await store.applyOnce(write.eventId, targets);
    if (outcome === 'duplicate') return { status: 'duplicate', applied: [], missing: [] };
    if (outcome === 'applied') {
      const missing = changes.filter((change) => !targets.includes(change));
      if (missing.length > 0) {
        logger.warn('CMTS row references documents that do not exist; their counts were left alone', {
          eventId: write.eventId,
          document: write.document,
          missing,
        });
      }
      return { status: 'applied', applied: targets, missing };
    }
    const existing = await store.existing(targets);
    targets = targets.filter((change) => existing.some((ref) => sameRef(ref, change)));
  }
  throw new Error(
    `Counts of ${write.document} not applied: targets kept disappearing (event ${write.eventId})`,
  );
}
