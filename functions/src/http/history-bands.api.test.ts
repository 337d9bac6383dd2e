/**
 * GET /api/360/{mac}/history carries the optical bands of the device's threshold rules (docs/features.md,
 * "History"): the rules the API grades by, for the device's technology, read at each answer; a device whose
 * WAN details cannot be read has its history without bands.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistorySection } from '@insight/common/history';
import type { ThresholdSet } from '@insight/common/threshold-grading';
import { seedThresholdSet } from '@insight/common/threshold-seed';
import { createApp } from '../app';
import { MemoryAuditSink } from '../domain/audit/audit-sink';
import type { ThresholdSource } from '../domain/grading/threshold-source';
import { MemoryUserDirectory } from '../domain/users/user-directory';
import { testVerifyToken, tokenFor } from '../testing/fake-upstream';
import { startSimulator } from '../testing/simulator';

let sim: Awaited<ReturnType<typeof startSimulator>>;
let app: ReturnType<typeof createApp>;
/** The rules the API reads: the seed, then an engineer's edit. */
let rules: ThresholdSet = seedThresholdSet();
const thresholds: ThresholdSource = { current: () => Promise.resolve(rules) };
const support = tokenFor('support1', ['support1']);

beforeAll(async () => {
  sim = await startSimulator({ seed: 'history-bands' }, 20_000);
  app = createApp({
    version: 'test',
    verifyToken: testVerifyToken,
    audit: new MemoryAuditSink(),
    directory: new MemoryUserDirectory([]),
    upstream: sim.upstream,
    thresholds,
  });
});
afterAll(() => sim.close());

const bandsOf = async (mac: string) => {
  const res = await request(app).get(`/api/360/${mac}/history`).set('authorization', support);
  expect(res.status).toBe(200);
  return (res.body.data as HistorySection).bands;
};

describe('the history answer’s bands', () => {
  it('are the device’s technology’s rules, and an edit of a rule moves them on the next answer (the series from the cache)', async () => {
    const [device] = await sim.catalogue('flapping', 1);
    // The catalogue's answer names each device's technology (the helper's type leaves it out).
    const { networkType: technology } = device as unknown as { networkType: 'GPON' | 'EPON' };
    const pass = seedThresholdSet().rules.find((rule) => rule.tdId === `${technology}-rxPower-PASS`)!;
    const before = await bandsOf(device!.mac);
    expect(before?.rxPower?.pass).toEqual({ min: pass.rangeMin, max: pass.rangeMax });
    expect(before?.rxPower?.warn.length).toBe(2);
    expect(before?.oltRxPower?.pass?.max).toBeNull();

    rules = {
      ...rules,
      rules: rules.rules.map((rule) => (rule.tdId === pass.tdId ? { ...rule, rangeMin: -20 } : rule)),
    };
    const after = await request(app).get(`/api/360/${device!.mac}/history`).set('authorization', support);
    expect(after.body.cached).toBe(true);
    expect((after.body.data as HistorySection).bands?.rxPower?.pass).toEqual({
      min: -20,
      max: pass.rangeMax,
    });
  });

  it('are left out for a device the WAN service does not know: its history still answers', async () => {
    expect(await bandsOf('A4C1E8FFFFFE')).toBeUndefined();
  });
});
