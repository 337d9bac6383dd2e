/**
 * Findings a snapshot cannot see, over the catalogue (docs/history.md, "Findings"): each of the four history
 * kinds makes its finding from the API's graded week, and healthy devices, or a port's outage, make none.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnose, type DiagnosisInput } from '@insight/common/diagnosis';
import type { AssessedHistorySection } from '@insight/common/history-measures';
import { createApp } from '../app';
import { MemoryAuditSink } from '../domain/audit/audit-sink';
import { MemoryUserDirectory } from '../domain/users/user-directory';
import { testVerifyToken, tokenFor } from '../testing/fake-upstream';
import { startSimulator } from '../testing/simulator';

let sim: Awaited<ReturnType<typeof startSimulator>>;
let app: ReturnType<typeof createApp>;
const support = tokenFor('support2', ['support2']);

beforeAll(async () => {
  sim = await startSimulator({ seed: 'insight' }, 20_000);
  app = createApp({
    version: 'test',
    verifyToken: testVerifyToken,
    audit: new MemoryAuditSink(),
    directory: new MemoryUserDirectory([]),
    upstream: sim.upstream,
  });
});
afterAll(() => sim.close());

const pending = { status: 'pending' as const };
/** The findings the week alone makes for a device, as the view's diagnosis adds them. */
async function historyFindings(mac: string) {
  const res = await request(app).get(`/api/360/${mac}/history`).set('authorization', support);
  expect(res.status).toBe(200);
  const data = res.body.data as AssessedHistorySection;
  const input: DiagnosisInput = {
    customer: pending,
    wan: pending,
    lan: pending,
    voice: pending,
    bc: pending,
    port: pending,
    history: { status: 'ok', data },
  };
  return { data, findings: diagnose(input).findings };
}

describe('history findings over the catalogue', () => {
  for (const [kind, key] of [
    ['flapping', 'intermittentLink'],
    ['slow-decline', 'fallingLight'],
    ['evening-congestion', 'eveningCongestion'],
    ['power-cuts', 'powerCuts'],
  ] as const)
    it(`${kind}: the week makes a ${key} finding with the rule that graded it`, async () => {
      const devices = await sim.catalogue(kind, 3);
      expect(devices.length).toBeGreaterThan(0);
      for (const device of devices) {
        const { data, findings } = await historyFindings(device.mac);
        const found = findings.find((finding) => finding.key === key);
        expect(found, `${device.mac}: ${JSON.stringify(data.assessment?.measures)}`).toBeDefined();
        expect(found!.grading?.source.kind).toBe('default');
        if (key === 'intermittentLink' || key === 'powerCuts')
          expect(String(found!.values.times).split(', ').length).toBeGreaterThanOrEqual(2);
      }
    });

  it('healthy devices and a port’s outage make no history finding', async () => {
    const healthy = await sim.catalogue('link-healthy', 12);
    const outage = await sim.catalogue('port-feeder', 4);
    for (const device of [...healthy, ...outage]) {
      const { data, findings } = await historyFindings(device.mac);
      expect(data.assessment, device.mac).toBeDefined();
      expect(
        findings.map((finding) => finding.key),
        `${device.kinds.join('+')} ${device.mac}: ${JSON.stringify(data.assessment?.measures)}`,
      ).toEqual([]);
    }
  });
});
