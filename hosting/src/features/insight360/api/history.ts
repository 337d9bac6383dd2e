/**
 * A device's seven days of history (GET /api/360/{mac}/history, docs/features.md "History"): one request per
 * view, asked for once the view is drawn; the History card draws it and its findings join the diagnosis when it
 * arrives. Not a section of the view: the first findings, the reveal stages and the search's tracked calls
 * never wait for it. The API keeps one answer per device for 5 minutes whoever asks.
 */
import useSWR from 'swr';
import type { SectionResponse } from '@insight/common/customer360';
import type { HistorySection } from '@insight/common/history';
import { apiFetch, type HttpError } from '../../../lib/http-client';

/** GET /api/360/{mac}/history (the API path, without /api). */
export const historyPath = (mac: string) => `/360/${mac}/history`;

const OPTIONS = {
  revalidateOnFocus: false,
  shouldRetryOnError: false,
  // The API's answer is kept 5 minutes per device: asking again sooner brings the same answer.
  dedupingInterval: 60_000,
} as const;

const fetchHistory = (path: string) => apiFetch<SectionResponse<HistorySection>>(path);

/** The device's history, its loading and error states, and a retry. */
export function useDeviceHistory(mac: string | null) {
  const swr = useSWR<SectionResponse<HistorySection>, HttpError>(
    mac ? historyPath(mac) : null,
    fetchHistory,
    OPTIONS,
  );
  return { ...swr, refresh: () => swr.mutate() };
}
