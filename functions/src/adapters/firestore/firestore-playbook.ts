import type { Firestore } from 'firebase-admin/firestore';
import {
  DIAGNOSIS_COLLECTIONS,
  playbookDocumentSchema,
  type PlaybookEntry,
} from '@insight/common/diagnosis-playbook';
import type { Logger } from '../../lib/logger';

/**
 * Reads engineering's playbook entries. An entry the schema refuses is left out (and logged): its key
 * keeps the default text. An empty collection answers none, so the defaults apply.
 */
export function firestorePlaybookLoader(db: () => Firestore, logger: Logger): () => Promise<PlaybookEntry[]> {
  return async () => {
    const snapshot = await db().collection(DIAGNOSIS_COLLECTIONS.playbook).get();
    const entries: PlaybookEntry[] = [];
    for (const doc of snapshot.docs) {
      const parsed = playbookDocumentSchema.safeParse({ key: doc.id, ...doc.data() });
      if (parsed.success) {
        const { updatedAt: _at, updatedBy: _by, ...entry } = parsed.data;
        entries.push(entry);
      } else logger.warn('playbook entry left out', { id: doc.id });
    }
    return entries;
  };
}
