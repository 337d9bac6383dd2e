import { get as httpGet, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createBrotliDecompress, createGunzip } from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { CAPABILITY_MATRIX, ROLE_KEYS, type Capability } from '@insight/common/roles';
import { appWith, fakeUpstream, testVerifyToken, tokenFor } from '../testing/fake-upstream';
import { seedThresholdSet } from '@insight/common/threshold-seed';
import { certificate, details, firmware, healthyRoutes, lan, MAC } from '../testing/fixtures';
import { memoryLookStore } from '../domain/diagnosis/look-store';

const ONU = '/api/fe/wan/v1/pon/onu/{mac}';
const HOUR = 3_600_000;

function setup(overrides: Record<string, unknown> = {}, deps = {}) {
  const upstream = fakeUpstream({ ...healthyRoutes(), ...(overrides as Record<string, never>) });
  const { app, audit } = appWith(upstream.transport, deps);
  const as = (roles = ['engineering'] as Parameters<typeof tokenFor>[1]) => ({
    get: (path: string) => request(app).get(path).set('authorization', tokenFor('u1', roles)),
    post: (path: string, body: object = {}) =>
      request(app).post(path).set('authorization', tokenFor('u1', roles)).send(body),
  });
  return { app, audit, upstream, as };
}

const ENDPOINTS: Array<{ method: 'get' | 'post'; path: string; capability: Capability; body?: object }> = [
  { method: 'get', path: `/api/360/${MAC}/customer`, capability: 'view360' },
  { method: 'get', path: `/api/360/${MAC}/wan`, capability: 'view360' },
  { method: 'get', path: `/api/360/${MAC}/lan`, capability: 'view360' },
  { method: 'get', path: `/api/360/${MAC}/voice`, capability: 'view360' },
  { method: 'get', path: `/api/360/${MAC}/birth-certificates`, capability: 'view360' },
  { method: 'get', path: `/api/360/${MAC}/neighbourhood`, capability: 'view360' },
  { method: 'get', path: '/api/ports/OLT-OTT-1/1/1/1', capability: 'portView' },
  { method: 'post', path: `/api/360/${MAC}/reset`, capability: 'deviceReset' },
  {
    method: 'post',
    path: `/api/360/${MAC}/voice/ports/1`,
    capability: 'voiceOps',
    body: { operation: 'mwiReset' },
  },
  { method: 'post', path: `/api/360/${MAC}/birth-certificates/regenerate`, capability: 'regenerateBc' },
  {
    method: 'post',
    path: `/api/360/${MAC}/birth-certificates/sms`,
    capability: 'sendBcSms',
    body: { phone: '613-555-0199', certificateId: 'bc-2' },
  },
];

describe('authentication and the role matrix', () => {
  it('when no token or a bad token is sent, then every endpoint answers 401 and no upstream is called', async () => {
    const { app, upstream } = setup();
    for (const endpoint of ENDPOINTS) {
      expect((await request(app)[endpoint.method](endpoint.path)).status, endpoint.path).toBe(401);
      expect(
        (await request(app)[endpoint.method](endpoint.path).set('authorization', 'Bearer forged')).status,
      ).toBe(401);
    }
    expect(upstream.calls).toHaveLength(0);
  });

  it('when each role calls each endpoint, then the answer follows the capability matrix', async () => {
    for (const role of [...ROLE_KEYS, null]) {
      const { as } = setup();
      for (const endpoint of ENDPOINTS) {
        const roles = role ? [role] : [];
        const client = as(roles);
        const res =
          endpoint.method === 'get'
            ? await client.get(endpoint.path)
            : await client.post(endpoint.path, endpoint.body);
        const allowed = role !== null && CAPABILITY_MATRIX[endpoint.capability].includes(role);
        expect(res.status === 403, `${role} ${endpoint.path} → ${res.status}`).toBe(!allowed);
        if (!allowed) expect(res.body.error.code).toBe('forbidden');
      }
    }
  });
});

describe('MAC validation', () => {
  it.each([
    ['empty', '%20'],
    ['11 hex digits', 'AABBCCDDEEF'],
    ['13 hex digits', 'AABBCCDDEEFF0'],
    ['non-hex', 'GGBBCCDDEEFF'],
    ['encoded slashes', 'AA%2FBB%2FCC%2FDD%2FEE%2FFF'],
    ['encoded traversal', '..%2F..%2Fadmin'],
    ['very long', 'A'.repeat(5000)],
  ])('when the MAC is %s, then 400 invalid_mac and no upstream call', async (_name, mac) => {
    const { as, upstream } = setup();
    const res = await as().get(`/api/360/${mac}/customer`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_mac');
    expect(upstream.calls).toHaveLength(0);
  });

  it('when the path tries to traverse, then no route matches and no upstream is called', async () => {
    const { as, upstream } = setup();
    expect((await as().get('/api/360/../../customer')).status).toBe(404);
    expect(upstream.calls).toHaveLength(0);
  });

  it.each(['aa:bb:cc:dd:ee:ff', 'aa-bb-cc-dd-ee-ff', 'aabb.ccdd.eeff', 'AaBbCcDdEeFf'])(
    'when the MAC is written %s, then it is normalised before the upstream call',
    async (mac) => {
      const { as, upstream } = setup();
      expect((await as().get(`/api/360/${mac}/lan`)).status).toBe(200);
      expect(upstream.calls[0]!.params.mac).toBe(MAC);
    },
  );
});

describe('customer section', () => {
  it('when everything answers, then the customer is assembled with when it was fetched', async () => {
    const { as } = setup();
    const res = await as().get(`/api/360/${MAC}/customer?language=fr`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      mac: MAC,
      name: { line1: 'Marie Tremblay', line2: 'Luc Gagnon' },
      phone: '613-555-1234',
      email: 'marie@example.ca',
      node: 'OTT101',
    });
    expect(Date.parse(res.body.fetchedAt)).not.toBeNaN();
  });
  it('when the customer lookup answers 404, then 404 "MAC not found"', async () => {
    const { as } = setup({ 'GET /customer-accounts': { status: 404, body: {} } });
    const res = await as().get(`/api/360/${MAC}/customer`);
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'mac_not_found', message: 'MAC not found' });
  });
  it('when billing fails, then the other server error names the failing path shape and message', async () => {
    const { as } = setup({
      'GET /customer-accounts/{customerAccountNumber}/billing-accounts': {
        status: 500,
        body: { message: 'db down' },
      },
    });
    const res = await as().get(`/api/360/${MAC}/customer`);
    expect(res.status).toBe(502);
    expect(res.body.error).toEqual({
      code: 'other_server_error',
      message: 'Upstream answered 500: db down',
      path: '/customer-accounts/{customerAccountNumber}/billing-accounts',
    });
  });
  it('when loki fails, then the customer still renders with a loki error value', async () => {
    const { as } = setup({
      'GET /customer-accounts/{customerAccountNumber}/loki/macs': { status: 503, body: {} },
    });
    const res = await as().get(`/api/360/${MAC}/customer`);
    expect(res.status).toBe(200);
    expect(res.body.data.lokiData.error.code).toBe('upstream_error');
  });
  it('when an upstream returns a malformed account number, then it never reaches another URL', async () => {
    const { as, upstream } = setup({
      'GET /customer-accounts': {
        status: 200,
        body: {
          customerAccountNumber: '../admin',
          customerAccountType: 'RES',
          customerAccountTypeName: 'R',
          contactList: [],
        },
      },
    });
    expect((await as().get(`/api/360/${MAC}/customer`)).status).toBe(502);
    expect(upstream.calls.map((c) => c.path)).toEqual(['/customer-accounts']);
  });
});

describe('WAN section', () => {
  it('when the customer has no error, then registration and provisioning are fetched too', async () => {
    const { as, upstream } = setup();
    const res = await as().get(`/api/360/${MAC}/wan?language=fr`);
    expect(res.status).toBe(200);
    expect(res.body.data.registration.status).toBe('registered');
    expect(res.body.data.firmware.scoreLabel).toBe('correct');
    expect(upstream.called(`${ONU}/provisioning/status`)[0]!.query.language).toBe('fr');
  });
  it.each([
    ['404', { status: 404, body: {} }],
    ['500', { status: 500, body: {} }],
  ])(
    'when the customer lookup fails with %s, then registration and provisioning are not called',
    async (_name, reply) => {
      const { as, upstream } = setup({ 'GET /customer-accounts': reply });
      const res = await as().get(`/api/360/${MAC}/wan`);
      expect(res.status).toBe(200);
      expect(res.body.data.registration).toBeNull();
      expect(res.body.data.provisioning).toBeNull();
      expect(upstream.called(`${ONU}/registration`)).toHaveLength(0);
      expect(upstream.called(`${ONU}/provisioning/status`)).toHaveLength(0);
      expect(upstream.called(`${ONU}/details`)).toHaveLength(1);
    },
  );
  it.each([
    [0, 'correct'],
    [1, 'wrong'],
    [-1, 'noApproved'],
  ])('when the firmware score is %i, then it reads %s', async (score, label) => {
    const { as } = setup({
      [`GET ${ONU}/firmware`]: {
        status: 200,
        body: {
          model: 'm',
          revision: 'r',
          current: 'A',
          latest: 'C',
          approved: score === -1 ? [] : ['C'],
          score,
        },
      },
    });
    expect((await as().get(`/api/360/${MAC}/wan`)).body.data.firmware.scoreLabel).toBe(label);
  });
});

describe('voice and birth-certificate sections', () => {
  it('when the device is GPON, then the subscriber is found by serial number alone and ports are sorted', async () => {
    const { as, upstream } = setup();
    const res = await as().get(`/api/360/${MAC}/voice`);
    expect(res.body.data.subscriber.ports.map((p: { port: number }) => p.port)).toEqual([1, 2, 3]);
    expect(upstream.called('/api/fe/telephony/subscriber/{serialNumber}')[0]!.params).toEqual({
      serialNumber: 'ALCL10000001',
    });
  });
  it('when the device is EPON, then the subscriber is found by serial number and host IP MTA', async () => {
    const { as, upstream } = setup({
      [`GET ${ONU}/details`]: {
        status: 200,
        body: details({ networkType: 'EPON', serialNumber: 'ZTEG20000001', hostIpMta: '10.64.0.1' }),
      },
      'GET /api/fe/telephony/subscriber/{serialNumber}/hostIpMta/{hostIpMta}': {
        status: 200,
        body: { ...(healthyRoutes()['GET /api/fe/telephony/subscriber/{serialNumber}']!.body as object) },
      },
    });
    expect((await as().get(`/api/360/${MAC}/voice`)).status).toBe(200);
    expect(
      upstream.called('/api/fe/telephony/subscriber/{serialNumber}/hostIpMta/{hostIpMta}')[0]!.params,
    ).toEqual({ serialNumber: 'ZTEG20000001', hostIpMta: '10.64.0.1' });
    expect(upstream.called('/api/fe/telephony/subscriber/{serialNumber}')).toHaveLength(0);
  });
  it('when there is no telephony subscriber, then the voice section says so without an error', async () => {
    const { as } = setup({ 'GET /api/fe/telephony/subscriber/{serialNumber}': { status: 404, body: {} } });
    const res = await as().get(`/api/360/${MAC}/voice`);
    expect(res.status).toBe(200);
    expect(res.body.data.subscriber).toBeNull();
  });
  it('when certificates exist, then they are listed newest first with the lower-case network type and BU prefix', async () => {
    const { as, upstream } = setup();
    const res = await as().get(`/api/360/${MAC}/birth-certificates`);
    expect(res.body.data.certificates.map((c: { id: string }) => c.id)).toEqual(['bc-2', 'bc-1']);
    expect(upstream.called('/{networkType}/bc/bu/{prefix}/onumac/{mac}/all')[0]!.params).toEqual({
      networkType: 'gpon',
      prefix: 'ON',
      mac: MAC,
    });
  });
  it('when the device has no certificate (404), then the list is empty', async () => {
    const { as } = setup({ 'GET /{networkType}/bc/bu/{prefix}/onumac/{mac}/all': { status: 404, body: {} } });
    const res = await as().get(`/api/360/${MAC}/birth-certificates`);
    expect(res.status).toBe(200);
    expect(res.body.data.certificates).toEqual([]);
  });
});

describe('cache', () => {
  it('when the same view is opened twice, then the upstreams are called once and the answer says cached', async () => {
    const { as, upstream } = setup();
    const first = await as().get(`/api/360/${MAC}/wan`);
    await as().get(`/api/360/${MAC}/voice`);
    const again = await as().get(`/api/360/${MAC}/wan`);
    expect(first.body.cached).toBe(false);
    expect(again.body.cached).toBe(true);
    expect(again.body.fetchedAt).toBe(first.body.fetchedAt);
    expect(upstream.called(`${ONU}/details`)).toHaveLength(1);
  });
  it('when a section is refreshed right after the view opened, then its upstream calls are made again', async () => {
    // The deployed fresh window (2 s): what the view's own reads loaded a moment ago is not reused.
    const { as, upstream } = setup({}, { cache: { ttlMs: 30_000, freshWindowMs: 2_000, maxEntries: 100 } });
    await as().get(`/api/360/${MAC}/lan`);
    const refreshed = await as().get(`/api/360/${MAC}/lan?refresh=1`);
    expect(refreshed.body.cached).toBe(false);
    expect(upstream.called('/api/fe/lan/v1/cpe/{mac}')).toHaveLength(2);
  });
  it('when every section is refreshed at once, then the sections share the refresh’s upstream calls', async () => {
    // A window that the three refreshes fall within however starved the process (the sharing is under
    // test, not the window's length: lib/call-cache.test.ts holds that, on its own clock).
    const { as, upstream } = setup({}, { cache: { ttlMs: 60_000, freshWindowMs: 60_000, maxEntries: 100 } });
    await as().get(`/api/360/${MAC}/wan`);
    expect(upstream.called(`${ONU}/details`)).toHaveLength(1);
    await Promise.all(
      ['wan', 'voice', 'birth-certificates'].map((section) =>
        as().get(`/api/360/${MAC}/${section}?refresh=1`),
      ),
    );
    expect(upstream.called(`${ONU}/details`)).toHaveLength(2);
  });
});

describe('operations', () => {
  it('when a support2 user resets a device, then the upstream gets {action:"reset"} and one audit record is written', async () => {
    const { as, upstream, audit } = setup();
    const res = await as(['support2']).post(`/api/360/aa:bb:cc:dd:ee:ff/reset`);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      status: 'sent',
      requestId: 'r1',
      sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      sentBy: 'u1@insight.test',
      expectedBackSeconds: 120,
    });
    expect(upstream.called(`${ONU}/action`)[0]!.body).toEqual({ action: 'reset' });
    expect(audit.records).toEqual([
      expect.objectContaining({
        uid: 'u1',
        mac: MAC,
        operation: 'deviceReset',
        outcome: 'sent',
        customerAccountNumber: expect.any(String),
      }),
    ]);
  });
  it('when a second reset follows the first within minutes (another agent), then it is refused with when and by whom, and goes out once asked again', async () => {
    const { as, upstream, audit } = setup();
    expect((await as(['support2']).post(`/api/360/${MAC}/reset`)).status).toBe(202);
    const again = await as(['operation']).post(`/api/360/${MAC}/reset`);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'conflict',
      details: { kind: 'recentReset', by: 'u1@insight.test', at: expect.any(String) },
    });
    expect(upstream.called(`${ONU}/action`)).toHaveLength(1);
    expect(audit.records).toHaveLength(1);
    const confirmed = await as(['operation']).post(`/api/360/${MAC}/reset`, { repeat: true });
    expect(confirmed.status).toBe(202);
    expect(upstream.called(`${ONU}/action`)).toHaveLength(2);
  });
  it('when the last reset failed, then the next one is not held back', async () => {
    const { as, audit } = setup({ [`POST ${ONU}/action`]: { status: 500, body: {} } });
    expect((await as().post(`/api/360/${MAC}/reset`)).status).toBe(502);
    expect((await as().post(`/api/360/${MAC}/reset`)).status).toBe(502);
    expect(audit.records).toHaveLength(2);
  });
  it('when the reset fails upstream, then it answers 502 and still writes exactly one (failed) audit record', async () => {
    const { as, audit } = setup({ [`POST ${ONU}/action`]: { status: 500, body: {} } });
    expect((await as().post(`/api/360/${MAC}/reset`)).status).toBe(502);
    expect(audit.records).toEqual([
      expect.objectContaining({ operation: 'deviceReset', outcome: 'failed', errorCode: 'upstream_error' }),
    ]);
  });
  it.each([
    [{ operation: 'callForwarding', enabled: true, number: '6135550100' }, 'PUT', '/call-forwarding'],
    [{ operation: 'voicemailPasswordReset' }, 'POST', '/voicemail/password-reset'],
    [{ operation: 'mwiReset' }, 'POST', '/voicemail/mwi-reset'],
    [{ operation: 'voicemailLanguage', language: 'fr' }, 'PUT', '/voicemail/language'],
  ])(
    'when the voice operation %j is sent, then the telephony service gets %s …%s and the audit has it',
    async (body, method, suffix) => {
      const path = `/api/fe/telephony/subscriber/{serialNumber}/ports/{port}${suffix}`;
      const { as, upstream, audit } = setup({
        [`${method} ${path}`]: {
          status: 202,
          body: { accepted: true, operation: body.operation, port: 2, requestId: 'v1' },
        },
      });
      expect((await as(['support1']).post(`/api/360/${MAC}/voice/ports/2`, body)).status).toBe(202);
      expect(upstream.called(path)[0]!.params).toEqual({ serialNumber: 'ALCL10000001', port: '2' });
      expect(audit.records).toHaveLength(1);
      expect(audit.records[0]).toMatchObject({
        operation: body.operation,
        parameters: expect.objectContaining({ port: 2 }),
        outcome: 'sent',
      });
    },
  );
  it.each([{ operation: 'callForwarding', enabled: true, number: '123' }, { operation: 'format-disk' }, {}])(
    'when the voice body %j is invalid, then 400 and nothing is sent or audited',
    async (body) => {
      const { as, upstream, audit } = setup();
      const res = await as().post(`/api/360/${MAC}/voice/ports/1`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_input');
      expect(upstream.calls).toHaveLength(0);
      expect(audit.records).toHaveLength(0);
    },
  );

  const regenerateAt = async (ageMs: number | null) => {
    const now = Date.UTC(2026, 10, 21, 12);
    const list =
      ageMs === null
        ? { status: 404, body: {} }
        : {
            status: 200,
            body: [
              certificate('bc-old', new Date(now - 90 * 24 * HOUR).toISOString()),
              certificate('bc-last', new Date(now - ageMs).toISOString()),
            ],
          };
    const answer = (method: string) => () => ({
      status: method === 'PUT' ? 201 : 200,
      body: certificate(method === 'PUT' ? 'bc-new' : 'bc-last', new Date(now).toISOString()),
    });
    const { as, upstream, audit } = setup(
      {
        'GET /{networkType}/bc/bu/{prefix}/onumac/{mac}/all': list,
        'PUT /{networkType}/bc/bu/{prefix}': answer('PUT'),
        'POST /{networkType}/bc/bu/{prefix}': answer('POST'),
      },
      { now: () => now },
    );
    const res = await as(['install']).post(`/api/360/${MAC}/birth-certificates/regenerate`);
    return { res, upstream, audit, as };
  };
  it('when the last certificate is 23 h 59 old, then regeneration uses POST and replaces it by id', async () => {
    const { res, upstream, as } = await regenerateAt(23 * HOUR + 59 * 60_000);
    expect(res.status).toBe(201);
    expect(res.body.method).toBe('POST');
    const sent = upstream.calls.find((c) => c.method === 'POST')!;
    expect(sent.body).toEqual({
      cmts: '',
      requestDetails: [
        {
          macAddress: MAC,
          techName: 'INSIGHT_UI',
          jobType: 'REGENERATION',
          servicesAdded: ['INTERNET'],
          bcEpicoDevices: [],
        },
      ],
    });
    const list = await as().get(`/api/360/${MAC}/birth-certificates`);
    expect(list.body.data.certificates.map((c: { id: string }) => c.id)).toEqual(['bc-last', 'bc-old']);
  });
  it('when the last certificate is 24 h 01 old, then regeneration uses PUT and adds the new one', async () => {
    const { res, upstream, audit, as } = await regenerateAt(24 * HOUR + 60_000);
    expect(res.body.method).toBe('PUT');
    expect(upstream.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(audit.records).toEqual([expect.objectContaining({ operation: 'regenerateBc', outcome: 'sent' })]);
    const list = await as().get(`/api/360/${MAC}/birth-certificates`);
    expect(list.body.data.certificates.map((c: { id: string }) => c.id)).toEqual([
      'bc-new',
      'bc-last',
      'bc-old',
    ]);
  });
  it('when there is no certificate yet, then regeneration uses PUT without servicesAdded', async () => {
    const { res, upstream } = await regenerateAt(null);
    expect(res.body.method).toBe('PUT');
    expect(upstream.calls.find((c) => c.method === 'PUT')!.body).toEqual({
      cmts: '',
      requestDetails: [
        { macAddress: MAC, techName: 'INSIGHT_UI', jobType: 'REGENERATION', bcEpicoDevices: [] },
      ],
    });
  });
  it('when a certificate is sent by SMS to a valid number, then the gateway gets it and the audit has it; a bad number is refused', async () => {
    const { as, upstream, audit } = setup();
    const res = await as(['support1']).post(`/api/360/${MAC}/birth-certificates/sms`, {
      phone: '(613) 555-0199',
      certificateId: 'bc-2',
      language: 'fr',
    });
    expect(res.status).toBe(202);
    expect(upstream.called('/v1/messages')[0]!.body).toMatchObject({
      to: '6135550199',
      mac: MAC,
      body: expect.stringContaining('certificat'),
    });
    // The certificate's date in the customers' zone (2026-06-01 00:00 UTC is the evening before in Toronto).
    expect(upstream.called('/v1/messages')[0]!.body).toMatchObject({
      body: expect.stringContaining('2026-05-31 20 h 00'),
    });
    expect(audit.records).toHaveLength(1);
    expect(
      (
        await as().post(`/api/360/${MAC}/birth-certificates/sms`, {
          phone: '555-0199',
          certificateId: 'bc-2',
        })
      ).status,
    ).toBe(400);
    expect(audit.records).toHaveLength(1);
  });
});

describe('SMS: strict numbers and limits', () => {
  const send = (app: Parameters<typeof request>[0], uid: string, mac: string, phone = '613 555 0199') =>
    request(app)
      .post(`/api/360/${mac}/birth-certificates/sms`)
      .set('authorization', tokenFor(uid, ['support1']))
      .send({ phone, certificateId: 'bc-2' });

  it.each([
    ['markup around a number', '<script>alert(1)</script>5145550199'],
    ['text around a number', 'call 514 555 0199 now'],
    ['a letter among the digits', '514555019a'],
    ['an area code starting with 1', '114 555 0199'],
    ['an exchange starting with 0', '514 055 0199'],
    ['a number outside North America', '+44 20 7946 0958'],
    ['eleven digits', '51455501999'],
    ['nine digits', '514555019'],
  ])('when the phone is %s, then 400 and nothing is sent or audited', async (_label, phone) => {
    const { app, upstream, audit } = setup();
    const res = await send(app, 'u1', MAC, phone);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_input');
    expect(upstream.called('/v1/messages')).toHaveLength(0);
    expect(audit.records).toHaveLength(0);
  });

  it('when one user sends a sixth SMS within ten minutes, then 429 with Retry-After, the refusal is audited and nothing goes out', async () => {
    const { app, upstream, audit } = setup();
    for (let i = 0; i < 5; i += 1) expect((await send(app, 'u1', MAC, '+1 (514) 555-0199')).status).toBe(202);
    const refused = await send(app, 'u1', MAC);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(upstream.called('/v1/messages')).toHaveLength(5);
    expect(audit.records).toHaveLength(6);
    expect(audit.records[5]).toMatchObject({
      operation: 'sendBcSms',
      outcome: 'failed',
      errorCode: 'rate_limited',
      parameters: expect.objectContaining({ limit: 'user' }),
    });
  });

  it('when five users each send one SMS for the same device, then a sixth user is refused for that device but not for another', async () => {
    const { app, upstream, audit } = setup();
    for (let i = 1; i <= 5; i += 1) expect((await send(app, `u${i}`, MAC)).status).toBe(202);
    expect((await send(app, 'u6', MAC)).status).toBe(429);
    expect(audit.records.at(-1)!.parameters).toMatchObject({ limit: 'mac' });
    expect((await send(app, 'u6', 'AABBCCDDEE99')).status).toBe(202);
    expect(upstream.called('/v1/messages')).toHaveLength(6);
  });

  it('when one user sends 30 SMS for one device at once, then exactly 5 go out and 25 get 429 with Retry-After, each refusal audited', async () => {
    // The tokens are verified together (as when the signing keys arrive), so the 30 requests reach the
    // limits in the same turn, not one after another as their arrival would have them.
    const waiting: Array<() => void> = [];
    const verifyToken: typeof testVerifyToken = async (token) => {
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length === 30) for (const release of waiting) release();
      });
      return testVerifyToken(token);
    };
    const { app, upstream, audit } = setup({}, { verifyToken });
    const answers = await Promise.all(Array.from({ length: 30 }, () => send(app, 'u1', MAC)));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
    for (const refused of answers.filter((res) => res.status === 429)) {
      expect(refused.body.error.code).toBe('rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(upstream.called('/v1/messages')).toHaveLength(5);
    expect(audit.records.filter((record) => record.outcome === 'sent')).toHaveLength(5);
    expect(audit.records.filter((record) => record.errorCode === 'rate_limited')).toHaveLength(25);
  });
});

describe('streamed 360 view', () => {
  const lines = (text: string) =>
    text
      .trim()
      .split('\n')
      .map(
        (line) => JSON.parse(line) as { section: string; status: number; body: { error?: { code: string } } },
      );

  it('when every section is asked at once, then a line per section arrives with its own status', async () => {
    const { as } = setup({ 'GET /api/fe/lan/v1/cpe/{mac}': { status: 500, body: {} } });
    const res = await as()
      .get(`/api/360/${MAC}`)
      .buffer(true)
      .parse((response, done) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => done(null, text));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const bySection = Object.fromEntries(lines(res.body as string).map((line) => [line.section, line]));
    expect(Object.keys(bySection).sort()).toEqual([
      'birth-certificates',
      'customer',
      'lan',
      'neighbourhood',
      'voice',
      'wan',
    ]);
    expect(bySection.lan!.status).toBe(502);
    expect(bySection.lan!.body.error!.code).toBe('upstream_error');
    expect(bySection.customer!.status).toBe(200);
  });

  /**
   * The app on a port, its LAN upstream held until `releaseLan()`, and the streamed view asked of it with
   * `headers` (resolved at the answer's head); `close()` releases the LAN and stops the server.
   */
  async function heldLanView(headers: Record<string, string>, deps = {}) {
    let releaseLan!: () => void;
    const lanHeld = new Promise<void>((resolve) => (releaseLan = resolve));
    const { app } = setup(
      {
        'GET /api/fe/lan/v1/cpe/{mac}': async () => {
          await lanHeld;
          return { status: 200, body: lan() };
        },
      },
      deps,
    );
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const close = async () => {
      releaseLan();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    };
    try {
      const { port } = server.address() as AddressInfo;
      const res = await new Promise<IncomingMessage>((resolve, reject) =>
        httpGet(
          `http://127.0.0.1:${port}/api/360/${MAC}`,
          { headers: { authorization: tokenFor('u1', ['support1']), ...headers } },
          resolve,
        ).on('error', reject),
      );
      return { res, server, releaseLan, close };
    } catch (error) {
      await close();
      throw error;
    }
  }

  it.each([
    ['gzip', createGunzip],
    ['br', createBrotliDecompress],
  ] as const)(
    'when the browser accepts %s, then the answer is compressed and each line still leaves as soon as its section is ready',
    async (encoding, decompress) => {
      // The LAN upstream answers only once the other sections' lines have reached the client.
      const { res, releaseLan, close } = await heldLanView({ 'accept-encoding': encoding });
      try {
        expect(res.headers['content-encoding']).toBe(encoding);
        const received: string[] = [];
        let buffer = '';
        const ended = new Promise<void>((resolve, reject) => {
          const text = res.pipe(decompress());
          text.on('data', (chunk: Buffer) => {
            buffer += chunk.toString();
            const parts = buffer.split('\n');
            buffer = parts.pop()!;
            for (const part of parts) received.push((JSON.parse(part) as { section: string }).section);
          });
          text.on('end', resolve);
          text.on('error', reject);
        });
        // Every section but the LAN arrives while the LAN is still held (a buffered answer would time out).
        await expect.poll(() => received.length, { timeout: 30_000 }).toBe(5);
        expect(received).not.toContain('lan');
        releaseLan();
        await ended;
        expect(received.at(-1)).toBe('lan');
      } finally {
        await close();
      }
    },
  );

  /** The app on a port, with every socket write of the server recorded (the bytes of each system call). */
  async function listenRecording(app: ReturnType<typeof setup>['app']) {
    const writes: string[] = [];
    const server = app.listen(0, '127.0.0.1');
    server.on('connection', (socket: Socket) => {
      const sock = socket as Socket & {
        _write: (chunk: Buffer | string, encoding: BufferEncoding, cb: () => void) => void;
        _writev: (chunks: Array<{ chunk: Buffer | string }>, cb: () => void) => void;
      };
      const write = sock._write.bind(sock);
      const writev = sock._writev.bind(sock);
      sock._write = (chunk, encoding, cb) => {
        writes.push(String(chunk));
        write(chunk, encoding, cb);
      };
      sock._writev = (chunks, cb) => {
        writes.push(chunks.map(({ chunk }) => String(chunk)).join(''));
        writev(chunks, cb);
      };
    });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const close = async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    };
    return { writes, url: `http://127.0.0.1:${port}`, close };
  }

  /** The streamed view asked as the browser does, resolved when its head arrives. */
  const openView = (url: string) =>
    new Promise<IncomingMessage>((resolve, reject) =>
      httpGet(
        `${url}/api/360/${MAC}`,
        { headers: { authorization: tokenFor('u1', ['support1']) } },
        resolve,
      ).on('error', reject),
    );

  /** The whole text of an answer. */
  async function readAll(res: IncomingMessage): Promise<string> {
    let text = '';
    for await (const chunk of res) text += String(chunk);
    return text;
  }

  it('when sections are ready, then the head leaves with the first lines and each batch of lines in one write', async () => {
    // The head's own deadline is out of reach: however slow this process, it leaves with the first lines.
    const { app } = setup({}, { streamHeadAloneMs: 3_600_000 });
    const { writes, url, close } = await listenRecording(app);
    try {
      const res = await openView(url);
      expect((await readAll(res)).trim().split('\n')).toHaveLength(6);
      // The head is not a write of its own: it leaves with the first lines.
      expect(writes[0]).toMatch(/^HTTP\/1\.1 200/);
      expect(writes[0]).toContain('{"section":');
      // No write carries only a chunk's length or its line end (Node's uncork of a corked answer did).
      for (const write of writes.slice(1)) expect(write).toMatch(/\{"section":|^0\r\n/);
      expect(writes.length).toBeLessThanOrEqual(6 + 1);
    } finally {
      await close();
    }
  });

  it('when no section is ready within a second, then the head leaves alone and the lines follow', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const upstream = fakeUpstream(healthyRoutes());
    const { app } = appWith(async (...args: Parameters<typeof upstream.transport>) => {
      await held;
      return upstream.transport(...args);
    });
    const { writes, url, close } = await listenRecording(app);
    try {
      // The browser sees the answer's head (lib/network-status.ts waits for one) while every upstream is held.
      const res = await openView(url);
      expect(res.statusCode).toBe(200);
      expect(writes).toHaveLength(1);
      expect(writes[0]).not.toContain('{"section":');
      release();
      expect((await readAll(res)).trim().split('\n')).toHaveLength(6);
    } finally {
      release();
      await close();
    }
  });

  it.each(['br', 'gzip', 'identity'])(
    'when the browser accepts %s, then the look is stored once the whole answer has left, not before',
    async (encoding) => {
      const events: string[] = [];
      const looks = memoryLookStore();
      const add = looks.add.bind(looks);
      looks.add = (...args) => {
        events.push('look stored');
        return add(...args);
      };
      const { app } = setup({}, { looks });
      // The answer's own end: its last (compressed) bytes handed to the socket.
      const outer = express().use((_req, res, next) => {
        res.once('finish', () => events.push('answer sent'));
        next();
      }, app);
      const res = await request(outer)
        .get(`/api/360/${MAC}`)
        .set('authorization', tokenFor('u1', ['support1']))
        .set('accept-encoding', encoding);
      expect(res.status).toBe(200);
      await vi.waitFor(() => expect(events).toContain('look stored'), { timeout: 30_000, interval: 5 });
      expect(events).toEqual(['answer sent', 'look stored']);
    },
  );

  it('when the browser leaves before the last section is ready, then the look is still stored once every section is done', async () => {
    const looks = memoryLookStore();
    const { res, server, releaseLan, close } = await heldLanView({}, { looks });
    try {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('error', () => undefined);
      // Five lines in, the LAN still held: the browser goes (another MAC typed).
      await expect.poll(() => text.split('\n').filter(Boolean).length, { timeout: 30_000 }).toBe(5);
      res.destroy();
      // The server has seen the connection go before the last section is done.
      const open = () =>
        new Promise<number>((resolve, reject) =>
          server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
        );
      await expect.poll(open, { timeout: 10_000 }).toBe(0);
      releaseLan();
      await vi.waitFor(async () => expect(await looks.list(MAC, 1)).toHaveLength(1), {
        timeout: 30_000,
        interval: 10,
      });
    } finally {
      await close();
    }
  });

  it('when unknown sections are asked, then 400 before any upstream call', async () => {
    const { as, upstream } = setup();
    expect((await as().get(`/api/360/${MAC}?sections=wan,secrets`)).status).toBe(400);
    expect(upstream.calls).toHaveLength(0);
  });
});

describe('request edges answer in the one JSON error shape', () => {
  const { app } = setup();
  const auth = tokenFor('u1', ['engineering']);
  it.each([
    ['a missing MAC', `/api/360//customer`, 400, 'invalid_mac'],
    ['a bare % in the MAC', `/api/360/%/customer`, 400, 'invalid_input'],
    ['a 6,000-character MAC', `/api/360/${'A'.repeat(6000)}/customer`, 400, 'invalid_mac'],
    ['an encoded traversal', `/api/360/..%2F/customer`, 400, 'invalid_mac'],
  ])('when the path has %s, then %i %s as JSON', async (_label, path, status, code) => {
    const res = await request(app).get(path).set('authorization', auth);
    expect([res.status, res.body.error?.code]).toEqual([status, code]);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
  it.each([
    ['form-encoded', 'application/x-www-form-urlencoded', 'phone=6135550199&certificateId=bc-2', 415],
    ['XML', 'application/xml', '<sms><phone>6135550199</phone></sms>', 415],
    ['plain text', 'text/plain', 'hello', 415],
    ['JSON null', 'application/json', 'null', 400],
    ['a JSON string', 'application/json', '"x"', 400],
    ['malformed JSON', 'application/json', '{bad', 400],
    ['a wrong charset', 'application/json; charset=latin1', '{}', 415],
  ])(
    'when an operation body is %s, then it is refused as JSON with no stack',
    async (_label, type, body, status) => {
      const res = await request(app)
        .post(`/api/360/${MAC}/birth-certificates/sms`)
        .set('authorization', auth)
        .set('content-type', type)
        .send(body);
      expect(res.status).toBe(status);
      expect(res.body.error.code).toBe('invalid_input');
      expect(res.text).not.toMatch(/\n\s+at |Buffer|<html/i);
    },
  );
  it('when a body over the limit is announced, then 413 before the token is even looked at', async () => {
    const res = await request(app)
      .post(`/api/360/${MAC}/reset`)
      .set('content-type', 'application/json')
      .send(JSON.stringify({ pad: 'x'.repeat(40_000) }));
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('invalid_input');
  });
});

describe('grading by the threshold manager’s rules', () => {
  it('when the sections answer, then each measurement carries its grade and the rule that decided it', async () => {
    const { as } = setup();
    const wan = (await as().get(`/api/360/${MAC}/wan`)).body.data;
    expect(wan.grades.rxPower).toMatchObject({
      grade: 'pass',
      value: -19.5,
      unit: 'dBm',
      source: { kind: 'default', rule: 'GPON-rxPower-PASS', definition: 'DEF-rxPower' },
    });
    expect(wan.grades.oltRxPower.source.range).toEqual({ rangeMin: -28, rangeMax: null, alphaValue: null });
    const bc = (await as().get(`/api/360/${MAC}/birth-certificates`)).body.data;
    const first = bc.certificates[0];
    expect(bc.grades[first.id].rxPower.value).toBe(first.power.rx);
    const lan = (await as().get(`/api/360/${MAC}/lan`)).body.data;
    for (const client of lan.clients) expect(lan.grades.clients[client.mac].value).toBe(client.rssi);
  });

  const wifi = () => {
    const body = lan();
    body.plume.health = { score: 74, status: 'warn' };
    body.clients = (['excellent', 'good', 'fair', 'poor'] as const).map((health, i) => ({
      mac: `00000000000${i}`,
      ip: `192.168.1.${10 + i}`,
      hostname: `client-${health}`,
      band: '5GHz' as const,
      channel: 36,
      rssi: -50,
      connectionState: 'connected' as const,
      health,
      podId: null,
    }));
    return { 'GET /api/fe/lan/v1/cpe/{mac}': { status: 200, body } };
  };

  it('when the seeded rules grade Wi-Fi health and firmware, then the grades are the web app’s former ones, each with its rule', async () => {
    const { as } = setup(wifi());
    const grades = (await as().get(`/api/360/${MAC}/lan`)).body.data.grades;
    expect(Object.values(grades.health).map((grading) => (grading as { grade: string }).grade)).toEqual([
      'pass',
      'pass',
      'warn',
      'fail',
    ]);
    expect(grades.health['000000000002']).toMatchObject({
      value: 'fair',
      source: { kind: 'default', rule: 'GPON-wifiHealth-FAIR', definition: 'DEF-wifiHealth' },
    });
    expect(grades.plumeHealth).toMatchObject({
      grade: 'warn',
      value: 74,
      source: { rule: 'GPON-wifiHealth-SCORE-WARN-LOW', range: { rangeMin: 55, rangeMax: 75 } },
    });
    for (const [score, grade, rule] of [
      [0, 'pass', 'GPON-firmware-CORRECT'],
      [1, 'fail', 'GPON-firmware-WRONG'],
      [-1, 'warn', 'GPON-firmware-NO-APPROVED'],
    ] as const) {
      const { as: view } = setup({
        [`GET ${ONU}/firmware`]: { status: 200, body: firmware({ score }) },
      });
      expect((await view().get(`/api/360/${MAC}/wan`)).body.data.grades.firmware).toMatchObject({
        grade,
        value: score,
        source: { kind: 'default', rule },
      });
    }
  });

  it('when a Wi-Fi health or firmware rule changes, then the next view is graded by the changed rule', async () => {
    let set = seedThresholdSet();
    const { as } = setup(
      { ...wifi(), [`GET ${ONU}/firmware`]: { status: 200, body: firmware({ score: -1 }) } },
      { thresholds: { current: async () => set } },
    );
    expect((await as().get(`/api/360/${MAC}/wan`)).body.data.grades.firmware.grade).toBe('warn');
    set = {
      ...set,
      rules: set.rules.map((rule) =>
        rule.tdId === 'GPON-firmware-NO-APPROVED'
          ? { ...rule, result: 'fail' }
          : rule.tdId === 'GPON-wifiHealth-FAIR'
            ? { ...rule, result: 'fail' }
            : rule.tdId === 'GPON-wifiHealth-SCORE-PASS'
              ? { ...rule, rangeMin: 70 }
              : rule.tdId === 'GPON-wifiHealth-SCORE-WARN-LOW'
                ? { ...rule, rangeMax: 70 }
                : rule,
      ),
    };
    expect((await as().get(`/api/360/${MAC}/wan`)).body.data.grades.firmware).toMatchObject({
      grade: 'fail',
      source: { rule: 'GPON-firmware-NO-APPROVED' },
    });
    const grades = (await as().get(`/api/360/${MAC}/lan`)).body.data.grades;
    expect(grades.health['000000000002'].grade).toBe('fail');
    expect(grades.plumeHealth).toMatchObject({
      grade: 'pass',
      source: { rule: 'GPON-wifiHealth-SCORE-PASS', range: { rangeMin: 70, rangeMax: null } },
    });
  });

  it('when the rules change, then the next view is graded by the new rules, with the device’s variant first', async () => {
    let set = seedThresholdSet();
    const { as } = setup({}, { thresholds: { current: async () => set } });
    expect((await as().get(`/api/360/${MAC}/wan`)).body.data.grades.rxPower.grade).toBe('pass');
    set = {
      ...set,
      variants: [
        {
          tdId: 'NOKIA',
          variantName: 'Nokia',
          variantNameFr: 'Nokia',
          technology: 'GPON',
          identifier: null,
          variants: ['nokia g-010g-q'],
          description: null,
          descriptionFr: null,
          insertDate: null,
          updateDate: null,
          updatedBy: null,
          ruleCount: 0,
        },
      ],
      rules: [
        ...set.rules,
        {
          ...set.rules.find((rule) => rule.tdId === 'GPON-rxPower-PASS')!,
          tdId: 'NOKIA-RX',
          variantName: 'NOKIA',
          isDefault: false,
          rangeMin: -20,
          rangeMax: -19,
          result: 'warn',
        },
      ],
    };
    expect((await as().get(`/api/360/${MAC}/wan`)).body.data.grades.rxPower).toMatchObject({
      grade: 'warn',
      source: { kind: 'variant', rule: 'NOKIA-RX', variant: 'NOKIA' },
    });
  });
});
