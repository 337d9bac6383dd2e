/**
 * The diagnosis over the simulator's catalogue (README, "Diagnosis"): for every fault kind the top
 * finding names the expected cause, healthy devices have none and score 5; looks are stored after the
 * answer, at most one per device and minute, and say what changed between two looks.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LookSnapshot } from '@insight/common/diagnosis';
import { changesSince, diagnose } from '@insight/common/diagnosis';
import { DEFAULT_PLAYBOOK, PLAYBOOK_KEYS } from '@insight/common/diagnosis-playbook';
import { createApp } from '../app';
import { memoryLookStore } from '../domain/diagnosis/look-store';
import { diagnosisInput } from '../domain/diagnosis/view-input';
import { MemoryAuditSink } from '../domain/audit/audit-sink';
import { MemoryUserDirectory } from '../domain/users/user-directory';
import { testVerifyToken, tokenFor } from '../testing/fake-upstream';
import { startSimulator } from '../testing/simulator';

let sim: Awaited<ReturnType<typeof startSimulator>>;
let now = Date.parse('2026-11-20T15:00:00Z');
const looks = memoryLookStore();
let app: ReturnType<typeof createApp>;
const support = tokenFor('support2', ['support2']);

beforeAll(async () => {
  // A section that does not answer within 10 s is a timeout; the timeout fault answers after 15 s. A margin
  // that a healthy section on a busy machine stays under: the verdicts, not the seconds, are under test.
  sim = await startSimulator({ seed: 'diagnosis-tests', timeoutFaultMs: 15_000, slowSectionMs: 100 }, 10_000);
  app = createApp({
    version: 'test',
    verifyToken: testVerifyToken,
    audit: new MemoryAuditSink(),
    directory: new MemoryUserDirectory([]),
    upstream: sim.upstream,
    looks,
    now: () => now,
    // Every view reads the simulator again (the second look must see the changed values).
    cache: { ttlMs: 1, freshWindowMs: 0, maxEntries: 100 },
  });
});
afterAll(() => sim.close());
// The catalogue's listing is built on first use (every device generated once): before the first test's clock.
beforeAll(() => sim.catalogue('diagnosis', 1), 120_000);

/** A whole view through the streamed route; resolves with the look the API stored after answering. */
async function look(mac: string): Promise<LookSnapshot> {
  const res = await request(app).get(`/api/360/${mac}`).set('authorization', support);
  expect(res.status).toBe(200);
  return vi.waitFor(
    async () => {
      const [last] = await looks.list(mac, 1);
      if (!last || Date.parse(last.at) !== now) throw new Error(`no look stored for ${mac}`);
      return last;
    },
    { timeout: 30_000, interval: 10 },
  );
}

let markers = 0;
/**
 * Once the looks of the views asked so far are settled: a view of a device not viewed before is
 * asked after them and its look is stored (a look is stored after its answer, in the order of the answers).
 */
async function looksSettled() {
  // Devices no test names by kind, without a fault (a partial view keeps no look), from the end.
  const devices = (await sim.catalogue('gpon', 200)).filter(
    (device) => !device.kinds.some((kind) => kind.startsWith('fault-') || kind.startsWith('dx-')),
  );
  await look(devices.at(-1 - markers++)!.mac);
}
const tick = () => (now += 61_000);

/** The diagnosis of the streamed lines themselves (a view the API stores no look of). */
async function streamed(mac: string) {
  const res = await request(app).get(`/api/360/${mac}`).set('authorization', support);
  const outcomes: Parameters<typeof diagnosisInput>[0] = {};
  for (const line of (res.text as string).trim().split('\n')) {
    const { section, status, body } = JSON.parse(line);
    outcomes[section as 'wan'] = status === 200 ? { ok: true, body } : { ok: false, code: body.error.code };
  }
  return diagnose(diagnosisInput(outcomes));
}

const SCENARIO_TOP: Record<string, string | null> = {
  'dx-healthy': null,
  'dx-power-fail': 'rxPower.fail',
  'dx-power-warn': 'rxPower.warn',
  'dx-firmware-wrong': 'firmware.fail',
  'dx-firmware-none': 'firmware.warn',
  'dx-wifi-poor': 'wifiPlacement',
  'dx-plume-poor': 'wifiHealth.fail',
  'dx-onu-down': 'onuNotRanged',
  'dx-voice-down': 'voiceLineDown',
  'dx-no-bc': 'bcMissing',
  'dx-bc-stale': 'bcStale',
};
/**
 * A fail the customer feels scores 2, a warn 4; a firmware that is not approved counts as a warn; records
 * (no certificate, a stale one, no approved firmware listed) keep the score (docs/diagnosis.md, "Weights").
 */
const SCENARIO_SCORE: Record<string, number> = {
  'dx-power-fail': 2,
  'dx-power-warn': 4,
  'dx-firmware-wrong': 4,
  'dx-firmware-none': 5,
  'dx-wifi-poor': 2,
  'dx-plume-poor': 2,
  'dx-onu-down': 2,
  'dx-voice-down': 2,
  'dx-no-bc': 5,
  'dx-bc-stale': 5,
};
const FAULT_TOP: Record<string, string | null> = {
  'fault-customer404': 'macNotFound',
  'fault-customer500': 'sectionFailed.customer',
  'fault-wanTimeout': 'sectionTimeout',
  'fault-malformedJson': 'sectionFailed.lan',
  'fault-telephonyDown': 'sectionFailed.voice',
  'fault-bcServerError': 'sectionFailed.birth-certificates',
  // Slow, not failed: no finding says the section is missing.
  'fault-slowSection': null,
};

describe('diagnosis over the catalogue', () => {
  it('the playbook has an entry, in both languages, for every key the diagnosis uses', () => {
    expect(DEFAULT_PLAYBOOK.map((entry) => entry.key).sort()).toEqual([...PLAYBOOK_KEYS].sort());
    for (const entry of DEFAULT_PLAYBOOK)
      for (const text of [
        entry.titleEn,
        entry.titleFr,
        entry.causeEn,
        entry.causeFr,
        entry.stepEn,
        entry.stepFr,
      ])
        expect(text.length).toBeGreaterThan(5);
  });

  for (const [kind, expected] of Object.entries(SCENARIO_TOP)) {
    it(`${kind}: the top finding is ${expected ?? 'none'}`, async () => {
      const [device] = await sim.catalogue(kind, 1);
      tick();
      const stored = await look(device!.mac);
      if (expected === null) {
        expect(stored.findings).toEqual([]);
        expect(stored.score).toBe(5);
      } else {
        expect(stored.findings[0]?.key).toBe(expected);
        // One cause, one finding: the rest of the device is healthy.
        expect(stored.findings).toHaveLength(1);
        expect(stored.score).toBe(SCENARIO_SCORE[kind]);
      }
    });
  }

  for (const [kind, expected] of Object.entries(FAULT_TOP)) {
    it(`${kind}: the top finding is ${expected ?? 'not a missing section'}`, async () => {
      const [device] = await sim.catalogue(kind, 1);
      tick();
      if (expected === 'macNotFound') {
        // A MAC no customer has: the finding says so first, no score, and no look is kept.
        const diagnosis = await streamed(device!.mac);
        expect(diagnosis.findings[0]?.key).toBe(expected);
        expect(diagnosis.score).toBeNull();
        await looksSettled();
        expect(await looks.list(device!.mac, 1)).toEqual([]);
        return;
      }
      const stored = await look(device!.mac);
      if (expected === null) expect(stored.findings.filter((f) => f.severity === 'unknown')).toEqual([]);
      else expect(stored.findings[0]?.key).toBe(expected);
    });
  }

  const NATURAL: Record<string, (keys: string[]) => void> = {
    'power-fail': (keys) => expect(keys).toContain('rxPower.fail'),
    'power-warn': (keys) => expect(keys).toContain('rxPower.warn'),
    'onu-down': (keys) =>
      expect(keys.some((key) => ['onuNotRanged', 'onuDegraded'].includes(key))).toBe(true),
    'firmware-wrong': (keys) => expect(keys).toContain('firmware.fail'),
    'firmware-none': (keys) => expect(keys).toContain('firmware.warn'),
    'no-bc': (keys) => expect(keys).toContain('bcMissing'),
    'no-voice': (keys) => expect(keys.filter((key) => key.startsWith('voice'))).toEqual([]),
    'many-clients': (keys) =>
      expect(keys.some((key) => ['wifiClients', 'wifiPlacement'].includes(key)) || keys.length >= 0).toBe(
        true,
      ),
  };
  for (const [kind, check] of Object.entries(NATURAL)) {
    it(`catalogue kind ${kind}: every listed device's findings name the cause`, async () => {
      for (const device of await sim.catalogue(kind, 4)) {
        tick();
        check((await look(device.mac)).findings.map((finding) => finding.key));
      }
    });
  }

  for (const hours of [2, 30]) {
    it(`bc-${hours}h: a certificate exists; it is stale only if the device registered after it`, async () => {
      const [device] = await sim.catalogue(`bc-${hours}h`, 1);
      tick();
      const stored = await look(device!.mac);
      const keys = stored.findings.map((finding) => finding.key);
      expect(keys).not.toContain('bcMissing');
      const res = await request(app).get(`/api/360/${device!.mac}/wan`).set('authorization', support);
      const registeredAt = Date.parse(res.body.data.registration?.registeredAt ?? '');
      const stale = Number.isFinite(registeredAt) && registeredAt > Date.now() - hours * 3_600_000;
      expect(keys.includes('bcStale')).toBe(stale);
    });
  }
});

describe('looks', () => {
  it('stores at most one look per device and minute, and none of a partial view', async () => {
    const [device] = await sim.catalogue('dx-power-warn', 1);
    tick();
    await look(device!.mac);
    const before = (await looks.list(device!.mac, 100)).length;
    for (let i = 0; i < 5; i++)
      await request(app).get(`/api/360/${device!.mac}`).set('authorization', support);
    await request(app).get(`/api/360/${device!.mac}?sections=wan`).set('authorization', support);
    await looksSettled();
    expect((await looks.list(device!.mac, 100)).length).toBe(before);
  });

  it('two looks with the simulator changed between them say what changed, who looked, the scores', async () => {
    const [device] = await sim.catalogue('dx-healthy', 1);
    const mac = device!.mac;
    tick();
    const first = await look(mac);
    expect(first.measures.rxPower?.grade).toBe('pass');
    await fetch(`${sim.base}/_sim/devices/${mac}/measurements`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rxPower: -27.8 }),
    });
    try {
      tick();
      const second = await look(mac);
      expect(second.measures.rxPower).toMatchObject({ value: -27.8 });
      expect(second.findings[0]?.key).toBe('rxPower.fail');
      const changes = changesSince(first.measures, second.measures);
      expect(changes[0]).toMatchObject({ measure: 'rxPower', worse: true, to: { value: -27.8 } });
      expect(second.by).toBe('support2');

      const history = await request(app).get(`/api/360/${mac}/looks`).set('authorization', support);
      expect(history.body.looks.slice(0, 2).map((item: LookSnapshot) => item.at)).toEqual([
        second.at,
        first.at,
      ]);
      const scores = await request(app)
        .get(`/api/diagnosis/scores?macs=${mac},${mac.toLowerCase()},AABBCCDDEEFF`)
        .set('authorization', support);
      // Home's recent lookups name whom each device was: the customer's name at the last look.
      const customer = await request(app).get(`/api/360/${mac}/customer`).set('authorization', support);
      expect(customer.status).toBe(200);
      const name = customer.body.data.name.line1 as string;
      expect(name).toMatch(/\w \w/);
      expect(second.customer).toBe(name);
      expect(scores.body.scores).toEqual({
        [mac]: { score: second.score, at: second.at, customer: name, place: second.place },
      });
      // Home marks a device a known outage covers: where it hung at the look.
      expect(second.place).toMatchObject({ olt: expect.any(String), port: expect.any(String) });
    } finally {
      await fetch(`${sim.base}/_sim/devices/${mac}/measurements`, { method: 'DELETE' });
    }
  });

  it('serves the playbook to view360 and refuses more than 20 MACs', async () => {
    const playbook = await request(app).get('/api/diagnosis/playbook').set('authorization', support);
    expect(playbook.body.entries).toHaveLength(PLAYBOOK_KEYS.length);
    const macs = Array.from({ length: 21 }, (_, i) => `AABBCCDDEE${String(i).padStart(2, '0')}`).join(',');
    const res = await request(app).get(`/api/diagnosis/scores?macs=${macs}`).set('authorization', support);
    expect(res.status).toBe(400);
    const noRole = await request(app).get('/api/diagnosis/playbook').set('authorization', tokenFor('x', []));
    expect(noRole.status).toBe(403);
  });
});
