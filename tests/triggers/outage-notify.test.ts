/**
 * The outage notifications to the CRM (outageNotifications trigger; docs/outages.md, "Notifications"): a
 * receiver on 127.0.0.1 stands in for the CRM. The notification is signed, sent again until it is accepted,
 * never twice for one change, and marked failed after its bound (that case runs the trigger's code with an
 * injected backoff and clock, against the emulator's Firestore).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CRM_WEBHOOKS_COLLECTION,
  NOTIFICATION_HEADERS,
  outageNotificationSchema,
} from '@insight/common/crm-webhooks';
import { OUTAGES_COLLECTION, outageSchema, type Outage } from '@insight/common/outages';
import { anOutage } from '@insight/common/testing/outage-fixtures';
import { firestoreDeliveryStore } from '../../functions/src/adapters/firestore';
import { postNotification } from '../../functions/src/adapters/upstream';
import { notifyOutage } from '../../functions/src/domain/outages/notify';
import { silentLogger } from '../../functions/src/lib/logger';
import { closeAdmin, db, eventually, uniqueId } from './support';

const SECRET = `crm-secret-${randomBytes(8).toString('hex')}`;

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
}

/**
 * The CRM: records every notification; answers the statuses scripted for an outage in turn (200 once they
 * run out); `/always-500` always fails, `/hang` never answers.
 */
class Crm {
  readonly received: Received[] = [];
  readonly scripted = new Map<string, number[]>();
  private server: Server | undefined;
  base = '';
  async start() {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        this.received.push({ path: req.url ?? '', headers: req.headers, raw });
        if (req.url === '/hang') return;
        const outageId = String(req.headers[NOTIFICATION_HEADERS.delivery] ?? '').split(':')[0]!;
        const status = req.url === '/always-500' ? 500 : (this.scripted.get(outageId)?.shift() ?? 200);
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  of(deliveryId: string) {
    return this.received.filter((item) => item.headers[NOTIFICATION_HEADERS.delivery] === deliveryId);
  }
  close() {
    this.server?.closeAllConnections();
    return new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

const crm = new Crm();
const webhookId = uniqueId('crm');

/**
 * A port no device of the simulator's catalogue is on: the end-to-end files share the emulator, and an open
 * outage on a real port would be a known outage in their views of its devices.
 */
const PORT = { olt: 'OLT-ZZZ-999', port: '9/9/9' };
/** Nor is any in this area (a power outage covers its marketing area and head end). */
const AREA = { area: 'MA-NOTIFY-TEST', headEnd: 'HE-NOTIFY-TEST' };

/** A new open outage of a port, as the receiver writes it (its own fingerprint: suites share the emulator). */
function openOutage(overrides: Partial<Outage> = {}): Outage {
  const fingerprint = randomBytes(8).toString('hex');
  const now = new Date().toISOString();
  return anOutage({
    ...PORT,
    ...AREA,
    id: `${fingerprint}-1795806120`,
    fingerprint,
    startsAt: '2026-11-27T19:02:00.000Z',
    updatedAt: now,
    note: { ticket: 'OUT-123', backAbout: '2026-11-27T21:00:00.000Z', text: '' },
    notify: { state: 'pending', attempts: 0, lastError: null, updatedAt: now },
    ...overrides,
  });
}
const outages = () => db().collection(OUTAGES_COLLECTION);
const stored = async (id: string) => outageSchema.parse((await outages().doc(id).get()).data());
/** Waits for the outage's notification state (the trigger runs seconds after the write). */
const notifyOf = (id: string, state: 'sent' | 'failed') =>
  eventually(
    async () => {
      const outage = await stored(id);
      return outage.notify.state === state ? outage.notify : null;
    },
    { deadlineMs: 90_000, what: `notify.state ${state} on ${id}` },
  );

beforeAll(async () => {
  await crm.start();
  await db()
    .collection(CRM_WEBHOOKS_COLLECTION)
    .doc(webhookId)
    .set({ webhookId, name: 'Test CRM', url: `${crm.base}/outages`, secret: SECRET, enabled: true });
});
afterAll(async () => {
  // Other suites' outages must not be sent to a receiver that is gone.
  await db().collection(CRM_WEBHOOKS_COLLECTION).doc(webhookId).delete();
  await crm.close();
  await closeAdmin();
});

describe('outage notifications to the CRM (outageNotifications trigger)', () => {
  it('when an outage opens, then the CRM gets one notification signed with its secret over the timestamp and the raw body', async () => {
    const outage = openOutage();
    await outages().doc(outage.id).set(outage);
    const notify = await notifyOf(outage.id, 'sent');
    expect(notify).toMatchObject({ attempts: 1, lastError: null });
    const [received, ...more] = crm.of(`${outage.id}:open`);
    expect(more).toEqual([]);
    const timestamp = Number(received!.headers[NOTIFICATION_HEADERS.timestamp]);
    expect(Math.abs(Date.now() / 1000 - timestamp)).toBeLessThan(120);
    const expected = createHmac('sha256', SECRET).update(`${timestamp}.${received!.raw}`).digest('hex');
    expect(received!.headers[NOTIFICATION_HEADERS.signature]).toBe(`sha256=${expected}`);
    // Another secret, or another body, gives another signature: the CRM tells them apart.
    const forged = createHmac('sha256', 'not-the-secret')
      .update(`${timestamp}.${received!.raw}`)
      .digest('hex');
    expect(forged).not.toBe(expected);
    expect(received!.path).toBe('/outages');
    expect(outageNotificationSchema.parse(JSON.parse(received!.raw))).toEqual({
      deliveryId: `${outage.id}:open`,
      eventType: 'pon-outage',
      kind: 'pon-outage',
      state: 'open',
      outageId: outage.id,
      affectedAccounts: 17,
      onusDown: 17,
      onusTotal: 18,
      ponPort: PORT,
      area: { marketingArea: AREA.area, headEnd: AREA.headEnd },
      startTime: '2026-11-27T19:02:00.000Z',
      endTime: null,
      estimatedRestoration: '2026-11-27T21:00:00.000Z',
      ticket: 'OUT-123',
    });
  }, 120_000);

  it('when the CRM fails twice, then the notification is sent again with backoff and accepted the third time', async () => {
    const outage = openOutage({ kind: 'power-outage', olt: null, port: null });
    crm.scripted.set(outage.id, [500, 503]);
    await outages().doc(outage.id).set(outage);
    const notify = await notifyOf(outage.id, 'sent');
    expect(notify).toMatchObject({ attempts: 3, lastError: null });
    const attempts = crm.of(`${outage.id}:open`);
    expect(attempts).toHaveLength(3);
    // The same body each time; each attempt signed at its own time.
    expect(new Set(attempts.map((item) => item.raw)).size).toBe(1);
    expect(JSON.parse(attempts[0]!.raw)).toMatchObject({ eventType: 'power-outage', ponPort: null });
  }, 120_000);

  it('when an outage changes counts or note, resolves, and its open is delivered again, then each change is sent once', async () => {
    const outage = openOutage();
    await outages().doc(outage.id).set(outage);
    await notifyOf(outage.id, 'sent');
    await outages()
      .doc(outage.id)
      .update({ onusDown: 18, note: { ticket: 'OUT-9', backAbout: null, text: 'crew' } });
    const endsAt = new Date().toISOString();
    await outages()
      .doc(outage.id)
      .update({
        state: 'resolved',
        endsAt,
        notify: { state: 'pending', attempts: 0, lastError: null, updatedAt: endsAt },
      });
    await notifyOf(outage.id, 'sent');
    const resolved = crm.of(`${outage.id}:resolve`);
    expect(resolved).toHaveLength(1);
    expect(JSON.parse(resolved[0]!.raw)).toMatchObject({
      state: 'resolved',
      endTime: endsAt,
      ticket: 'OUT-9',
    });
    // The open change delivered again (a repeated trigger event, another instance): nothing is sent.
    const again = await notifyOutage(outage, 'open', {
      store: firestoreDeliveryStore(db),
      post: postNotification,
      sleep: async () => {},
      now: Date.now,
      logger: silentLogger,
    });
    expect(again.state).toBe('sent');
    expect(crm.of(`${outage.id}:open`)).toHaveLength(1);
    expect(crm.of(`${outage.id}:resolve`)).toHaveLength(1);
  }, 120_000);

  it('when a CRM answers 500 or never answers, then after the bound the outage is marked failed (backoff and clock injected)', async () => {
    // Written resolved: no change for the trigger; the code runs here with its waits recorded, not slept.
    const outage = openOutage({ state: 'resolved', endsAt: new Date().toISOString() });
    await outages().doc(outage.id).set(outage);
    const store = firestoreDeliveryStore(db);
    const waits: number[] = [];
    let clock = Date.parse('2026-11-27T20:00:00Z');
    const notify = await notifyOutage(outage, 'resolve', {
      store: {
        ...store,
        enabledWebhooks: async () => [
          { id: `${webhookId}-500`, url: `${crm.base}/always-500`, secret: SECRET },
          { id: `${webhookId}-hang`, url: `${crm.base}/hang`, secret: SECRET },
        ],
      },
      post: postNotification,
      sleep: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
      now: () => clock,
      policy: { attempts: 4, backoffMs: 100, maxBackoffMs: 250, timeoutMs: 300 },
      logger: silentLogger,
    });
    expect(notify).toMatchObject({ state: 'failed', attempts: 4 });
    expect(notify.lastError).toMatch(/-(500: HTTP 500|hang: timed out)$/);
    // Both webhooks waited 100, 200, then the cap.
    expect(waits.sort((a, b) => a - b)).toEqual([100, 100, 200, 200, 250, 250]);
    expect(crm.of(`${outage.id}:resolve`).filter((item) => item.path === '/always-500')).toHaveLength(4);
    expect(crm.of(`${outage.id}:resolve`).filter((item) => item.path === '/hang')).toHaveLength(4);
    expect((await stored(outage.id)).notify).toEqual(notify);
  }, 60_000);
});
