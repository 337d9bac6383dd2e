import { logger } from 'firebase-functions';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { getFirestore } from 'firebase-admin/firestore';
import { NETWORK_COLLECTIONS } from '@insight/common/network';
import { firestoreDependencyCounts } from '../adapters/firestore/firestore-dependency-counts';
import { applyCmtsWrite } from '../domain/network/apply-cmts-write';
import { TRIGGER_REGION } from './options';

/** Keeps `cmtsCount` of head ends and marketing areas equal to the CMTS rows that reference them. */
export const cmtsDependencyCounts = onDocumentWritten(
  // Idempotent (event-id ledger), so a failed attempt may safely be retried.
  { document: `${NETWORK_COLLECTIONS.cmts}/{id}`, region: TRIGGER_REGION, retry: true },
  async (event) => {
    const store = firestoreDependencyCounts(() => getFirestore());
    const result = await applyCmtsWrite(store, logger, {
      eventId: event.id,
      document: event.document,
      before: event.data?.before.data() ?? null,
      after: event.data?.after.data() ?? null,
    });
    if (result.status === 'duplicate') logger.info('event already applied', { eventId: event.id });
  },
);
