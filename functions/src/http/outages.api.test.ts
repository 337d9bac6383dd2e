/**
 * Known outages (docs/outages.md): Alertmanager's webhook into Insight (each refusal writes nothing; an
 * alert opens, updates and resolves its outage; a replay changes nothing; a resolve of an unknown outage is
 * accepted and ignored) and the note operation staff keep.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { EMPTY_OUTAGE_NOTE, outageSchema } from '@insight/common/outages';
import { CAPABILITY_MATRIX, ROLE_KEYS } from '@insight/common/roles';
import { webhookOf, type AlertmanagerWebhook } from '@insight/common/upstream/alertmanager';
import { MemoryOutageStore } from '../domain/outages/outage-store';
import type { Logger } from '../lib/logger';
import { appWith, fakeUpstream, tokenFor } from '../testing/fake-upstream';

const SECRET = 'test-alert-secret';
const LISTING = 'GET /api/fe/wan/v1/pon/olt/{olt}/port/{shelf}/{slot}/{port}/onus';
const T0 = Date.parse('2026-11-27T19:10:00Z');

const onu = (onuId: number, status: 'online' | 'offline', lastDownCause: string | null) => ({
  mac: `A4C1E80000${String(onuId).padStart(2, '0')}`,
  serialNumber: `ADTN${onuId}`,
  onuId,
  status,
  lastDownCause,
  rxPower: status === 'online' ? -19 : null,
  txPower: status === 'online' ? 2 : null,
  oltRxPower: status === 'online' ? -22 : null,
});
/** OLT-TOR-1 1/1/5: five ONUs, four dark on a loss of signal, one suspended. */
const listing = {
  olt: 'OLT-TOR-1',
  port: '1/1/5',
  technology: 'GPON',
  split: 32,
  status: 'up',
  onus: [
    onu(1, 'offline', 'los'),
    onu(2, 'offline', 'los'),
    onu(3, 'offline', 'los'),
    onu(4, 'offline', 'los'),
    onu(5, 'offline', 'adminDown'),
  ],
};

type Alert = AlertmanagerWebhook['alerts'][number];
const portAlert = (overrides: Partial<Alert> = {}): Alert => ({
  status: 'firing',
  labels: {
    alertname: 'PonPortOutage',
    kind: 'pon-outage',
    olt: 'OLT-TOR-1',
    port: '1/1/5',
    severity: 'critical',
  },
  annotations: { onus_down: '4', onus_total: '5', summary: 'PON port OLT-TOR-1 1/1/5: 4 ONUs lost signal' },
  startsAt: '2026-11-27T19:02:00Z',
  endsAt: '0001-01-01T00:00:00Z',
  generatorURL: 'http://prometheus.test/graph',
  fingerprint: '3f2a9c1d0e4b5a67',
  ...overrides,
});
const powerAlert = (overrides: Partial<Alert> = {}): Alert => ({
  ...portAlert(),
  labels: {
    alertname: 'AreaPowerOutage',
    kind: 'power-outage',
    head_end: 'ON-TOR-01',
    area: 'MA-TOR',
    severity: 'critical',
  },
  annotations: { onus_down: '12', onus_total: '40' },
  fingerprint: 'aa00bb11cc22dd33',
  ...overrides,
});
const webhook = (...alerts: Alert[]) => webhookOf(alerts, 'http://alertmanager.test');
const PORT_ID = '3f2a9c1d0e4b5a67-1795806120';

function setup(options: { secret?: string; listingStatus?: number } = {}) {
  let now = T0;
  const warnings: Array<{ message: string; data?: Record<string, unknown> }> = [];
  // The outage receiver's own warnings (the request log's lines left out).
  const logger: Logger = {
    info() {},
    error() {},
    warn: (message, data) => {
      if (message.startsWith('outage')) warnings.push({ message, data });
    },
  };
  const store = new MemoryOutageStore({ 'OLT-TOR-1': { headEnd: 'ON-TOR-01', area: 'MA-TOR' } });
  const upstream = fakeUpstream({
    [LISTING]: { status: options.listingStatus ?? 200, body: listing },
  });
  const { app, audit } = appWith(upstream.transport, {
    outages: { store, alertSecret: () => options.secret ?? SECRET },
    logger,
    now: () => now,
  });
  const post = (body: unknown, authorization = `Bearer ${SECRET}`) =>
    request(app)
      .post('/api/outages/alerts')
      .set('authorization', authorization)
      .send(body as object);
  return { app, audit, store, upstream, warnings, post, later: (ms: number) => (now += ms) };
}

describe('POST /api/outages/alerts (Alertmanager webhook)', () => {
  it('when the bearer secret is absent, wrong or not configured, then 401 and nothing is written', async () => {
    const { post, store, upstream } = setup();
    for (const authorization of ['', `Bearer ${SECRET}x`, `Basic ${SECRET}`, SECRET]) {
      const res = await post(webhook(portAlert()), authorization);
      expect(res.status, authorization).toBe(401);
      expect(res.body.error.code).toBe('unauthenticated');
    }
    const unset = setup({ secret: '' });
    expect((await unset.post(webhook(portAlert()), 'Bearer ')).status).toBe(401);
    expect((await unset.post(webhook(portAlert()))).status).toBe(401);
    expect([...store.writes, ...unset.store.writes]).toEqual([]);
    expect(upstream.calls).toEqual([]);
  });

  it('when the payload is malformed, then 400 and nothing is written', async () => {
    const { post, store } = setup();
    const bodies: unknown[] = [
      { ...webhook(portAlert()), version: '3' },
      { ...webhook(portAlert()), alerts: [] },
      { ...webhook(portAlert()), alerts: 'all' },
      webhook(portAlert({ fingerprint: 'NOT-HEX' })),
      webhook(portAlert({ startsAt: 'yesterday' })),
      webhook({ ...portAlert(), status: 'pending' as 'firing' }),
      { version: '4' },
    ];
    for (const body of bodies) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error.code).toBe('invalid_input');
    }
    expect(store.writes).toEqual([]);
  });

  it('when an alert lacks the labels the rules set, then 400, logged, and none of the payload is written', async () => {
    const { post, store, warnings } = setup();
    const lacking: Alert[] = [
      portAlert({ labels: { alertname: 'Other', olt: 'OLT-TOR-1', port: '1/1/5' } }),
      portAlert({ labels: { kind: 'pon-outage', olt: 'OLT-TOR-1' } }),
      portAlert({ labels: { kind: 'partial-port', olt: 'olt; drop', port: '1/1/5' } }),
      powerAlert({ labels: { kind: 'power-outage' } }),
    ];
    for (const alert of lacking) {
      // A valid alert first: the refusal of the second leaves it unwritten too.
      const res = await post(webhook(powerAlert(), alert));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(alert.fingerprint);
    }
    expect(store.writes).toEqual([]);
    expect(warnings.map((warning) => warning.message)).toEqual(lacking.map(() => 'outage alert refused'));
    expect(warnings[1]!.data).toMatchObject({ reason: 'labels olt and port missing or malformed' });
  });

  it('when a port alert fires, then its outage opens with the counts, the accounts of the port and its area', async () => {
    const { post, store, upstream } = setup();
    const res = await post(webhook(portAlert()));
    expect(res.status).toBe(200);
    expect(res.body.outcomes).toEqual([
      { fingerprint: '3f2a9c1d0e4b5a67', startsAt: '2026-11-27T19:02:00.000Z', outcome: 'opened' },
    ]);
    const stored = store.outages.get(PORT_ID)!;
    // Every field the schema holds, none more.
    expect(outageSchema.strict().parse(stored)).toEqual(stored);
    const opened = new Date(T0).toISOString();
    expect(stored).toMatchObject({ state: 'open', kind: 'pon-outage', olt: 'OLT-TOR-1', port: '1/1/5' });
    expect(stored).toMatchObject({
      headEnd: 'ON-TOR-01',
      area: 'MA-TOR',
      startsAt: '2026-11-27T19:02:00.000Z',
    });
    // The suspended ONU is no affected account.
    expect([stored.onusDown, stored.onusTotal, stored.accounts]).toEqual([4, 5, 4]);
    expect([stored.updatedAt, stored.endsAt, stored.note]).toEqual([opened, null, EMPTY_OUTAGE_NOTE]);
    expect(stored.notify).toEqual({ state: 'pending', attempts: 0, lastError: null, updatedAt: opened });
    expect(upstream.calls.map((call) => call.params)).toEqual([
      { olt: 'OLT-TOR-1', shelf: '1', slot: '1', port: '5' },
    ]);
  });

  it('when the same webhook comes again, then nothing changes', async () => {
    const { post, store, later } = setup();
    await post(webhook(portAlert(), powerAlert()));
    const before = structuredClone([...store.outages.values()]);
    const writes = store.writes.length;
    later(60_000);
    const res = await post(webhook(portAlert(), powerAlert()));
    expect(res.status).toBe(200);
    expect(res.body.outcomes.map((item: { outcome: string }) => item.outcome)).toEqual([
      'unchanged',
      'unchanged',
    ]);
    expect(store.writes.length).toBe(writes);
    expect([...store.outages.values()]).toEqual(before);
  });

  it('when the counts change, then the open outage is updated and keeps its start and notification', async () => {
    const { post, store, later } = setup();
    await post(webhook(portAlert()));
    later(300_000);
    const res = await post(webhook(portAlert({ annotations: { onus_down: '5', onus_total: '5' } })));
    expect(res.body.outcomes[0].outcome).toBe('updated');
    expect(store.outages.get(PORT_ID)).toMatchObject({
      state: 'open',
      onusDown: 5,
      startsAt: '2026-11-27T19:02:00.000Z',
      updatedAt: new Date(T0 + 300_000).toISOString(),
      notify: { state: 'pending', updatedAt: new Date(T0).toISOString() },
    });
  });

  it('when the alert resolves, then the outage is resolved once; a resolve of an unknown outage is accepted and ignored', async () => {
    const { post, store, later } = setup();
    await post(webhook(portAlert()));
    later(3_600_000);
    const resolved = portAlert({ status: 'resolved', endsAt: '2026-11-27T20:05:00Z' });
    const res = await post(webhook(resolved));
    expect(res.body.outcomes[0].outcome).toBe('resolved');
    expect(store.outages.get(PORT_ID)).toMatchObject({
      state: 'resolved',
      endsAt: '2026-11-27T20:05:00.000Z',
      updatedAt: new Date(T0 + 3_600_000).toISOString(),
      notify: { state: 'pending', attempts: 0, updatedAt: new Date(T0 + 3_600_000).toISOString() },
    });
    const writes = store.writes.length;
    // Replayed, or the firing alert arriving late: nothing.
    expect((await post(webhook(resolved))).body.outcomes[0].outcome).toBe('unchanged');
    expect((await post(webhook(portAlert()))).body.outcomes[0].outcome).toBe('unchanged');
    const unknown = await post(webhook(powerAlert({ status: 'resolved', endsAt: '2026-11-27T20:00:00Z' })));
    expect(unknown.status).toBe(200);
    expect(unknown.body.outcomes[0].outcome).toBe('ignored');
    expect(store.writes.length).toBe(writes);
    expect(store.outages.size).toBe(1);
  });

  it('when the OLT was not in the network lists at the open, then a later firing alert fills its area in', async () => {
    const { post, store } = setup();
    const unknown = portAlert({
      labels: { ...portAlert().labels, olt: 'OLT-TOR-9' },
      fingerprint: '99aa00bb11cc22dd',
    });
    await post(webhook(unknown));
    const id = '99aa00bb11cc22dd-1795806120';
    expect(store.outages.get(id)).toMatchObject({ olt: 'OLT-TOR-9', headEnd: null, area: null });
    store.places['OLT-TOR-9'] = { headEnd: 'ON-TOR-03', area: 'MA-TOR' };
    expect((await post(webhook(unknown))).body.outcomes[0].outcome).toBe('updated');
    expect(store.outages.get(id)).toMatchObject({ headEnd: 'ON-TOR-03', area: 'MA-TOR' });
    expect((await post(webhook(unknown))).body.outcomes[0].outcome).toBe('unchanged');
  });

  it('when the same alert fires again after its resolve, then a new outage opens (a new start)', async () => {
    const { post, store } = setup();
    await post(webhook(portAlert()));
    await post(webhook(portAlert({ status: 'resolved', endsAt: '2026-11-27T20:05:00Z' })));
    await post(webhook(portAlert({ startsAt: '2026-11-27T21:00:00Z' })));
    expect([...store.outages.values()].map((outage) => [outage.id, outage.state])).toEqual([
      [PORT_ID, 'resolved'],
      ['3f2a9c1d0e4b5a67-1795813200', 'open'],
    ]);
  });

  it('when a power outage fires, then its area comes from its labels and no port is asked', async () => {
    const { post, store, upstream } = setup();
    await post(webhook(powerAlert()));
    expect(store.outages.get('aa00bb11cc22dd33-1795806120')).toMatchObject({
      kind: 'power-outage',
      olt: null,
      port: null,
      headEnd: 'ON-TOR-01',
      area: 'MA-TOR',
      onusDown: 12,
      onusTotal: 40,
      accounts: 12,
    });
    expect(upstream.calls).toEqual([]);
  });

  it('when the port listing fails, then the outage opens all the same with the counts of the annotations', async () => {
    const { post, store, warnings } = setup({ listingStatus: 503 });
    expect((await post(webhook(portAlert({ annotations: { onus_down: '4' } })))).status).toBe(200);
    expect(store.outages.get(PORT_ID)).toMatchObject({ onusDown: 4, onusTotal: 4, accounts: 4 });
    expect(warnings.map((warning) => warning.message)).toEqual(['outage: port listing unavailable']);
  });
});

describe('GET /api/outages/olt-info (the info series the power rule joins on)', () => {
  it('when Prometheus scrapes with the secret, then each OLT of the network lists is one olt_info series; without it, 401', async () => {
    const { app, store } = setup();
    store.places['OLT-OTT-2'] = { headEnd: 'ON-OTT-02', area: 'MA-OTT' };
    const scrape = (authorization: string) =>
      request(app).get('/api/outages/olt-info').set('authorization', authorization);
    const res = await scrape(`Bearer ${SECRET}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.text).toBe(
      [
        "# HELP olt_info An OLT's head end and marketing area in Insight's network lists.",
        '# TYPE olt_info gauge',
        'olt_info{olt="OLT-OTT-2",head_end="ON-OTT-02",area="MA-OTT"} 1',
        'olt_info{olt="OLT-TOR-1",head_end="ON-TOR-01",area="MA-TOR"} 1',
        '',
      ].join('\n'),
    );
    expect((await scrape('Bearer wrong')).status).toBe(401);
    expect((await request(app).get('/api/outages/olt-info')).status).toBe(401);
  });
});

describe('PUT /api/outages/{id}/note', () => {
  const note = { ticket: 'OUT-123', backAbout: '2026-11-27T16:00:00-05:00', text: 'Crew on site' };

  it('when operation saves a note, then it is stored, answered and audited', async () => {
    const { app, post, store, audit } = setup();
    await post(webhook(portAlert()));
    const res = await request(app)
      .put(`/api/outages/${PORT_ID}/note`)
      .set('authorization', tokenFor('ops', ['operation']))
      .send(note);
    expect(res.status).toBe(200);
    const saved = { ticket: 'OUT-123', backAbout: '2026-11-27T21:00:00.000Z', text: 'Crew on site' };
    expect(res.body.note).toEqual(saved);
    expect(store.outages.get(PORT_ID)!.note).toEqual(saved);
    expect(audit.records).toEqual([
      expect.objectContaining({
        uid: 'ops',
        operation: 'outageNote',
        parameters: saved,
        outcome: 'sent',
        collection: 'outages',
        docId: PORT_ID,
      }),
    ]);
  });

  it('when a role without outagesNote saves a note, then 403 and nothing is written', async () => {
    for (const role of ROLE_KEYS) {
      const { app, post, store, audit } = setup();
      await post(webhook(portAlert()));
      const writes = store.writes.length;
      const res = await request(app)
        .put(`/api/outages/${PORT_ID}/note`)
        .set('authorization', tokenFor('u1', [role]))
        .send(note);
      const allowed = CAPABILITY_MATRIX.outagesNote.includes(role);
      expect(res.status, role).toBe(allowed ? 200 : 403);
      if (!allowed) {
        expect(store.writes.length, role).toBe(writes);
        expect(audit.records, role).toEqual([]);
      }
    }
    const { app } = setup();
    expect((await request(app).put(`/api/outages/${PORT_ID}/note`).send(note)).status).toBe(401);
  });

  it('when the note or the id is invalid, or the outage unknown, then 400 or 404 and nothing is written', async () => {
    const { app, post, store, audit } = setup();
    await post(webhook(portAlert()));
    const writes = store.writes.length;
    const put = (id: string, body: unknown) =>
      request(app)
        .put(`/api/outages/${id}/note`)
        .set('authorization', tokenFor('ops', ['operation']))
        .send(body as object);
    for (const body of [
      { ...note, ticket: 'OUT 1;' },
      { ...note, backAbout: 'tomorrow' },
      { ...note, text: 'x'.repeat(501) },
      { ...note, extra: true },
      { ticket: 'OUT-1' },
    ]) {
      const res = await put(PORT_ID, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect((await put('not an id', note)).status).toBe(400);
    expect((await put('0123456789abcdef-1', note)).status).toBe(404);
    expect(store.writes.length).toBe(writes);
    expect(audit.records).toEqual([]);
  });
});
