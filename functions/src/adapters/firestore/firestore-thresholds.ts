import type { Firestore } from 'firebase-admin/firestore';
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
 * Reads the threshold manager's three lists. A record the schema refuses is left out (and logged), so
 * one bad record never stops the grading of every view. Until the lists hold a definition (a project
 * that was never seeded), the built-in defaults grade.
 */
export function firestoreThresholdLoader(db: () => Firestore, logger: Logger): () => Promise<ThresholdSet> {
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
  return async () => {
    const [definitions, rules, variants] = await Promise.all([
      read(THRESHOLD_COLLECTIONS.definitions, definitionDocumentSchema),
      read(THRESHOLD_COLLECTIONS.rules, ruleDocumentSchema),
      read(THRESHOLD_COLLECTIONS.variants, variantDocumentSchema),
    ]);
    return definitions.length === 0 ? seedThresholdSet() : { definitions, rules, variants };
  };
}
