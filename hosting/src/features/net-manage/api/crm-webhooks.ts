/**
 * The CRM webhooks outage notifications go to (`crm_webhooks/{webhookId}`, common/src/crm-webhooks.ts):
 * read live by engineering (the rows hold the signing secrets), written through the admin API
 * (`PUT /api/admin/crmWebhooks/{id}`), which validates them with crmWebhookFieldsSchema and stamps the author.
 */
import {
  CRM_WEBHOOKS_COLLECTION,
  crmWebhookDocumentSchema,
  type CrmWebhookFields,
} from '@insight/common/crm-webhooks';
import { deleteEntry, saveEntry } from '../../../lib/admin-writes';
import { useCollection } from '../../../lib/firestore-hooks';

export function useCrmWebhooks(enabled: boolean) {
  return useCollection(CRM_WEBHOOKS_COLLECTION, crmWebhookDocumentSchema, { enabled });
}

export function saveCrmWebhook(fields: CrmWebhookFields): Promise<void> {
  return saveEntry('crmWebhooks', fields.webhookId, fields);
}

export function deleteCrmWebhook(id: string): Promise<void> {
  return deleteEntry('crmWebhooks', id);
}

/** A new webhook's secret: 32 random bytes as hex (engineering may paste the CRM's own instead). */
export function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
