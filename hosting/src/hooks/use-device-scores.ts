import useSWR from 'swr';
import type { NetworkPlace } from '@insight/common/outages';
import { apiFetch, type HttpError } from '../lib/http-client';

export interface DeviceScore {
  score: number | null;
  /** When the look that scored it was taken (ISO). */
  at: string;
  /** The customer's name at that look; null or absent when none was known. */
  customer?: string | null;
  /** Where the device hung at that look (its PON port, its head end); absent or null when unknown. */
  place?: NetworkPlace | null;
}

/**
 * The experience score of each device at its last complete 360 view (README, "Diagnosis"): one read of
 * the stored last looks for a whole list (search results, recent lookups), never a view of each device.
 * Devices never looked at have none.
 */
export function useDeviceScores(macs: readonly string[]): Readonly<Record<string, DeviceScore>> {
  const key = macs.length > 0 ? `/diagnosis/scores?macs=${macs.slice(0, 20).join(',')}` : null;
  const { data } = useSWR<{ scores: Record<string, DeviceScore> }, HttpError>(
    key,
    (path: string) => apiFetch<{ scores: Record<string, DeviceScore> }>(path),
    { revalidateOnFocus: false, shouldRetryOnError: false, dedupingInterval: 30_000, keepPreviousData: true },
  );
  return data?.scores ?? {};
}
