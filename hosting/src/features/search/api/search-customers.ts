import useSWR from 'swr';
import type { SearchResponse } from '@insight/common/search';
import { SEARCH_LIMIT_DEFAULT } from '@insight/common/search-limits';
import { apiFetch, type HttpError } from '../../../lib/http-client';

export const searchPath = (q: string, limit = SEARCH_LIMIT_DEFAULT) =>
  `/search?${new URLSearchParams({ q, limit: String(limit) }).toString()}`;

/** Customers matching `q` (null: nothing to search yet). Answers are kept per query for the session. */
export function useCustomerSearch(q: string | null) {
  return useSWR<SearchResponse, HttpError>(
    q === null ? null : searchPath(q),
    (path: string) => apiFetch(path),
    {
      revalidateOnFocus: false,
      revalidateIfStale: false,
      shouldRetryOnError: false,
    },
  );
}

/** One search now (Enter pressed before the debounced answer is in). */
export const fetchCustomerSearch = (q: string) => apiFetch<SearchResponse>(searchPath(q));
