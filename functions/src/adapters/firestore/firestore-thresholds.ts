import type { Firestore, Timestamp } from 'firebase-admin/firestore';
import type { z } from 'zod';
import {
  definitionDocumentSchema,
  ruleDocumentSchema,
  THRESHOLD_COLLECTIONS,
  variantDocumentSchema,
} from '@insight/common/threshold';
import { type ThresholdSet } from '@insight/common/threshold-grading';
import { seedThresholdSet } from '@insight/common/threshold-seed';
import type { Logger } from '../../lib/logger';

/**
 * How long a set is answered without reading it whole although no change was seen: a bound for a write
 * that would not stamp `updateDate` (every write path does: admin saves, imports, the seed, the migrations).
 */
export const THRESHOLD_FULL_READ_MS = 60_000;

/**
 * Reads the threshold manager's three lists. A record the schema refuses is left out (and logged), so
 * one bad record never stops the grading of every view. Until the lists hold a definition (a project
 * that was never seeded), the built-in defaults grade.
 *
 * An instance asks for the set about once a second while it serves views (THRESHOLD_CACHE). Each time, it
 * first reads what tells whether a list changed: its count (an aggregation, one read per 1,000 records)
 * and its last `updateDate` (one record): six reads. The lists themselves (about 90 records) are read only
 * when one of those moved, or THRESHOLD_FULL_READ_MS after the last whole read (docs/performance.md,
 * "What a view costs"). A change made while the lists are read is seen at the next check: the marks are
 * read before the lists.
 */
export function firestoreThresholdLoader(
  db: () => Firestore,
  logger: Logger,
  now: () => number = Date.now,
): () => Promise<ThresholdSet> {
  async function read<S extends z.ZodType>(path: string, schema: S): Promise<Array<z.output<S>>> {
    const snapshot = await db().collection(path).get();
    const rows: Array<z.output<S>> = [];
    for (const document of snapshot.docs) {
      const parsed = schema.safeParse({ tdId: document.id, ...document.data() });
      if (parsed.success) rows.push(parsed.data);
      else logger.warn('threshold record left out', { path, id: document.id });
    }
    return rows;
  }
  /** A list's count, and the id and time of its last change. */
  async function mark(path: string): Promise<string> {
    const list = db().collection(path);
    const [count, last] = await Promise.all([
      list.count().get(),
      list.orderBy('updateDate', 'desc').limit(1).get(),
    ]);
    const latest = last.docs[0];
    const at = latest?.get('updateDate') as Timestamp | null | undefined;
    return `${count.data().count}/${latest?.id ?? ''}/${at?.toMillis() ?? ''}`;
  }
  let last: { marks: string; set: ThresholdSet; at: number } | null = null;
  return async () => {
    const marks = (await Promise.all(Object.values(THRESHOLD_COLLECTIONS).map(mark))).join(' ');
    if (last && last.marks === marks && now() - last.at < THRESHOLD_FULL_READ_MS) return last.set;
    const at = now();
    const [definitions, rules, variants] = await Promise.all([
      read(THRESHOLD_COLLECTIONS.definitions, definitionDocumentSchema),
      read(THRESHOLD_COLLECTIONS.rules, ruleDocumentSchema),
      read(THRESHOLD_COLLECTIONS.variants, variantDocumentSchema),
    ]);
    const set = definitions.length === 0 ? seedThresholdSet() : { definitions, rules, variants };
    last = { marks, set, at };
    return set;
  };
}
