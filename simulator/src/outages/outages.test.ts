/**
 * The simulator plays Alertmanager (docs/outages.md, "The simulator"): POST /_sim/outages opens and resolves
 * a port's outage and posts the webhook Insight's receiver accepts, to a local receiver here; with
 * outageScenarios the catalogue's outage ports are posted at start.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  alertmanagerWebhookSchema,
  outageAlertOf,
  type AlertmanagerWebhook,
} from '@insight/common/upstream/alertmanager';
import { outageNotification } from '@insight/common/crm-webhooks';
import { portOutageKind } from '@insight/common/outages';
import { anOutage } from '@insight/common/testing/outage-fixtures';
import type { PonPortListing } from '@insight/common/upstream/wan';
import { CUSTOMER_COUNT, resolveMac } from '../catalogue/macs';
import { CatalogueStore } from '../catalogue/store';
import { topologyFor } from '../catalogue/topology';
import { DEMO_CRM_SECRET, seedNumber } from '../config';
import { downSince } from '../history/series';
import type { CatalogueItem } from '../routes/sim';
import { createSimulator } from '../server';
import { OUTAGE_FAULTS } from './alerts';

const SEED = 'outage-tests';
const EPOCH = Date.UTC(2026, 10, 20);
const SECRET = 'sim-test-secret';

/** A receiver on 127.0.0.1 standing in for Insight: records each webhook, answers the scripted statuses. */
class Receiver {
  readonly posts: Array<{ headers: IncomingHttpHeaders; body: AlertmanagerWebhook }> = [];
  /** Statuses to answer in turn; 200 once they run out. */
  statuses: number[] = [];
  private server: Server | undefined;
  url = '';
  async start() {
    this.server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        this.posts.push({ headers: req.headers, body: JSON.parse(text) as AlertmanagerWebhook });
        res.writeHead(this.statuses.shift() ?? 200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/outages/alerts`;
  }
  close() {
    return new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

/** Waits (real time) until `condition` holds, at most 10 s. */
async function until(condition: () => boolean, what: string) {
  for (const deadline = Date.now() + 30_000; !condition();) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const receiver = new Receiver();
let app: Awaited<ReturnType<typeof createSimulator>>;
beforeAll(async () => {
  await receiver.start();
  app = await createSimulator({
    seed: SEED,
    epoch: EPOCH,
    config: { latencyMs: 0, jitterMs: 0, errorRate: 0 },
    outageWebhook: { url: receiver.url, secret: SECRET },
    outageScenarios: false,
  });
});
afterAll(async () => {
  await app.close();
  await receiver.close();
});
afterEach(() => {
  receiver.posts.length = 0;
  receiver.statuses = [];
});

async function deviceOf(kind: string): Promise<CatalogueItem> {
  const res = await request(app.server).get(`/_sim/catalogue?kind=${kind}&limit=1`);
  return res.body.items[0] as CatalogueItem;
}
const outage = (olt: string, port: string, action: string) =>
  request(app.server).post('/_sim/outages').send({ olt, port, action });

describe('POST /_sim/outages', () => {
  it('when a port-feeder port is opened, then Insight gets the webhook its rules would send, from the history start', async () => {
    const device = await deviceOf('port-feeder');
    const res = await outage(device.olt, device.port, 'open');
    expect(res.status).toBe(200);
    expect(res.body.delivery).toEqual({ url: receiver.url, status: 200, error: null });
    expect(receiver.posts).toHaveLength(1);
    const { headers, body } = receiver.posts[0]!;
    expect(headers.authorization).toBe(`Bearer ${SECRET}`);
    const webhook = alertmanagerWebhookSchema.parse(body);
    expect(webhook).toMatchObject({ version: '4', status: 'firing', receiver: 'insight' });
    const read = outageAlertOf(webhook.alerts[0]!);
    if (!read.ok) throw new Error(read.reason);
    expect(read.value).toMatchObject({ olt: device.olt, port: device.port, endsAt: null });
    // The ONUs the port lists offline on a loss of signal, and the kind the rules' thresholds give them.
    const listing = (
      await request(app.server).get(`/api/fe/wan/v1/pon/olt/${device.olt}/port/${device.port}/onus`)
    ).body as PonPortListing;
    const lost = listing.onus.filter((onu) => onu.status === 'offline' && onu.lastDownCause === 'los');
    expect(lost.length).toBeGreaterThan(0);
    expect([read.value.onusDown, read.value.onusTotal]).toEqual([lost.length, listing.onus.length]);
    expect(read.value.kind).toBe(portOutageKind(lost.length, listing.onus.length) ?? 'partial-port');
    // The moment the history shows the port going dark.
    const customer = new CatalogueStore(seedNumber(SEED), EPOCH).get(resolveMac(device.mac)!);
    const since = downSince(customer, EPOCH);
    expect(read.value.startsAt).toBe(new Date(since * 1000).toISOString());
  });

  it('when a port is opened twice, then the same alert is sent (Insight keeps one outage); resolved, it ends once', async () => {
    const device = await deviceOf('olt-card-down');
    const first = await outage(device.olt, device.port, 'open');
    const again = await outage(device.olt, device.port, 'open');
    expect(again.body.alert).toEqual(first.body.alert);
    expect((await request(app.server).get('/_sim/outages')).body.open).toContainEqual(first.body.alert);
    const resolved = await outage(device.olt, device.port, 'resolve');
    expect(resolved.status).toBe(200);
    expect(resolved.body.alert).toMatchObject({
      status: 'resolved',
      fingerprint: first.body.alert.fingerprint,
      startsAt: first.body.alert.startsAt,
    });
    expect(Date.parse(resolved.body.alert.endsAt)).toBeGreaterThan(Date.parse(first.body.alert.startsAt));
    expect(receiver.posts.map((post) => post.body.status)).toEqual(['firing', 'firing', 'resolved']);
    expect((await request(app.server).get('/_sim/outages')).body.open).not.toContainEqual(first.body.alert);
    expect((await outage(device.olt, device.port, 'resolve')).status).toBe(404);
    // Opened again: a new outage, from now.
    const reopened = await outage(device.olt, device.port, 'open');
    expect(Date.parse(reopened.body.alert.startsAt)).toBeGreaterThan(Date.parse(first.body.alert.startsAt));
    await outage(device.olt, device.port, 'resolve');
  });

  it('when a dark branch is opened, then it is part of the port', async () => {
    const device = await deviceOf('port-branch-dark');
    const res = await outage(device.olt, device.port, 'open');
    const read = outageAlertOf(res.body.alert);
    if (!read.ok) throw new Error(read.reason);
    expect(read.value.kind).toBe('partial-port');
    expect(read.value.onusDown!).toBeLessThan(read.value.onusTotal!);
    expect(res.body.alert.labels.alertname).toBe('PonPortPartialOutage');
  });

  it('when a healthy port is opened on demand, then its outage starts now and covers the port', async () => {
    const device = await deviceOf('link-healthy');
    const before = Date.now() - 1000;
    const res = await outage(device.olt, device.port, 'open');
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.alert.startsAt)).toBeGreaterThanOrEqual(before);
    expect(res.body.alert.annotations.onus_down).toBe(res.body.alert.annotations.onus_total);
    expect((await outage(device.olt, device.port, 'resolve')).body.alert.status).toBe('resolved');
  });

  it('when Insight answers 500 twice, then the webhook is sent again until it is accepted', async () => {
    const device = await deviceOf('port-feeder');
    receiver.statuses = [500, 503];
    const res = await outage(device.olt, device.port, 'open');
    expect(res.body.delivery.status).toBe(200);
    expect(receiver.posts).toHaveLength(3);
    expect(new Set(receiver.posts.map((post) => JSON.stringify(post.body))).size).toBe(1);
  });

  it('when the request is bad or the port unknown, then 400 or 404 and nothing is sent', async () => {
    for (const body of [
      { olt: 'olt-1', port: '1/1/1', action: 'open' },
      { olt: 'OLT-TOR-1', port: '1-1-1', action: 'open' },
      { olt: 'OLT-TOR-1', port: '1/1/1', action: 'close' },
      { olt: 'OLT-TOR-1', port: '1/1/1', action: 'open', extra: 1 },
    ])
      expect((await request(app.server).post('/_sim/outages').send(body)).status, JSON.stringify(body)).toBe(
        400,
      );
    expect((await outage('OLT-ZZZ-99', '9/9/9', 'open')).status).toBe(404);
    expect(receiver.posts).toEqual([]);
  });
});

describe('the outage scenarios at start', () => {
  /** A simulator in npm start's outage mode posting to a receiver of its own; both closed after `run`. */
  async function inScenarioMode(
    options: { outageRepeatMs?: number; statuses?: number[] },
    run: (scenarios: Receiver, started: Awaited<ReturnType<typeof createSimulator>>) => Promise<void>,
  ) {
    const scenarios = new Receiver();
    await scenarios.start();
    scenarios.statuses = options.statuses ?? [];
    const started = await createSimulator({
      seed: SEED,
      epoch: EPOCH,
      outageWebhook: { url: scenarios.url, secret: SECRET },
      outageScenarios: true,
      ...(options.outageRepeatMs ? { outageRepeatMs: options.outageRepeatMs } : {}),
    });
    try {
      await run(scenarios, started);
    } finally {
      await started.close();
      await scenarios.close();
    }
    return scenarios;
  }

  it('when the simulator starts with outageScenarios, then every outage port of the catalogue is posted once, together', async () => {
    const scenarios = await inScenarioMode({}, async (received, started) => {
      await until(() => received.posts.length > 0, 'the scenarios webhook');
      const expected = topologyFor(seedNumber(SEED), CUSTOMER_COUNT).ports.filter(
        (port) => port.fault !== null && OUTAGE_FAULTS[port.fault],
      );
      const webhook = alertmanagerWebhookSchema.parse(received.posts[0]!.body);
      expect(webhook.alerts.map((alert) => `${alert.labels.olt}:${alert.labels.port}`).sort()).toEqual(
        expected.map((port) => port.key).sort(),
      );
      expect(webhook.alerts.every((alert) => outageAlertOf(alert).ok)).toBe(true);
      expect((await request(started.server).get('/_sim/outages')).body.open).toHaveLength(expected.length);
    });
    expect(scenarios.posts).toHaveLength(1);
  });

  it('when Insight is not up yet (404 while the functions load), then the scenarios are posted again until accepted', async () => {
    const scenarios = await inScenarioMode({ statuses: [404, 404] }, async (received) => {
      await until(() => received.posts.length >= 3, 'the scenarios webhook accepted');
    });
    expect(scenarios.posts).toHaveLength(3);
  });

  it('when the scenarios fire on, then they are posted again at the repeat interval, the same alerts', async () => {
    await inScenarioMode({ outageRepeatMs: 100 }, async (received) => {
      await until(() => received.posts.length >= 3, 'three scenario webhooks');
      const bodies = received.posts.slice(0, 3).map((post) => JSON.stringify(post.body.alerts));
      expect(new Set(bodies).size).toBe(1);
    });
  });

  it('when no webhook is configured, then nothing is sent and the answer says so', async () => {
    const silent = await createSimulator({
      seed: SEED,
      epoch: EPOCH,
      outageWebhook: null,
      outageScenarios: true,
    });
    try {
      const device = (await request(silent.server).get('/_sim/catalogue?kind=port-feeder&limit=1')).body
        .items[0];
      const res = await request(silent.server)
        .post('/_sim/outages')
        .send({ olt: device.olt, port: device.port, action: 'open' });
      expect(res.status).toBe(200);
      expect(res.body.delivery).toBeNull();
    } finally {
      await silent.close();
    }
  });
});

describe('the stand-in CRM (POST /_sim/crm/outages)', () => {
  const notification = outageNotification(anOutage(), 'open');
  /** Posts `sent` (by default the body signed) as Insight signs it: `secret` over `<timestamp>.<raw>`. */
  const deliver = (
    raw: string,
    secret = DEMO_CRM_SECRET,
    timestamp = Math.floor(Date.now() / 1000),
    sent = raw,
  ) =>
    request(app.server)
      .post('/_sim/crm/outages')
      .set('content-type', 'application/json')
      .set('x-insight-timestamp', String(timestamp))
      .set('x-insight-delivery', notification.deliveryId)
      .set(
        'x-insight-signature',
        `sha256=${createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex')}`,
      )
      .send(sent);

  it('when a notification is signed with the secret over the raw body, then it is kept; otherwise refused', async () => {
    await request(app.server).delete('/_sim/records');
    const raw = JSON.stringify(notification);
    expect((await deliver(raw)).status).toBe(204);
    const kept = (await request(app.server).get('/_sim/records?kind=crm')).body;
    expect(kept).toHaveLength(1);
    expect(kept[0].body).toMatchObject({
      delivery: notification.deliveryId,
      state: 'open',
      affectedAccounts: 17,
    });
    // Another secret, a body re-serialised with other spacing, an old timestamp: 401; not a notification: 400.
    expect((await deliver(raw, 'another-secret')).status).toBe(401);
    const now = Math.floor(Date.now() / 1000);
    expect((await deliver(raw, DEMO_CRM_SECRET, now, JSON.stringify(notification, null, 1))).status).toBe(
      401,
    );
    expect((await deliver(raw, DEMO_CRM_SECRET, Math.floor(Date.now() / 1000) - 600)).status).toBe(401);
    expect((await deliver(JSON.stringify({ state: 'open' }))).status).toBe(400);
    expect((await request(app.server).get('/_sim/records?kind=crm')).body).toHaveLength(1);
  });
});
