/**
 * What the History card draws from a device's history (common/src/history.ts): the last 24 hours or the
 * whole 7 days, the link state as runs of one state, and where a moment falls on the timeline. Pure.
 */
import { HISTORY_STEP_SECONDS, type HistorySection } from '@insight/common/history';

export type HistoryRange = 'day' | 'week';

/** Each pod's colour in the Wi-Fi chart and its key, in the pods' order (theme palette entries). */
export const POD_COLORS = ['primary', 'secondary', 'success', 'warning', 'info', 'error'] as const;
export const podColor = (index: number) => POD_COLORS[index % POD_COLORS.length]!;
export const HISTORY_RANGES: readonly HistoryRange[] = ['day', 'week'];

/** Points in the last 24 hours, both ends included. */
const DAY_POINTS = (24 * 3600) / HISTORY_STEP_SECONDS + 1;

/** A window of the history's series (the events within it, oldest first), its times in epoch milliseconds. */
export type HistoryWindow = Pick<
  HistorySection,
  'rxPower' | 'txPower' | 'oltRxPower' | 'up' | 'clients' | 'pods' | 'events'
> & { times: number[] };

/** The history's last 24 hours or its 7 days. */
export function historyWindow(section: HistorySection, range: HistoryRange): HistoryWindow {
  const from = range === 'day' ? Math.max(0, section.times.length - DAY_POINTS) : 0;
  const cut = <T>(values: readonly T[]) => values.slice(from);
  const times = cut(section.times).map((seconds) => seconds * 1000);
  const start = times[0] ?? 0;
  return {
    times,
    rxPower: cut(section.rxPower),
    txPower: cut(section.txPower),
    oltRxPower: cut(section.oltRxPower),
    up: cut(section.up),
    clients: cut(section.clients),
    pods: section.pods.map((pod) => ({ pod: pod.pod, health: cut(pod.health) })),
    events: section.events.filter((event) => Date.parse(event.at) >= start),
  };
}

/** No point of any series and no event: a device the store does not know, or one it keeps nothing of. */
export function isEmptyHistory(section: HistorySection): boolean {
  const empty = (values: ReadonlyArray<number | null>) => values.every((value) => value === null);
  return (
    section.events.length === 0 &&
    empty(section.rxPower) &&
    empty(section.txPower) &&
    empty(section.oltRxPower) &&
    empty(section.up) &&
    empty(section.clients) &&
    section.pods.every((pod) => empty(pod.health))
  );
}

export type LinkState = 'up' | 'down' | 'none';

/** A stretch of one link state: from its first point to the next stretch's first point (the window's end for the last). */
export interface LinkRun {
  state: LinkState;
  from: number;
  to: number;
}

/** The link state as runs of one state (a gap is a run of its own: no data, neither up nor down). */
export function linkRuns(times: readonly number[], up: ReadonlyArray<0 | 1 | null>): LinkRun[] {
  const runs: LinkRun[] = [];
  const end = times.at(-1) ?? 0;
  up.forEach((value, index) => {
    const state: LinkState = value === 1 ? 'up' : value === 0 ? 'down' : 'none';
    const last = runs.at(-1);
    if (last && last.state === state) return;
    if (last) last.to = times[index]!;
    runs.push({ state, from: times[index]!, to: end });
  });
  return runs;
}

/** Where a moment falls between the window's first and last points, from 0 to 1. */
export function fractionOf(at: number, times: readonly number[]): number {
  const start = times[0] ?? 0;
  const end = times.at(-1) ?? start;
  if (end <= start) return 0;
  return Math.min(1, Math.max(0, (at - start) / (end - start)));
}
