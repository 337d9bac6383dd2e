import { FieldValue, Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { CMTS_REFERENCES, COUNT_FIELD, NETWORK_COLLECTIONS } from '@insight/common/network';
import type {
  CountFix,
  CountRef,
  CountSnapshot,
  DependencyCountStore,
} from '../../domain/network/dependency-counts';
import { grpcCode, GRPC } from './grpc-status';

/** `trigger_events/{eventId}`: the ledger of events applied (server-only; a TTL policy on expireAt empties it). */
export const TRIGGER_EVENTS = 'trigger_events';
/** Redeliveries come within minutes; a week leaves room for a trigger retried for days. */
export const LEDGER_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const storedCount = (doc: DocumentSnapshot): number | null => {
  const value: unknown = doc.get(COUNT_FIELD);
  return typeof value === 'number' ? value : null;
};

export function firestoreDependencyCounts(
  db: () => Firestore,
  options: { trigger?: string; now?: () => number; countField?: string } = {},
): DependencyCountStore {
  const now = options.now ?? Date.now;
  const countField = options.countField ?? COUNT_FIELD;
  const ref = ({ collection, id }: CountRef) => db().collection(collection).doc(id);
  return {
    async applyOnce(eventId, changes) {
      const batch = db().batch();
      batch.create(db().collection(TRIGGER_EVENTS).doc(eventId), {
        trigger: options.trigger ?? 'cmtsDependencyCounts',
        changes,
        at: FieldValue.serverTimestamp(),
        expireAt: Timestamp.fromMillis(now() + LEDGER_TTL_MS),
      });
      // Always in the same order (by path): two batches moving rows in opposite directions between the
      // same head ends must not wait on each other's locks (the emulator locks documents in write order).
      const ordered = [...changes].sort((a, b) =>
        `${a.collection}/${a.id}`.localeCompare(`${b.collection}/${b.id}`),
      );
      for (const change of ordered) {
        batch.update(ref(change), { [countField]: FieldValue.increment(change.delta) });
      }
      try {
        await batch.commit();
        return 'applied';
      } catch (error) {
        if (grpcCode(error) === GRPC.ALREADY_EXISTS) return 'duplicate';
        if (grpcCode(error) === GRPC.NOT_FOUND) return 'missing';
        throw error;
      }
    },

    async existing(refs) {
      if (refs.length === 0) return [];
      const docs = await db().getAll(...refs.map(ref));
      return refs.filter((_, index) => docs[index]!.exists);
    },

    async snapshot() {
      const areas = CMTS_REFERENCES.map(({ collection }) => collection);
      return db().runTransaction(
        async (tx) => {
          const [rows, ...areaDocs] = await Promise.all([
            tx.get(
              db()
                .collection(NETWORK_COLLECTIONS.cmts)
                .select(...CMTS_REFERENCES.map(({ field }) => field)),
            ),
            ...areas.map((collection) => tx.get(db().collection(collection).select(COUNT_FIELD))),
          ]);
          const counts: CountSnapshot['counts'] = areaDocs.flatMap((snapshot, index) =>
            snapshot.docs.map((doc) => ({ collection: areas[index]!, id: doc.id, count: storedCount(doc) })),
          );
          return { rows: rows.docs.map((doc) => doc.data()), counts };
        },
        { readOnly: true },
      );
    },

    async repair(fixes) {
      const repaired: CountFix[] = [];
      // A few hundred head ends and areas at most; 400 per transaction keeps well inside Firestore's limits.
      for (let start = 0; start < fixes.length; start += 400) {
        const chunk = fixes.slice(start, start + 400);
        const made = await db().runTransaction(async (tx) => {
          const docs = await tx.getAll(...chunk.map(ref));
          const due = chunk.filter(
            (fix, index) => docs[index]!.exists && (storedCount(docs[index]!) ?? 0) === fix.was,
          );
          for (const fix of due) tx.update(ref(fix), { [COUNT_FIELD]: fix.now });
          return due;
        });
        repaired.push(...made);
      }
      return repaired;
    },
  };
}
