/**
 * Findings a snapshot cannot see: each history measure the threshold rules grade warn or fail is a finding
 * with its times; passing measures, and a history not read yet, make none and wait for nothing.
 */
import { describe, expect, it } from 'vitest';
import type { HistorySection } from '../history';
import type { AssessedHistory } from '../history-measures';
import type { Grading } from '../threshold-grading';
import { diagnose } from './diagnose';
import type { DiagnosisInput } from './types';

const grading = (grade: Grading['grade'], value: number, unit = ''): Grading => ({
  grade,
  value,
  unit,
  source: {
    kind: 'default',
    definition: 'losCount24h',
    rule: 'LOS-24H',
    variant: null,
    range: { rangeMin: null, rangeMax: null, alphaValue: null },
  },
});

const ok = <T>(data: T) => ({ status: 'ok' as const, data });
const pending = { status: 'pending' as const };
const base: DiagnosisInput = {
  customer: pending,
  wan: pending,
  lan: pending,
  voice: pending,
  bc: pending,
  port: pending,
};
const history = (assessment: AssessedHistory) =>
  ok({ mac: 'a4c1e8000000', times: [], pods: [], events: [], assessment } as unknown as HistorySection & {
    assessment: AssessedHistory;
  });

const measures: AssessedHistory['measures'] = {
  losCount24h: { value: 5, times: ['2026-11-26T01:00:00.000Z', '2026-11-26T07:15:00.000Z'] },
  rxDrop7d: { value: 0.2, times: [] },
  dyingGaspDays: { value: 3, times: ['2026-11-21T23:00:00.000Z'] },
  eveningWifiDrop: { value: 48, times: [] },
};

describe('findings from the history', () => {
  it('makes one finding per measure graded warn or fail, with its times, in the section it belongs to', () => {
    const { findings, pending: waiting } = diagnose({
      ...base,
      history: history({
        measures,
        grades: {
          losCount24h: grading('fail', 5),
          rxDrop7d: grading('pass', 0.2, 'dB'),
          dyingGaspDays: grading('warn', 3),
          eveningWifiDrop: grading('fail', 48),
        },
      }),
    });
    expect(findings.map((item) => [item.key, item.severity, item.section])).toEqual([
      ['intermittentLink', 'fail', 'wan'],
      ['eveningCongestion', 'fail', 'lan'],
      ['powerCuts', 'warn', 'wan'],
    ]);
    expect(findings[0]!.values).toMatchObject({
      count: 5,
      times: '2026-11-26T01:00:00.000Z, 2026-11-26T07:15:00.000Z',
    });
    // The history is not one of the view's sections: it is never waited for.
    expect(waiting).toEqual(['customer', 'wan', 'lan', 'voice', 'bc', 'port']);
  });

  it('scores them as the customer feels them: drops and evenings in full, power cuts and falling light at most a warn', () => {
    const all = (grade: 'fail' | 'warn') => ({
      losCount24h: grading(grade, 5),
      rxDrop7d: grading(grade, 3.5, 'dB'),
      dyingGaspDays: grading(grade, 5),
      eveningWifiDrop: grading(grade, 48),
    });
    const { findings } = diagnose({ ...base, history: history({ measures, grades: all('fail') }) });
    const penalty = Object.fromEntries(findings.map((item) => [item.key, item.penalty]));
    expect(penalty).toEqual({ intermittentLink: 3, eveningCongestion: 3, powerCuts: 1, fallingLight: 1 });
  });

  it('makes none while the history is loading, failed, or passing', () => {
    for (const state of [pending, { status: 'error' as const, code: 'upstream_error' }])
      expect(diagnose({ ...base, history: state }).findings).toEqual([]);
    expect(
      diagnose({ ...base, history: history({ measures, grades: { losCount24h: grading('pass', 1) } }) })
        .findings,
    ).toEqual([]);
  });
});
