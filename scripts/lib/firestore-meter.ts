/**
 * Counts the Firestore operations of this process by collection, as Firestore bills them: a document read
 * for every document asked for by reference (found or not) and for every document a query returns, one for a
 * query that returns none, one for a count; a write for every document a batch or a transaction commits (a create, a set, an
 * update or a delete). It wraps three internal classes of the Firestore client that every read and write of
 * the Admin SDK goes through (the documents reader, the query runner, the write batch), so the adapters are
 * measured unchanged. Reads of listeners (onSnapshot) are not counted: the API has none on a view's path.
 */
import { createRequire } from 'node:module';

export interface FirestoreCounts {
  reads: Record<string, number>;
  writes: Record<string, number>;
}

interface DocumentRef {
  path: string;
}
type Patched = Record<string, (...args: never[]) => Promise<unknown>>;

/** The collection a document path is in (its parent collection's id, for a subcollection too). */
export const collectionOf = (documentPath: string) => documentPath.split('/').slice(-2)[0] ?? documentPath;

let counts: FirestoreCounts = { reads: {}, writes: {} };
/** Operations started and not yet settled: the API's work after an answer has left is done when it is 0. */
let inFlight = 0;
const tracked = async <T>(work: () => Promise<T>): Promise<T> => {
  inFlight++;
  try {
    return await work();
  } finally {
    inFlight--;
  }
};
const add = (into: Record<string, number>, collection: string, n = 1) => {
  into[collection] = (into[collection] ?? 0) + n;
};

/**
 * Starts counting (once per process); `take()` returns the counts since the last take and starts anew,
 * `inFlight()` the operations not yet settled.
 */
export function meterFirestore(): { take: () => FirestoreCounts; inFlight: () => number } {
  // The Firestore client the Admin SDK loads, not another copy.
  const load = createRequire(createRequire(import.meta.url).resolve('firebase-admin/firestore'));
  const internals = (name: string) => load(`@google-cloud/firestore/build/src/${name}`) as Record<string, { prototype: Patched }>;
  const reader = internals('document-reader').DocumentReader!.prototype;
  const queries = internals('reference/query-util').QueryUtil!.prototype;
  const batch = internals('write-batch').WriteBatch!.prototype;
  const aggregate = internals('reference/aggregate-query').AggregateQuery!.prototype;
  if (!(reader._get as { metered?: true }).metered) {
    const readDocuments = reader._get!;
    reader._get = Object.assign(
      async function (this: { allDocuments: DocumentRef[] }, ...args: never[]) {
        for (const ref of this.allDocuments) add(counts.reads, collectionOf(ref.path));
        return tracked(() => readDocuments.apply(this, args));
      },
      { metered: true as const },
    );
    const runQuery = queries._getResponse!;
    queries._getResponse = async function (this: unknown, ...args: never[]) {
      const query = args[0] as unknown as { _queryOptions: { collectionId: string } };
      const response = (await tracked(() => runQuery.apply(this, args))) as { result?: { size: number } };
      add(counts.reads, query._queryOptions.collectionId, Math.max(1, response.result?.size ?? 0));
      return response;
    };
    // An aggregation (a count) is billed one read per 1,000 index entries: one for the lists counted here.
    const runAggregate = aggregate.get!;
    aggregate.get = async function (this: { _query: { _queryOptions: { collectionId: string } } }, ...args: never[]) {
      add(counts.reads, this._query._queryOptions.collectionId);
      return tracked(() => runAggregate.apply(this, args));
    };
    const commit = batch._commit!;
    batch._commit = async function (this: { _ops: Array<{ docPath: string }> }, ...args: never[]) {
      for (const op of this._ops) add(counts.writes, collectionOf(op.docPath));
      return tracked(() => commit.apply(this, args));
    };
  }
  return {
    inFlight: () => inFlight,
    take() {
      const taken = counts;
      counts = { reads: {}, writes: {} };
      return taken;
    },
  };
}
