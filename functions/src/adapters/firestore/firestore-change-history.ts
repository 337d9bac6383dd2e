import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { DELETION_STAMPS, deletionStampId } from '@insight/common/change-history';
import type { HistoryStore } from '../../domain/network/change-history';
import { grpcCode, GRPC } from './grpc-status';

/** History records in `audit_log` under the event's id; deletion stamps read from `deletion_stamps`. */
export function firestoreHistoryStore(db: () => Firestore): HistoryStore {
  return {
    async deletionStamp(collection, docId) {
      const doc = await db().collection(DELETION_STAMPS).doc(deletionStampId(collection, docId)).get();
      const deletedBy: unknown = doc.get('deletedBy');
      if (!doc.exists || typeof deletedBy !== 'string') return null;
      const deletedAt: unknown = doc.get('deletedAt');
      return { deletedBy, deletedAt: deletedAt instanceof Timestamp ? deletedAt.toDate() : null };
    },

    async createOnce(id, record) {
      try {
        await db()
          .collection('audit_log')
          .doc(id)
          .create({ ...record, at: FieldValue.serverTimestamp() });
        return true;
      } catch (error) {
        if (grpcCode(error) === GRPC.ALREADY_EXISTS) return false;
        throw error;
      }
    },
  };
}
