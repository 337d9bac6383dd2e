/**
 * The CRM webhooks (docs/outages.md, "Notifications"): where Insight posts an outage notification when an
 * outage opens and when it is resolved. An admin list kept by engineering (`crm_webhooks/{webhookId}`,
 * written through `PUT /api/admin/crmWebhooks/{id}`); each row holds the secret its notifications are signed
 * with, so only engineering reads the list (firestore.rules). The notification's payload and signature are
 * defined here too, for the trigger, its tests and the CRM's developers.
 */
import { z } from 'zod';
import { optionalTimestamp } from './network';
import type { Outage } from './outages';
import {
  alphanumericBrackets,
  maxLength,
  minLength,
  notReserved,
  required,
  validatedText,
  type Validator,
} from './validators';

export const CRM_WEBHOOKS_COLLECTION = 'crm_webhooks';

export const CRM_WEBHOOK_LIMITS = { id: 40, name: 60, url: 500, secretMin: 16, secretMax: 200 } as const;

/**
 * A webhook's address: https, or http to this machine only (a CRM's test receiver, the emulators). The
 * notification goes to exactly this URL: no query text is added to it.
 */
export const webhookUrl: Validator = (value) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { key: 'oneOf', row: 'https://…' };
  }
  const local = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
  const allowed = url.protocol === 'https:' || (url.protocol === 'http:' && local);
  return allowed && url.username === '' && url.password === '' ? null : { key: 'oneOf', row: 'https://…' };
};

/** The fields engineering edits on a CRM webhook (the form, the API's save). */
export const crmWebhookFieldsSchema = z
  .object({
    webhookId: validatedText(required, alphanumericBrackets, notReserved, maxLength(CRM_WEBHOOK_LIMITS.id)),
    name: validatedText(required, maxLength(CRM_WEBHOOK_LIMITS.name)),
    url: validatedText(required, maxLength(CRM_WEBHOOK_LIMITS.url), webhookUrl),
    /** The HMAC-SHA256 key the notifications are signed with (shared with the CRM). */
    secret: validatedText(
      required,
      minLength(CRM_WEBHOOK_LIMITS.secretMin),
      maxLength(CRM_WEBHOOK_LIMITS.secretMax),
    ),
    enabled: z.boolean(),
  })
  .strict();
export type CrmWebhookFields = z.output<typeof crmWebhookFieldsSchema>;

/** A CRM webhook as stored. */
export const crmWebhookDocumentSchema = z.object({
  webhookId: z.string(),
  name: z.string(),
  url: z.string(),
  secret: z.string(),
  enabled: z.boolean().catch(false),
  updatedBy: z.string().nullable().default(null),
  updatedAt: optionalTimestamp,
});
export type CrmWebhookDocument = z.output<typeof crmWebhookDocumentSchema>;

// ---- the notification ----------------------------------------------------------------------------

/** The headers of a notification (docs/outages.md, "Verifying a notification"). */
export const NOTIFICATION_HEADERS = {
  /** `sha256=<hex>`: HMAC-SHA256 with the webhook's secret over `<timestamp>.<raw body>`. */
  signature: 'x-insight-signature',
  /** The epoch second the attempt was signed at (the CRM refuses an old one: a replay). */
  timestamp: 'x-insight-timestamp',
  /** The same for every attempt of one change of one outage: the CRM keeps the first. */
  delivery: 'x-insight-delivery',
} as const;

/** The change a notification tells: an outage opened, or resolved. */
export const NOTIFICATION_CHANGES = ['open', 'resolve'] as const;
export type NotificationChange = (typeof NOTIFICATION_CHANGES)[number];

/**
 * The notification's body, after Adtran Mosaic One's outage notification: the event type (`pon-outage`,
 * also for part of a port, or `power-outage`), the state, the affected accounts, the PON port, the times.
 */
export const outageNotificationSchema = z.object({
  deliveryId: z.string(),
  eventType: z.enum(['pon-outage', 'power-outage']),
  /** `partial-port` for part of a port; the outage's own kind. */
  kind: z.enum(['pon-outage', 'partial-port', 'power-outage']),
  state: z.enum(['open', 'resolved']),
  outageId: z.string(),
  affectedAccounts: z.number().int().min(0),
  onusDown: z.number().int().min(0),
  onusTotal: z.number().int().min(0),
  ponPort: z.object({ olt: z.string(), port: z.string() }).nullable(),
  area: z.object({ marketingArea: z.string().nullable(), headEnd: z.string().nullable() }),
  startTime: z.string(),
  endTime: z.string().nullable(),
  /** The note operation staff keep: an estimated time back, a ticket. */
  estimatedRestoration: z.string().nullable(),
  ticket: z.string().nullable(),
});
export type OutageNotification = z.infer<typeof outageNotificationSchema>;

/** The delivery id of one change of one outage (the same for every webhook and attempt). */
export const deliveryIdOf = (outageId: string, change: NotificationChange) => `${outageId}:${change}`;

/** The notification of an outage's change. */
export function outageNotification(outage: Outage, change: NotificationChange): OutageNotification {
  return {
    deliveryId: deliveryIdOf(outage.id, change),
    eventType: outage.kind === 'power-outage' ? 'power-outage' : 'pon-outage',
    kind: outage.kind,
    state: change === 'open' ? 'open' : 'resolved',
    outageId: outage.id,
    affectedAccounts: outage.accounts,
    onusDown: outage.onusDown,
    onusTotal: outage.onusTotal,
    ponPort: outage.olt !== null && outage.port !== null ? { olt: outage.olt, port: outage.port } : null,
    area: { marketingArea: outage.area, headEnd: outage.headEnd },
    startTime: outage.startsAt,
    endTime: change === 'resolve' ? outage.endsAt : null,
    estimatedRestoration: outage.note.backAbout,
    ticket: outage.note.ticket,
  };
}
