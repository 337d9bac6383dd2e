import { logger } from 'firebase-functions';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { getFirestore } from 'firebase-admin/firestore';
import { NETWORK_COLLECTIONS } from '@insight/common/network';
import { THRESHOLD_COLLECTIONS } from '@insight/common/threshold';
import { firestoreHistoryStore } from '../adapters/firestore/firestore-change-history';
import { plainDocument } from '../adapters/firestore/plain-data';
import { recordChange } from '../domain/network/change-history';
import { TRIGGER_REGION } from './options';

/** One trigger per tracked collection (TRACKED_COLLECTIONS): a history record for each change. */
function historyTrigger(collection: string) {
  return onDocumentWritten(
    // Idempotent (the record's id is the event's), so a failed attempt may safely be retried.
    { document: `${collection}/{docId}`, region: TRIGGER_REGION, retry: true },
    async (event) => {
      const outcome = await recordChange(
        firestoreHistoryStore(() => getFirestore()),
        {
          eventId: event.id,
          collection,
          docId: event.params.docId,
          before: plainDocument(event.data?.before.data()),
          after: plainDocument(event.data?.after.data()),
          beforeWrittenAt: event.data?.before.updateTime?.toDate() ?? null,
        },
      );
      if (outcome === 'duplicate') logger.info('history already recorded', { eventId: event.id });
    },
  );
}

export const cmtsSourceHistory = historyTrigger(NETWORK_COLLECTIONS.cmts);
export const cmtsHeadEndHistory = historyTrigger(NETWORK_COLLECTIONS.headEnd);
export const cmtsMarketingAreaHistory = historyTrigger(NETWORK_COLLECTIONS.marketArea);
export const thresholdDefinitionHistory = historyTrigger(THRESHOLD_COLLECTIONS.definitions);
export const thresholdRuleHistory = historyTrigger(THRESHOLD_COLLECTIONS.rules);
export const thresholdVariantHistory = historyTrigger(THRESHOLD_COLLECTIONS.variants);

/** Every tracked collection's trigger, by collection (a unit test holds it against TRACKED_COLLECTIONS). */
export const HISTORY_TRIGGERS = {
  [NETWORK_COLLECTIONS.cmts]: cmtsSourceHistory,
  [NETWORK_COLLECTIONS.headEnd]: cmtsHeadEndHistory,
  [NETWORK_COLLECTIONS.marketArea]: cmtsMarketingAreaHistory,
  [THRESHOLD_COLLECTIONS.definitions]: thresholdDefinitionHistory,
  [THRESHOLD_COLLECTIONS.rules]: thresholdRuleHistory,
  [THRESHOLD_COLLECTIONS.variants]: thresholdVariantHistory,
};
