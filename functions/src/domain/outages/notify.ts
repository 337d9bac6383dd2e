/**
 * The outage notifications to the CRM (docs/outages.md, "Notifications"): when an outage opens and when it
 * is resolved, a signed notification to every enabled CRM webhook, tried again with backoff until it is
 * accepted or the bound is reached, after which the outage's `notify.state` is 'failed'. Each change of
 * each outage is claimed per webhook in a transaction before it is sent (its delivery record), so a trigger
 * event delivered twice, or a second instance, sends nothing more.
 */
import { createHmac } from 'node:crypto';
import {
  deliveryIdOf,
  NOTIFICATION_HEADERS,
  outageNotification,
  type NotificationChange,
} from '@insight/common/crm-webhooks';
import type { Outage, OutageNotify } from '@insight/common/outages';
import type { Logger } from '../../lib/logger';

/** How hard a notification is tried: attempts in all, the first wait (doubled each time, capped), each attempt's timeout. */
export interface NotifyPolicy {
  attempts: number;
  backoffMs: number;
  maxBackoffMs: number;
  timeoutMs: number;
}
/** About a minute and a half at most: 6 attempts, waits of 1, 2, 4, 8 and 16 s, 10 s each at most. */
export const NOTIFY_POLICY: NotifyPolicy = {
  attempts: 6,
  backoffMs: 1000,
  maxBackoffMs: 30_000,
  timeoutMs: 10_000,
};

/** What the trigger reads of a webhook. */
export interface Webhook {
  id: string;
  url: string;
  secret: string;
}

/** One webhook's delivery of one change: its record (`outage_deliveries/{outageId}:{change}:{webhookId}`). */
export interface DeliveryRecord {
  state: 'sending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
}

export interface DeliveryStore {
  /** The enabled CRM webhooks. */
  enabledWebhooks(): Promise<Webhook[]>;
  /**
   * Claims a delivery in a transaction: null when it is this caller's to send (new, or a claim abandoned
   * for longer than the lease), else the record as another caller left it (sent, failed, or being sent).
   */
  claim(key: string, outageId: string, at: number): Promise<DeliveryRecord | null>;
  /** Writes the delivery's outcome. */
  finish(key: string, record: DeliveryRecord, at: number): Promise<void>;
  /** Sets the outage's `notify`, if the outage is still in the state the change left it in. */
  setNotify(outageId: string, change: NotificationChange, notify: OutageNotify): Promise<void>;
}

/** Posts a body; the HTTP status, or a thrown error (network, timeout). */
export type Post = (
  url: string,
  request: { headers: Record<string, string>; body: string; timeoutMs: number },
) => Promise<number>;

export interface NotifyDeps {
  store: DeliveryStore;
  post: Post;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  policy?: NotifyPolicy;
  logger: Logger;
}

/** The change an outage's write is, for the CRM: opened (created open), resolved (open to resolved), or none. */
export function changeOf(before: Outage | null, after: Outage | null): NotificationChange | null {
  if (after === null) return null;
  if (before === null && after.state === 'open') return 'open';
  if (before?.state === 'open' && after.state === 'resolved') return 'resolve';
  return null;
}

/** `sha256=<hex>`: HMAC-SHA256 with the webhook's secret over `<timestamp>.<raw body>`. */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

const describe = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    ? 'timed out'
    : error instanceof Error
      ? error.message
      : String(error);

/** Sends one delivery until it is accepted (2xx) or the bound is reached. */
async function send(
  webhook: Webhook,
  deliveryId: string,
  body: string,
  deps: NotifyDeps,
): Promise<DeliveryRecord> {
  const policy = deps.policy ?? NOTIFY_POLICY;
  let lastError: string | null = null;
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    const timestamp = Math.floor(deps.now() / 1000);
    try {
      const status = await deps.post(webhook.url, {
        headers: {
          'content-type': 'application/json',
          [NOTIFICATION_HEADERS.signature]: signatureOf(webhook.secret, timestamp, body),
          [NOTIFICATION_HEADERS.timestamp]: String(timestamp),
          [NOTIFICATION_HEADERS.delivery]: deliveryId,
        },
        body,
        timeoutMs: policy.timeoutMs,
      });
      if (status >= 200 && status < 300) return { state: 'sent', attempts: attempt, lastError: null };
      lastError = `HTTP ${status}`;
    } catch (error) {
      lastError = describe(error);
    }
    if (attempt < policy.attempts)
      await deps.sleep(Math.min(policy.maxBackoffMs, policy.backoffMs * 2 ** (attempt - 1)));
  }
  return { state: 'failed', attempts: policy.attempts, lastError };
}

/**
 * Notifies every enabled webhook of an outage's change and sets the outage's `notify`: 'sent' once every
 * webhook accepted it (or there is none), 'failed' when one did not within the bound, 'pending' while
 * another caller still sends one. Never throws for a webhook's failure.
 */
export async function notifyOutage(
  outage: Outage,
  change: NotificationChange,
  deps: NotifyDeps,
): Promise<OutageNotify> {
  const deliveryId = deliveryIdOf(outage.id, change);
  const body = JSON.stringify(outageNotification(outage, change));
  const webhooks = await deps.store.enabledWebhooks();
  const records = await Promise.all(
    webhooks.map(async (webhook) => {
      const key = `${deliveryId}:${webhook.id}`;
      const existing = await deps.store.claim(key, outage.id, deps.now());
      if (existing) return { webhook, record: existing };
      const record = await send(webhook, deliveryId, body, deps);
      await deps.store.finish(key, record, deps.now());
      if (record.state === 'failed')
        deps.logger.warn('outage notification failed', { deliveryId, webhook: webhook.id, ...record });
      return { webhook, record };
    }),
  );
  const failed = records.find(({ record }) => record.state === 'failed');
  const state = failed
    ? 'failed'
    : records.some(({ record }) => record.state === 'sending')
      ? 'pending'
      : 'sent';
  const notify: OutageNotify = {
    state,
    attempts: Math.max(0, ...records.map(({ record }) => record.attempts)),
    lastError: failed ? `${failed.webhook.id}: ${failed.record.lastError}` : null,
    updatedAt: new Date(deps.now()).toISOString(),
  };
  await deps.store.setNotify(outage.id, change, notify);
  return notify;
}
