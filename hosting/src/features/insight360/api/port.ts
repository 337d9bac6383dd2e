import useSWR from 'swr';
import type { NeighbourhoodSection, SectionResponse } from '@insight/common/customer360';
import { apiFetch, type HttpError } from '../../../lib/http-client';

/** GET /api/ports/{olt}/{shelf}/{slot}/{port}: every ONU of a PON port, graded (the port page). */
export const portApiPath = (olt: string, port: string) => `/ports/${olt}/${port}`;

/** The ports whose next read bypasses the API's cache (a refresh asked for). */
const refreshing = new Set<string>();

/**
 * A PON port's ONUs; null (no request) while the address is not a valid one. `refresh()` reads again
 * through SWR's revalidation, bypassing the API's cache: a failure shows as the card's error.
 */
export function usePort(address: { olt: string; port: string } | null) {
  const key = address ? portApiPath(address.olt, address.port) : null;
  const swr = useSWR<SectionResponse<NeighbourhoodSection>, HttpError>(
    key,
    (path: string) =>
      apiFetch<SectionResponse<NeighbourhoodSection>>(refreshing.delete(path) ? `${path}?refresh=1` : path),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
  return {
    ...swr,
    refresh: () => {
      if (!key) return undefined;
      refreshing.add(key);
      return swr.mutate();
    },
  };
}
