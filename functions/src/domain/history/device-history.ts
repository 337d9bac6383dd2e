/**
 * The device history port (docs/history.md): seven days of a device's series from a Prometheus-compatible
 * store. The adapter (adapters/history) implements it; the domain reads it through one cache per instance.
 */
import type { HistorySection } from '@insight/common/history';
import type { SectionResponse } from '@insight/common/customer360';
import type { CallCache } from '../../lib/call-cache';

export interface DeviceHistory {
  /**
   * The series of the device whose `mac` label is `macLabel` (12 lower-case hex digits, from a validated MAC
   * only), from `start` to `end` (epoch s, on the 15-minute grid). A device the store does not know has every
   * point null and no event. Throws an AppError (upstream_error, upstream_timeout) when the store fails.
   */
  read(macLabel: string, range: { start: number; end: number }): Promise<HistorySection>;
}

/**
 * The history of a device, one query set per device and cache age whoever asks (HISTORY_CACHE): every agent's
 * view of the device on this instance shares it.
 */
export async function readHistory(
  history: DeviceHistory,
  cache: CallCache,
  macLabel: string,
  range: { start: number; end: number },
): Promise<SectionResponse<HistorySection>> {
  const { value, fetchedAt, cached } = await cache.get(`history:${macLabel}`, () =>
    history.read(macLabel, range),
  );
  return { data: value, fetchedAt: new Date(fetchedAt).toISOString(), cached };
}
