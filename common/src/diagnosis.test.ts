import { describe, expect, it } from 'vitest';
import type { BirthCertificatesSection, VoiceSection } from './customer360';
import { diagnose, sectionVerdicts, type DiagnosisInput } from './diagnosis';
import { birthCertificate, voicePort } from './testing/device-fixtures';

const voice = (ata: 'online' | 'offline', ...active: boolean[]): VoiceSection => ({
  networkType: 'GPON',
  subscriber: {
    serialNumber: 'ALCL1',
    ata: { model: 'ATA', firmware: '1', mac: 'AABBCCDDEEFF', status: ata },
    ports: active.map((value, i) => voicePort(i + 1, value)),
  },
});
const certificates = (count: number): BirthCertificatesSection => ({
  networkType: 'GPON',
  certificates: count ? [birthCertificate({ id: 'bc-1', ts: '2026-11-01T00:00:00Z' })] : [],
  grades: {},
});
const input = (over: Partial<DiagnosisInput>): DiagnosisInput => ({
  customer: { status: 'pending' },
  wan: { status: 'pending' },
  lan: { status: 'pending' },
  voice: { status: 'pending' },
  bc: { status: 'pending' },
  port: { status: 'pending' },
  ...over,
});

describe('the experience score counts what the customer feels', () => {
  it('when everything answered is healthy, then it scores 5 with a high confidence', () => {
    const result = diagnose(
      input({
        voice: { status: 'ok', data: voice('online', true) },
        bc: { status: 'ok', data: certificates(1) },
      }),
    );
    expect(result.findings).toEqual([]);
    expect(result.score).toBe(5);
    expect(result.confidence).toEqual({ level: 'high', gaps: [] });
  });

  it('when one fail the customer feels is found, then it scores 2', () => {
    const result = diagnose(input({ voice: { status: 'ok', data: voice('online', false, true) } }));
    expect(result.findings.map((finding) => finding.key)).toEqual(['voiceLineDown']);
    expect(result.score).toBe(2);
  });

  it('when two lines are down, then it is one cause: one finding, counted once', () => {
    const result = diagnose(input({ voice: { status: 'ok', data: voice('online', false, false) } }));
    expect(result.findings).toHaveLength(1);
    expect(result.score).toBe(2);
  });

  it('when the birth certificate is missing, then the score stays and the confidence says so', () => {
    const result = diagnose(
      input({
        voice: { status: 'ok', data: voice('online', true) },
        bc: { status: 'ok', data: certificates(0) },
      }),
    );
    expect(result.findings.map((finding) => [finding.key, finding.effect, finding.penalty])).toEqual([
      ['bcMissing', 'confidence', 0],
    ]);
    expect(result.score).toBe(5);
    expect(result.confidence).toEqual({
      level: 'medium',
      gaps: [{ kind: 'record', key: 'bcMissing', section: 'bc' }],
    });
  });

  it('when a section could not be read, then it is unknown, not bad: the score stays, the confidence drops', () => {
    const oneUnknown = diagnose(
      input({
        voice: { status: 'error', code: 'upstream_error' },
        bc: { status: 'ok', data: certificates(1) },
      }),
    );
    expect(oneUnknown.score).toBe(5);
    expect(oneUnknown.confidence).toEqual({
      level: 'medium',
      gaps: [{ kind: 'unchecked', section: 'voice' }],
    });
    const wanUnknown = diagnose(
      input({
        wan: { status: 'error', code: 'upstream_timeout' },
        bc: { status: 'ok', data: certificates(1) },
      }),
    );
    expect(wanUnknown.score).toBe(5);
    expect(wanUnknown.confidence.level).toBe('low');
  });

  it('when a fail and a record meet, then the fail takes the points and the record the confidence', () => {
    const result = diagnose(
      input({
        voice: { status: 'ok', data: voice('offline', true) },
        bc: { status: 'ok', data: certificates(0) },
      }),
    );
    expect(result.score).toBe(2);
    expect(result.confidence.level).toBe('medium');
  });
});

describe('the summary strip reads the same diagnosis', () => {
  it('when a section has a finding, then its verdict is that finding and its severity; a section without one passes', () => {
    const state = input({
      voice: { status: 'ok', data: voice('online', false) },
      bc: { status: 'ok', data: certificates(0) },
    });
    const verdicts = sectionVerdicts(state, diagnose(state));
    expect(verdicts.voice).toMatchObject({ state: 'ok', grade: 'fail', finding: { key: 'voiceLineDown' } });
    expect(verdicts.bc).toMatchObject({ state: 'ok', grade: 'warn', finding: { key: 'bcMissing' } });
    expect(verdicts.wan).toEqual({ state: 'pending', grade: 'unknown', finding: null });
    const healthy = input({ voice: { status: 'ok', data: voice('online', true) } });
    expect(sectionVerdicts(healthy, diagnose(healthy)).voice).toEqual({
      state: 'ok',
      grade: 'pass',
      finding: null,
    });
  });
});
