/**
 * The neighbours on the fibre (docs/diagnosis.md, "Neighbourhood"): the port listing as one more upstream
 * call of the WAN service, cached per port; the finding that changes the next step for every port and OLT
 * fault of the catalogue; the port page's answer; bad input that never reaches an upstream URL.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnose } from '@insight/common/diagnosis';
import type { NeighbourhoodSection } from '@insight/common/customer360';
import { httpTransport, type Transport } from '../adapters/upstream/transport';
import { createApp } from '../app';
import { MemoryAuditSink } from '../domain/audit/audit-sink';
import { diagnosisInput } from '../domain/diagnosis/view-input';
import { MemoryUserDirectory } from '../domain/users/user-directory';
import { appWith, fakeUpstream, testVerifyToken, tokenFor } from '../testing/fake-upstream';
import { healthyRoutes, MAC } from '../testing/fixtures';
import { startSimulator } from '../testing/simulator';

const LISTING = '/api/fe/wan/v1/pon/olt/{olt}/port/{shelf}/{slot}/{port}/onus';
let sim: Awaited<ReturnType<typeof startSimulator>>;
const UPSTREAM_TIMEOUT_MS = 20_000;
let app: ReturnType<typeof createApp>;
/** The port listing calls that reached the simulator. */
const listingCalls: string[] = [];
const support = tokenFor('support1', ['support1']);
const operation = tokenFor('ops', ['operation']);

beforeAll(async () => {
  // The upstream deadline is one only a failure reaches: no test here is about it, and a process starved
  // of CPU on a busy machine (npm test runs these beside the emulator suites) took over 2 s for a call.
  sim = await startSimulator({ seed: 'neighbourhood-tests' }, UPSTREAM_TIMEOUT_MS);
  const http = httpTransport();
  const counting: Transport = (baseUrl, req, timeoutMs) => {
    if (req.path === LISTING) listingCalls.push(JSON.stringify(req.params));
    return http(baseUrl, req, timeoutMs);
  };
  const service = (url: string) => ({ baseUrl: url, timeoutMs: UPSTREAM_TIMEOUT_MS, transport: counting });
  app = createApp({
    version: 'test',
    verifyToken: testVerifyToken,
    audit: new MemoryAuditSink(),
    directory: new MemoryUserDirectory([]),
    upstream: {
      ...sim.upstream,
      wan: service(sim.base),
      pon: service(sim.base),
    },
  });
});
afterAll(() => sim.close());

/** The diagnosis of a whole view, from the streamed lines. */
async function streamed(mac: string) {
  const res = await request(app).get(`/api/360/${mac}`).set('authorization', support);
  expect(res.status).toBe(200);
  const outcomes: Parameters<typeof diagnosisInput>[0] = {};
  for (const line of (res.text as string).trim().split('\n')) {
    const { section, status, body } = JSON.parse(line);
    outcomes[section as 'wan'] = status === 200 ? { ok: true, body } : { ok: false, code: body.error.code };
  }
  return diagnose(diagnosisInput(outcomes));
}

/** Each port and OLT fault of the catalogue, and what its neighbourhood finding says. */
const EXPECTED: Record<string, (keys: string[]) => void> = {
  'port-feeder': (keys) => expect(keys[0]).toBe('portOutage'),
  'olt-card-down': (keys) => expect(keys[0]).toBe('portOutage'),
  'port-branch-dark': (keys) => expect(['portPartial', 'portOutage']).toContain(keys[0]),
  // Low light on the drop, or an ONU that lost the light (a dark drop) among fine neighbours.
  'bad-drop': (keys) => expect(['dropOrHome', 'dropCut']).toContain(keys[0]),
  'drop-cut': (keys) => expect(keys[0]).toBe('dropCut'),
  'dying-gasp': (keys) => expect(keys[0]).toBe('powerAtHome'),
  // Held down at the OLT (a suspended account): not the drop or the home.
  'admin-down': (keys) => expect(keys[0]).toBe('onuAdminDown'),
  // A lit branch: the device's link is fine, so its neighbours say nothing.
  'port-branch-lit': (keys) =>
    expect(keys.filter((key) => /^(port|drop|powerAtHome|onuAdminDown)/.test(key))).toEqual([]),
};

describe('the neighbourhood over the catalogue', () => {
  for (const [kind, check] of Object.entries(EXPECTED))
    it(`${kind}: the top finding says where the fault is`, async () => {
      const devices = await sim.catalogue(kind, 3);
      expect(devices.length).toBeGreaterThan(0);
      for (const device of devices) {
        const diagnosis = await streamed(device.mac);
        check(diagnosis.findings.map((finding) => finding.key));
        // The neighbourhood's root cause takes the link's points once; what it explains takes nothing more.
        const [top] = diagnosis.findings;
        if (!top) continue;
        const explained = diagnosis.findings.filter((finding) => finding.explainedBy);
        expect(explained.every((finding) => finding.explainedBy === top.key && finding.penalty === 0)).toBe(
          true,
        );
        if (top.key === 'dropOrHome') expect(top.penalty).toBe(0);
        else expect(diagnosis.scoreSetBy).toBe(top.id);
      }
    });

  it('a device whose fault no action on it can fix (the port dark, no power, held at the OLT, a dark drop) is offered no reset; low light on its own drop still is', async () => {
    for (const kind of ['port-feeder', 'dying-gasp', 'admin-down', 'drop-cut'] as const) {
      for (const device of await sim.catalogue(kind, 2)) {
        const { findings } = await streamed(device.mac);
        // The device's own link finding: not ranged, or the light it receives.
        const link = findings.find((finding) => /^(onuNotRanged|rxPower|oltRxPower)/.test(finding.key));
        expect(link?.actionHeldBy, `${kind} ${device.mac}`).toBe(findings[0]!.key);
        expect(link?.explainedBy, `${kind} ${device.mac}`).toBe(findings[0]!.key);
      }
    }
    for (const device of await sim.catalogue('bad-drop', 4)) {
      const { findings } = await streamed(device.mac);
      if (findings[0]?.key !== 'dropOrHome') continue;
      expect(
        findings.some((finding) => finding.actionHeldBy),
        device.mac,
      ).toBe(false);
    }
  });

  it('a feeder fault names the OLT and the port in the escalation', async () => {
    const [device] = await sim.catalogue('port-feeder', 1);
    const diagnosis = await streamed(device!.mac);
    expect(diagnosis.findings[0]?.values).toMatchObject({ olt: device!.olt, port: device!.port });
  });

  it('a diagnosis scenario is alone on its port: no neighbour, no neighbourhood finding, still 5', async () => {
    const [device] = await sim.catalogue('dx-healthy', 1);
    const res = await request(app).get(`/api/360/${device!.mac}/neighbourhood`).set('authorization', support);
    expect(res.status).toBe(200);
    const section = res.body.data as NeighbourhoodSection;
    expect(section.counts.neighbours).toBe(0);
    expect(section.onus.map((onu) => [onu.mac, onu.self])).toEqual([[device!.mac, true]]);
    const diagnosis = await streamed(device!.mac);
    expect(diagnosis.findings).toEqual([]);
    expect(diagnosis.score).toBe(5);
  });
});

describe('the port listing is one call per port and minute', () => {
  it('when several devices of one port are viewed, and refreshed, then the port is asked for once', async () => {
    // A port no other test looked at (the listing is kept a minute).
    const all = (await (
      await fetch(`${sim.base}/_sim/catalogue?kind=link-healthy&limit=200&offset=400`)
    ).json()) as {
      items: Array<{ mac: string; olt: string; port: string }>;
    };
    const last = all.items.at(-1)!;
    const samePort = all.items.filter((item) => item.olt === last.olt && item.port === last.port);
    expect(samePort.length).toBeGreaterThan(1);
    listingCalls.length = 0;
    for (const device of samePort.slice(0, 4)) {
      await request(app).get(`/api/360/${device.mac}/neighbourhood`).set('authorization', support);
      await request(app).get(`/api/360/${device.mac}/neighbourhood?refresh=1`).set('authorization', support);
    }
    expect(listingCalls).toHaveLength(1);
  });
});

describe('the port page', () => {
  it('when operation asks for a port, then every ONU is listed with its grade; support1 may not', async () => {
    const [device] = await sim.catalogue('port-branch-lit', 1);
    const path = `/api/ports/${device!.olt}/${device!.port}`;
    const res = await request(app).get(path).set('authorization', operation);
    expect(res.status).toBe(200);
    const port = res.body.data as NeighbourhoodSection;
    expect(port.onus.length).toBeGreaterThan(1);
    expect(port.onus.some((onu) => onu.status === 'offline' && onu.lastDownCause === 'los')).toBe(true);
    expect(port.onus.find((onu) => onu.status === 'online')?.rxPower.grade).toMatch(/pass|warn|fail/);
    expect((await request(app).get(path).set('authorization', support)).status).toBe(403);
  });

  it('when the address is malformed or unknown, then it says so and no upstream URL is built from it', async () => {
    listingCalls.length = 0;
    for (const bad of ['olt%20ott/1/1/1', 'OLT-OTT-1/1/x/1', 'OLT-OTT-1/1/1/123', 'OLT-OT..-1/1/1/1']) {
      const res = await request(app).get(`/api/ports/${bad}`).set('authorization', operation);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code).toBe('invalid_input');
    }
    expect(listingCalls).toEqual([]);
    const unknown = await request(app).get('/api/ports/OLT-ZZZ-9/1/1/1').set('authorization', operation);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'not_found', path: LISTING });
  });
});

describe('bad answers upstream', () => {
  const setup = (routes: Record<string, unknown>) => {
    const upstream = fakeUpstream({ ...healthyRoutes(), ...(routes as Record<string, never>) });
    const { app: fake } = appWith(upstream.transport);
    return { upstream, get: (path: string) => request(fake).get(path).set('authorization', support) };
  };

  it('when the ONU names a malformed OLT, then the section says the port is unknown and the listing is never asked', async () => {
    const state = healthyRoutes()['GET /api/fe/wan/v1/pon/onu/{mac}/state'] as {
      status: number;
      body: object;
    };
    const { upstream, get } = setup({
      'GET /api/fe/wan/v1/pon/onu/{mac}/state': {
        status: 200,
        body: { ...state.body, olt: '../../admin?x=', port: '1/1/1' },
      },
    });
    const res = await get(`/api/360/${MAC}/neighbourhood`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect(upstream.called(LISTING)).toEqual([]);
  });

  it('when the listing has garbage rows, then the section is a clear upstream error, and the other sections answer', async () => {
    const { get } = setup({
      [`GET ${LISTING}`]: {
        status: 200,
        body: {
          olt: 'OLT-OTT-1',
          port: '1/1/1',
          technology: 'GPON',
          split: 32,
          status: 'up',
          onus: [{ mac: 'x' }],
        },
      },
    });
    const res = await get(`/api/360/${MAC}/neighbourhood`);
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({ code: 'upstream_error', path: LISTING });
    expect(res.body.error.message).toMatch(/Malformed answer \(onus\.0/);
    const whole = await get(`/api/360/${MAC}`);
    const lines = (whole.text as string)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { section: string; status: number });
    expect(lines.find((line) => line.section === 'wan')?.status).toBe(200);
    expect(lines.find((line) => line.section === 'neighbourhood')?.status).toBe(502);
  });
});
