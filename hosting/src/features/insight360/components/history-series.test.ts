/** What the History card draws from a history: the window, the link's runs, where a moment falls. */
import { describe, expect, it } from 'vitest';
import { HISTORY_POINTS, HISTORY_STEP_SECONDS, type HistorySection } from '@insight/common/history';
import { fractionOf, historyWindow, isEmptyHistory, linkRuns } from './history-series';

const END = Date.UTC(2026, 10, 20, 14, 0) / 1000;
const times = Array.from(
  { length: HISTORY_POINTS },
  (_, index) => END - (HISTORY_POINTS - 1 - index) * HISTORY_STEP_SECONDS,
);
const nulls = times.map(() => null);
const empty: HistorySection = {
  mac: 'a4c1e8000001',
  start: new Date(times[0]! * 1000).toISOString(),
  step: HISTORY_STEP_SECONDS,
  times,
  rxPower: nulls,
  txPower: nulls,
  oltRxPower: nulls,
  up: nulls,
  clients: nulls,
  pods: [{ pod: 'gateway', health: nulls }],
  events: [],
};

describe('the History card’s series', () => {
  it('the day is the last 97 points and the events since its first; the week is all of them', () => {
    const at = (index: number) => new Date(times[index]! * 1000).toISOString();
    const section = {
      ...empty,
      events: [
        { kind: 'los' as const, at: at(HISTORY_POINTS - 98) },
        { kind: 'los' as const, at: at(HISTORY_POINTS - 97) },
      ],
    };
    const day = historyWindow(section, 'day');
    expect(day.times).toHaveLength(97);
    expect(day.times[0]).toBe(times[HISTORY_POINTS - 97]! * 1000);
    expect(day.pods[0]!.health).toHaveLength(97);
    expect(day.events).toEqual([section.events[1]]);
    expect(historyWindow(section, 'week').events).toHaveLength(2);
    expect(historyWindow(section, 'week').times).toHaveLength(HISTORY_POINTS);
  });

  it('an empty history has no point and no event; one point or one event is a history', () => {
    expect(isEmptyHistory(empty)).toBe(true);
    expect(isEmptyHistory({ ...empty, clients: [...nulls.slice(1), 3] })).toBe(false);
    expect(isEmptyHistory({ ...empty, pods: [{ pod: 'gateway', health: [80, ...nulls.slice(1)] }] })).toBe(
      false,
    );
    expect(isEmptyHistory({ ...empty, events: [{ kind: 'dyingGasp', at: empty.start }] })).toBe(false);
  });

  it('the link state runs from each change to the next, a gap its own run, the last to the window’s end', () => {
    expect(linkRuns([0, 10, 20, 30, 40], [1, 1, 0, null, 1])).toEqual([
      { state: 'up', from: 0, to: 20 },
      { state: 'down', from: 20, to: 30 },
      { state: 'none', from: 30, to: 40 },
      { state: 'up', from: 40, to: 40 },
    ]);
    expect(fractionOf(30, [0, 10, 40])).toBe(0.75);
    expect(fractionOf(-5, [0, 40])).toBe(0);
    expect(fractionOf(5, [7])).toBe(0);
  });
});
