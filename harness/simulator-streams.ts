/**
 * The simulator's staging stream settings and counters (`/_sim/streams`), as the staging benchmark and the
 * buffering-path e2e test drive them: how many switches, how many changes a second and how many in all
 * the next upstream connections send, and per stream how many connections were opened, are open and how
 * many changes were sent.
 */
import { SIMULATOR } from './api-client';
import { eventually } from './eventually';

export interface StreamSettings {
  switches: number;
  eventsPerS: number;
  maxChanges: number;
}
export interface StreamCount {
  kind: string;
  province: string;
  opened: number;
  open: number;
  changes: number;
}

async function call(
  init?: RequestInit,
): Promise<{ settings: StreamSettings; streams: StreamCount[] } | undefined> {
  const res = await fetch(`${SIMULATOR}/_sim/streams`, init);
  if (!res.ok) throw new Error(`/_sim/streams answered ${res.status}`);
  if (res.status === 204) return undefined;
  return (await res.json()) as { settings: StreamSettings; streams: StreamCount[] };
}

/** The settings the next upstream connections take. */
export const streamSettings = async (): Promise<StreamSettings> => (await call())!.settings;

/** Sets them (for connections opened after: an earlier page's stream must have closed). */
export const setStreamSettings = async (settings: StreamSettings): Promise<void> => {
  await call({
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(settings),
  });
};

/** One stream's counters (a Plume or ONU stream of a province), if it was ever opened. */
export const streamCount = async (kind: string, province: string): Promise<StreamCount | undefined> =>
  (await call())!.streams.find((stream) => stream.kind === kind && stream.province === province);

/** Sets every counter back to 0. */
export const resetStreamCounts = async (): Promise<void> => {
  await call({ method: 'DELETE' });
};

/** Polls `check` every 100 ms until it holds; throws naming `what` after `timeoutMs`. */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  await eventually(check, { deadlineMs: timeoutMs, intervalMs: 100, what });
}
