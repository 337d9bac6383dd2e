/**
 * The looks kept per device (README, "Diagnosis: what changed since the last look"): a compact snapshot
 * of each complete 360 view's graded measurements, at most one per device and minute, kept 90 days.
 */
import type { LookSnapshot } from '@insight/common/diagnosis';
import type { NetworkPlace } from '@insight/common/outages';

/** How long a look is kept (the `expireAt` TTL field). */
export const LOOK_RETENTION_MS = 90 * 24 * 3_600_000;
/** At most one look per device and this long (the look's id is its minute). */
export const LOOK_INTERVAL_MS = 60_000;
/** How many looks the history answer carries (the trend's points). */
export const LOOK_HISTORY_LIMIT = 30;

export interface DeviceScore {
  score: number | null;
  at: string;
  /** The customer's name at that look (Home's recent lookups name who was looked at); null when unknown. */
  customer: string | null;
  /** Where the device hung at that look (Home marks the devices a known outage covers); null when unknown. */
  place: NetworkPlace | null;
}

/** Where looks are kept (Firestore in production; memory in tests). */
export interface LookStore {
  /**
   * Stores the look under its minute; answers false when that minute already holds one (another
   * instance, or another view in the same minute), which is kept.
   */
  add(look: LookSnapshot, minute: number, expireAt: Date): Promise<boolean>;
  /** The device's looks, newest first. */
  list(mac: string, limit: number): Promise<LookSnapshot[]>;
  /** Each device's last score (from its last look) and the customer's name then, for the MACs that have one. */
  scores(macs: readonly string[]): Promise<Record<string, DeviceScore>>;
}

export function memoryLookStore(): LookStore & { looks: Map<string, Map<number, LookSnapshot>> } {
  const looks = new Map<string, Map<number, LookSnapshot>>();
  return {
    looks,
    async add(look, minute) {
      const device = looks.get(look.mac) ?? new Map<number, LookSnapshot>();
      looks.set(look.mac, device);
      if (device.has(minute)) return false;
      device.set(minute, look);
      return true;
    },
    async list(mac, limit) {
      const device = looks.get(mac);
      if (!device) return [];
      return [...device.entries()]
        .sort((a, b) => b[0] - a[0])
        .slice(0, limit)
        .map(([, look]) => look);
    },
    async scores(macs) {
      const answer: Record<string, DeviceScore> = {};
      for (const mac of macs) {
        const [last] = await this.list(mac, 1);
        if (last)
          answer[mac] = {
            score: last.score,
            at: last.at,
            customer: last.customer ?? null,
            place: last.place ?? null,
          };
      }
      return answer;
    },
  };
}

/**
 * Records looks without slowing the view: called after the answer has left, it never throws, and a
 * device looked at again within the same minute is not written twice (checked here per instance first,
 * then by the store's create-only write across instances).
 */
export function lookRecorder(
  store: LookStore,
  {
    now = Date.now,
    onError = () => undefined,
  }: { now?: () => number; onError?: (error: unknown) => void } = {},
) {
  const lastMinute = new Map<string, number>();
  return async function record(look: Omit<LookSnapshot, 'at'>): Promise<boolean> {
    const at = now();
    const minute = Math.floor(at / LOOK_INTERVAL_MS);
    if (lastMinute.get(look.mac) === minute) return false;
    lastMinute.set(look.mac, minute);
    // Bounded: the map only needs the devices of the current minute.
    if (lastMinute.size > 10_000) for (const [mac, m] of lastMinute) if (m < minute) lastMinute.delete(mac);
    try {
      return await store.add(
        { ...look, at: new Date(at).toISOString() },
        minute,
        new Date(at + LOOK_RETENTION_MS),
      );
    } catch (error) {
      onError(error);
      return false;
    }
  };
}
export type LookRecorder = ReturnType<typeof lookRecorder>;
