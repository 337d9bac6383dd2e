/**
 * Seeds the diagnosis playbook (`diagnosis_playbook/{key}`) with the defaults of
 * common/src/diagnosis-playbook.ts, stamped as the API stamps an admin write. An entry engineering has
 * already edited is left as it is (create-only), so a new `npm start` never undoes an edit.
 */
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import {
  DEFAULT_PLAYBOOK,
  DIAGNOSIS_COLLECTIONS,
  playbookFieldsSchema,
} from '@insight/common/diagnosis-playbook';

export async function seedPlaybook(db: Firestore, author = 'system:seed'): Promise<number> {
  let written = 0;
  await Promise.all(
    DEFAULT_PLAYBOOK.map(async (entry) => {
      const fields = playbookFieldsSchema.parse(entry);
      try {
        await db
          .collection(DIAGNOSIS_COLLECTIONS.playbook)
          .doc(entry.key)
          .create({ ...fields, updatedAt: FieldValue.serverTimestamp(), updatedBy: author });
        written++;
      } catch (error) {
        // 6 ALREADY_EXISTS: kept as engineering left it.
        if ((error as { code?: number }).code !== 6) throw error;
      }
    }),
  );
  return written;
}
