import { describe, expect, it } from 'vitest';
import type {
  BirthCertificatesSection,
  LanSection,
  VoiceSection,
  WanSection,
} from '@insight/common/customer360';
import { type Grade, type Grading, ungraded } from '@insight/common/threshold-grading';
import { certificateSummary, lanSummary, voiceSummary, wanSummary } from './section-summary';

const grading = (grade: Grade, value: number, rule: string): Grading => ({
  grade,
  value,
  unit: 'dBm',
  source: {
    kind: 'default',
    definition: 'D',
    rule,
    variant: null,
    range: { rangeMin: null, rangeMax: null, alphaValue: null },
  },
});
const wan = (operStatus: number, rx: Grading) =>
  ({
    state: { operStatus },
    grades: { rxPower: rx, txPower: grading('pass', 2, 'TX'), oltRxPower: grading('pass', -20, 'OLT') },
  }) as unknown as WanSection;

describe('the summary strip: each section’s worst grade and its reason', () => {
  it('when a WAN value warns and the link is up, then the WAN summary warns by that value’s rule', () => {
    expect(wanSummary(wan(1, grading('warn', -26, 'RX-WARN')))).toMatchObject({
      grade: 'warn',
      reason: { kind: 'grading', label: 'wan.rxPower', grading: { source: { rule: 'RX-WARN' } } },
    });
  });
  it('when the link is down, then the WAN fails on its status even with good values', () => {
    expect(wanSummary(wan(2, grading('pass', -20, 'RX')))).toMatchObject({
      grade: 'fail',
      reason: { kind: 'text', key: 'summary.operStatus', params: { status: 'down' } },
    });
  });
  it('when a connected Wi-Fi client is weak, then LAN takes its grade; disconnected clients do not count', () => {
    const lan = {
      plume: { health: { status: 'pass', score: 9 } },
      clients: [
        { mac: 'A', hostname: 'laptop', connectionState: 'connected' },
        { mac: 'B', hostname: 'old-tv', connectionState: 'disconnected' },
      ],
      grades: { clients: { A: grading('warn', -70, 'RSSI-WARN'), B: grading('fail', -90, 'RSSI-FAIL') } },
    } as unknown as LanSection;
    expect(lanSummary(lan)).toMatchObject({ grade: 'warn', reason: { kind: 'grading', label: 'laptop' } });
  });
  it('when the rules grade the Plume health score, then LAN takes that grade and rule, not Plume’s own status', () => {
    const lan = {
      plume: { health: { status: 'pass', score: 60 } },
      clients: [],
      grades: {
        clients: {},
        health: {},
        plumeHealth: grading('warn', 60, 'GPON-wifiHealth-SCORE-WARN-LOW'),
      },
    } as unknown as LanSection;
    expect(lanSummary(lan)).toMatchObject({
      grade: 'warn',
      reason: {
        kind: 'grading',
        label: 'summary.plumeHealth',
        grading: { source: { rule: 'GPON-wifiHealth-SCORE-WARN-LOW' } },
      },
    });
  });
  it('when there is no voice service, an ATA offline or an inactive line, then voice says so', () => {
    expect(voiceSummary({ subscriber: null } as VoiceSection).grade).toBe('n/a');
    const voice = (status: string, active: boolean[]) =>
      ({
        subscriber: {
          ata: { status, model: 'ATA' },
          ports: active.map((on, i) => ({ port: i + 1, lineStatus: { active: on } })),
        },
      }) as unknown as VoiceSection;
    expect(voiceSummary(voice('offline', [true])).grade).toBe('fail');
    expect(voiceSummary(voice('online', [true, false]))).toMatchObject({
      grade: 'warn',
      reason: { params: { ports: '2' } },
    });
    expect(voiceSummary(voice('online', [true, true]))).toMatchObject({
      grade: 'pass',
      reason: { params: { count: 2 } },
    });
  });
  it('when the newest certificate passed but its power fails by the rules, then the certificate fails; none is n/a', () => {
    const section = {
      certificates: [{ id: 'bc-1', results: { overall: 'pass' } }],
      grades: {
        'bc-1': {
          txPower: grading('fail', -2, 'TX-FAIL'),
          rxPower: ungraded(-20),
          oltRxPower: ungraded(-22),
          epico: {},
        },
      },
    } as unknown as BirthCertificatesSection;
    expect(certificateSummary(section)).toMatchObject({
      grade: 'fail',
      reason: { label: 'bc.fields.powerTx' },
    });
    expect(
      certificateSummary({ certificates: [], grades: {} } as unknown as BirthCertificatesSection).grade,
    ).toBe('n/a');
  });
});
