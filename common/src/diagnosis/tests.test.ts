/**
 * Findings from the tests run from the device (docs/device-tests.md, "In the diagnosis"): the line that
 * delivers the plan puts the Wi-Fi first; a slow line says whether the link's findings explain it; packet
 * loss and a congested channel are findings of their own; the ticket's texts fill every value.
 */
import { describe, expect, it } from 'vitest';
import type { TestResult } from '../device-tests';
import { DEFAULT_PLAYBOOK_BY_KEY, fillPlaybookText } from '../diagnosis-playbook-defaults';
import { diagnose } from './diagnose';
import { finding } from './rules/finding';
import { testFindings } from './rules/tests';
import { rankFindings } from './score';
import type { DiagnosisInput } from './types';

const pending = { status: 'pending' as const };
const base: DiagnosisInput = {
  customer: pending,
  wan: pending,
  lan: pending,
  voice: pending,
  bc: pending,
  port: pending,
};
const plan = { downloadMbps: 1000, uploadMbps: 50 };
const speed = (down: number, up: number): TestResult => ({
  kind: 'speed',
  downloadMbps: down,
  uploadMbps: up,
  plan,
});
const placement = finding('lan-placement', 'wifiPlacement', 'fail', 'lan', { count: 4 });
const lightWarn = finding('wan-rx', 'rxPower.warn', 'warn', 'wan', { value: '-26 dBm' });

describe('findings from the tests run from the device', () => {
  it('when the gateway gets the plan, then "the slowness is in the home" and the Wi-Fi findings lead over a link warning', () => {
    const ranked = rankFindings([
      lightWarn,
      placement,
      ...testFindings([speed(912, 48)], [lightWarn, placement]),
    ]);
    expect(ranked.map((item) => item.key)).toEqual(['wifiPlacement', 'lineDeliversPlan', 'rxPower.warn']);
    // An observation, not a fault: it takes nothing from the score.
    expect(ranked[1]).toMatchObject({ severity: 'info', effect: 'context', penalty: 0 });
    const entry = DEFAULT_PLAYBOOK_BY_KEY.lineDeliversPlan!;
    expect(fillPlaybookText(entry.causeEn, ranked[1]!.values)).toContain(
      '912 / 48 Mb/s against a plan of 1000 / 50 Mb/s (91 %)',
    );
  });
  it('when the line is slow and a link finding is there, then the link explains it and takes the points alone', () => {
    const [slow] = testFindings([speed(300, 20)], [lightWarn]);
    expect(slow).toMatchObject({
      key: 'speedBelowPlanLink',
      severity: 'fail',
      effect: 'context',
      penalty: 0,
    });
  });
  it('when the line is slow and nothing else explains it, then the cause is unknown and it is scored on the link', () => {
    const [slow] = testFindings([speed(600, 45)], [placement]);
    expect(slow).toMatchObject({ key: 'speedBelowPlan', severity: 'warn', effect: 'score', group: 'link' });
    expect(fillPlaybookText(DEFAULT_PLAYBOOK_BY_KEY.speedBelowPlan!.titleFr, slow!.values)).toBe(
      'La passerelle reçoit 60 % du forfait',
    );
  });
  it('when a ping to the provider DNS loses packets, then packet loss names the target', () => {
    const [loss] = testFindings(
      [
        {
          kind: 'ping',
          target: 'dns-primary',
          label: 'Provider DNS (primary)',
          host: 'dns1.example',
          sent: 10,
          received: 8,
          lossPercent: 20,
          averageMs: 30,
          minimumMs: 20,
          maximumMs: 45,
        },
      ],
      [],
    );
    expect(loss).toMatchObject({ key: 'packetLoss', severity: 'fail' });
    expect(fillPlaybookText(DEFAULT_PLAYBOOK_BY_KEY.packetLoss!.titleEn, loss!.values)).toBe(
      'Packet loss from the device to Provider DNS (primary)',
    );
  });
  it('when the 2.4 GHz channel is congested, then "optimise the Wi-Fi", with the channel it would move to', () => {
    const findings = testFindings(
      [
        {
          kind: 'wifiScan',
          bands: [
            {
              band: '2.4GHz',
              channel: 6,
              sameChannel: 5,
              overlapping: 7,
              strongestDbm: -55,
              verdict: 'congested',
              betterChannel: 11,
              neighbours: [],
            },
            {
              band: '5GHz',
              channel: 36,
              sameChannel: 0,
              overlapping: 0,
              strongestDbm: null,
              verdict: 'clear',
              betterChannel: null,
              neighbours: [],
            },
          ],
        },
      ],
      [],
    );
    expect(findings).toHaveLength(1);
    expect(fillPlaybookText(DEFAULT_PLAYBOOK_BY_KEY.wifiChannelCongested!.titleEn, findings[0]!.values)).toBe(
      'The 2.4 GHz channel is congested: optimise the Wi-Fi',
    );
    expect(
      fillPlaybookText(DEFAULT_PLAYBOOK_BY_KEY.wifiChannelCongested!.stepEn, findings[0]!.values),
    ).toContain('channel 11');
  });
  it('when the view has no test results, then the diagnosis is what the sections say', () => {
    expect(diagnose({ ...base, tests: [] }).findings).toEqual(diagnose(base).findings);
    expect(diagnose({ ...base, tests: [speed(912, 48)] }).findings.map((item) => item.key)).toEqual([
      'lineDeliversPlan',
    ]);
  });
});
