/**
 * The diagnosis playbook as engineering keeps it (`diagnosis_playbook/{key}`, common/src/diagnosis-playbook.ts):
 * read live with the stored-document schema, written through the admin API (`PUT /api/admin/playbook/{key}`),
 * which validates the fields with playbookFieldsSchema and stamps the author and the time. The API's 360
 * views read the collection with a 20–60 s cache, so a saved text reaches them within a minute.
 */
import {
  DIAGNOSIS_COLLECTIONS,
  playbookDocumentSchema,
  type PlaybookFields,
} from '@insight/common/diagnosis-playbook';
import { deleteEntry, saveEntry } from '../../../lib/admin-writes';
import { useCollection } from '../../../lib/firestore-hooks';

export function usePlaybookList() {
  return useCollection(DIAGNOSIS_COLLECTIONS.playbook, playbookDocumentSchema);
}

export function savePlaybookEntry(fields: PlaybookFields): Promise<void> {
  return saveEntry('playbook', fields.key, fields);
}

/** The key keeps its built-in text once its stored entry is deleted. */
export function deletePlaybookEntry(key: string): Promise<void> {
  return deleteEntry('playbook', key);
}
