/** The history's measures: drops in the last 24 hours, the week's fall of light, power-cut days, evenings. */
import { describe, expect, it } from 'vitest';
import { HISTORY_POINTS, HISTORY_STEP_SECONDS, type HistoryEvent, type HistorySection } from './history';
import { historyMeasures } from './history-measures';
import { gradeValue } from './threshold-grading';
import { seedThresholdSet } from './threshold-seed';

/** Wednesday 2026-11-25 00:00 in Toronto (05:00 UTC), the end of the week. */
const END = Date.parse('2026-11-25T05:00:00Z') / 1000;
const times = Array.from(
  { length: HISTORY_POINTS },
  (_, i) => END - (HISTORY_POINTS - 1 - i) * HISTORY_STEP_SECONDS,
);
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const torontoHour = (seconds: number) =>
  Number(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Toronto',
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(seconds * 1000)),
  );

function section(over: Partial<HistorySection> = {}): HistorySection {
  const flat = times.map(() => -18);
  return {
    mac: 'a4c1e8000000',
    start: iso(times[0]!),
    step: HISTORY_STEP_SECONDS,
    times,
    rxPower: flat,
    txPower: times.map(() => 2.5),
    oltRxPower: times.map(() => -20),
    up: times.map(() => 1),
    clients: times.map(() => 5),
    pods: [{ pod: 'gateway', health: times.map(() => 90) }],
    events: [],
    ...over,
  };
}

describe('the history measures', () => {
  it('a quiet week measures nothing wrong', () => {
    expect(historyMeasures(section())).toEqual({
      losCount24h: { value: 0, times: [] },
      rxDrop7d: { value: 0, times: [] },
      dyingGaspDays: { value: 0, times: [] },
      eveningWifiDrop: { value: 0, times: [] },
    });
  });

  it('counts the losses of signal of the last 24 hours only, with their times', () => {
    const events: HistoryEvent[] = [
      { kind: 'los', at: iso(END - 3 * 86_400) },
      { kind: 'los', at: iso(END - 20 * 3600) },
      { kind: 'los', at: iso(END - 9 * 3600) },
      { kind: 'dyingGasp', at: iso(END - 2 * 3600) },
      { kind: 'los', at: iso(END - 3600) },
    ];
    const { losCount24h } = historyMeasures(section({ events }));
    expect(losCount24h).toEqual({
      value: 3,
      times: [iso(END - 20 * 3600), iso(END - 9 * 3600), iso(END - 3600)],
    });
  });

  it('measures how far the light fell between the first and the last day, gaps left out', () => {
    const declining = times.map((_, i) => (i % 10 === 0 ? null : -18 - (3 * i) / (HISTORY_POINTS - 1)));
    expect(historyMeasures(section({ rxPower: declining })).rxDrop7d.value).toBeCloseTo(2.6, 1);
    // Too few readings at one end: nothing to say.
    const dark = times.map((_, i) => (i < HISTORY_POINTS - 90 ? -18 : null));
    expect(historyMeasures(section({ rxPower: dark })).rxDrop7d.value).toBeNull();
  });

  it('counts the local days with a dying gasp, not the gasps', () => {
    const events: HistoryEvent[] = [
      // Two gasps on one Toronto day (the second after midnight UTC, still the same evening there).
      { kind: 'dyingGasp', at: '2026-11-20T23:30:00Z' },
      { kind: 'dyingGasp', at: '2026-11-21T02:00:00Z' },
      { kind: 'dyingGasp', at: '2026-11-23T15:00:00Z' },
    ];
    expect(historyMeasures(section({ events })).dyingGaspDays).toMatchObject({ value: 2 });
  });

  it('measures the evening fall of Wi-Fi health in the customers’ zone, as the median over the days', () => {
    const health = times.map((time) => {
      const hour = torontoHour(time);
      return hour >= 19 && hour < 23 ? 40 : 88;
    });
    expect(historyMeasures(section({ pods: [{ pod: 'gateway', health }] })).eveningWifiDrop.value).toBe(48);
    // A fall at 19:00 UTC (14:00 in Toronto) is not the evening.
    const utcEvening = times.map((time) => {
      const hour = new Date(time * 1000).getUTCHours();
      return hour >= 19 && hour < 23 ? 40 : 88;
    });
    expect(
      historyMeasures(section({ pods: [{ pod: 'gateway', health: utcEvening }] })).eveningWifiDrop.value,
    ).toBeLessThan(15);
  });

  it('an empty history says nothing', () => {
    const empty = section({ times: [], rxPower: [], pods: [], events: [] });
    expect(historyMeasures(empty)).toMatchObject({
      losCount24h: { value: null },
      rxDrop7d: { value: null },
      eveningWifiDrop: { value: null },
    });
  });
});

describe('the seeded threshold rules grade the measures', () => {
  const seed = seedThresholdSet();
  const device = { technology: 'GPON' as const, model: null };
  it.each([
    ['losCount24h', 1, 'pass'],
    ['losCount24h', 2, 'warn'],
    ['losCount24h', 5, 'fail'],
    ['rxDrop7d', 0.4, 'pass'],
    ['rxDrop7d', 2.4, 'warn'],
    ['rxDrop7d', 3.6, 'fail'],
    ['dyingGaspDays', 1, 'pass'],
    ['dyingGaspDays', 3, 'warn'],
    ['dyingGaspDays', 4, 'fail'],
    ['eveningWifiDrop', 6, 'pass'],
    ['eveningWifiDrop', 22, 'warn'],
    ['eveningWifiDrop', 48, 'fail'],
  ] as const)('%s %d is %s', (parameter, value, grade) => {
    const grading = gradeValue(seed, parameter, value, device);
    expect(grading.grade).toBe(grade);
    expect(grading.source.kind).toBe('default');
  });
});
