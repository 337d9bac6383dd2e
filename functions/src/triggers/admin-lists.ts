import { logger } from 'firebase-functions';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { ADMIN_LISTS, type AdminListId } from '@insight/common/admin-lists';
import { applyAdminWrite, exactTime } from '../adapters/firestore/firestore-dependencies';
import { plainDocument } from '../adapters/firestore/plain-data';
import { historyOperation } from '../domain/network/change-history';
import { TRIGGER_MEMORY, TRIGGER_REGION } from './options';

/**
 * One trigger per admin list that keeps a history or names a parent: a single invocation per written row
 * derives both, in one transaction (adapters/firestore/firestore-dependencies.ts). The history record,
 * under the event's id, is the event's ledger entry; the counts are reconciled from the row's present
 * state, so a late, repeated or out-of-order event moves nothing twice. A write that changes neither (a
 * kept count on a parent row) returns at once, without a read.
 */
export function adminListTrigger(list: AdminListId) {
  const spec = ADMIN_LISTS[list];
  return onDocumentWritten(
    // Idempotent, so a failed attempt may safely be retried.
    { document: `${spec.collection}/{docId}`, region: TRIGGER_REGION, memory: TRIGGER_MEMORY, retry: true },
    async (event) => {
      const beforeSnap = event.data?.before;
      const afterSnap = event.data?.after;
      const before = beforeSnap?.exists ? (beforeSnap.data() ?? null) : null;
      const after = afterSnap?.exists ? (afterSnap.data() ?? null) : null;
      const plainBefore = plainDocument(before ?? undefined);
      const plainAfter = plainDocument(after ?? undefined);
      const recorded = spec.tracked && historyOperation(plainBefore, plainAfter) !== null;
      const reconcile =
        spec.references.length > 0 &&
        (!before || !after || spec.references.some(({ field }) => before[field] !== after[field]));
      if (!recorded && !reconcile) return;
      const changedAt = after
        ? (afterSnap?.updateTime ?? eventTime(event.time))
        : deleteTime(event.time, beforeSnap?.updateTime);
      const outcome = await applyAdminWrite(getFirestore(), list, event.params.docId, {
        reconcile,
        hint: after,
        written: recorded
          ? {
              eventId: event.id,
              change: {
                collection: spec.collection,
                docId: event.params.docId,
                before: plainBefore,
                after: plainAfter,
              },
              deletedVersion: after ? null : exactTime(beforeSnap?.updateTime),
              changedAt,
            }
          : null,
      });
      if (outcome.status === 'duplicate') logger.info('event already applied', { eventId: event.id });
      if (outcome.plan && outcome.plan.orphans.length > 0)
        logger.warn('row names rows that do not exist; not counted', {
          document: `${spec.collection}/${event.params.docId}`,
          orphans: outcome.plan.orphans,
        });
    },
  );
}

/** The event's time, as Firestore keeps times. */
function eventTime(time: string | undefined): Timestamp {
  const millis = time ? Date.parse(time) : Number.NaN;
  return Number.isNaN(millis) ? Timestamp.now() : Timestamp.fromMillis(millis);
}

/**
 * When a delete happened, for its history record: the event's time, and never before the deleted row's
 * last write (a delete through the API is dated by its own stamp instead, read in the trigger's transaction).
 */
function deleteTime(time: string | undefined, lastWrite: Timestamp | undefined): Timestamp {
  const at = eventTime(time);
  // An event time that is not after the row's last write cannot be the delete's: the trigger's own time
  // is then the closest bound known.
  return !lastWrite || at.toMillis() > lastWrite.toMillis() ? at : Timestamp.now();
}

export const cmtsSourceWrites = adminListTrigger('cmts');
export const cmtsHeadEndWrites = adminListTrigger('headEnd');
export const cmtsMarketingAreaWrites = adminListTrigger('marketArea');
export const thresholdDefinitionWrites = adminListTrigger('definitions');
export const thresholdRuleWrites = adminListTrigger('rules');
export const thresholdVariantWrites = adminListTrigger('variants');
export const stagingRackWrites = adminListTrigger('racks');
export const stagingHostWrites = adminListTrigger('hosts');
export const stagingDeviceWrites = adminListTrigger('connected');
