import { logger } from 'firebase-functions';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { getFirestore } from 'firebase-admin/firestore';
import { CHILD_COUNT_FIELD, childCountChanges, STAGING_PARENTS } from '@insight/common/staging-lists';
import { firestoreDependencyCounts } from '../adapters/firestore/firestore-dependency-counts';
import { applyCmtsWrite } from '../domain/network/apply-cmts-write';
import { TRIGGER_REGION } from './options';

/**
 * Keeps `childCount` of a parent list (a warehouse's racks, a rack's host devices, a host's connected devices) equal to the rows that
 * name it, once per event (the same ledger as the CMTS counts).
 */
function childCountTrigger({ child, field, parent }: (typeof STAGING_PARENTS)[number]) {
  return onDocumentWritten(
    { document: `${child}/{id}`, region: TRIGGER_REGION, retry: true },
    async (event) => {
      const store = firestoreDependencyCounts(() => getFirestore(), {
        trigger: `${child}Counts`,
        countField: CHILD_COUNT_FIELD,
      });
      const before = event.data?.before.data() ?? null;
      const after = event.data?.after.data() ?? null;
      const result = await applyCmtsWrite(store, logger, {
        eventId: event.id,
        document: event.document,
        before: null,
        after: null,
        changes: childCountChanges(parent, field, before, after),
      });
      if (result.status === 'duplicate') logger.info('event already applied', { eventId: event.id });
    },
  );
}

export const stagingRackCounts = childCountTrigger(STAGING_PARENTS[0]);
export const stagingHostCounts = childCountTrigger(STAGING_PARENTS[1]);
export const stagingDeviceCounts = childCountTrigger(STAGING_PARENTS[2]);
