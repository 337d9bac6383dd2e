import useSWR from 'swr';
import type { NeighbourhoodSection, SectionResponse } from '@insight/common/customer360';
import { apiFetch, type HttpError } from '../../../lib/http-client';

/** GET /api/ports/{olt}/{shelf}/{slot}/{port}: every ONU of a PON port, graded (the port page). */
export const portApiPath = (olt: string, port: string) => `/ports/${olt}/${port}`;

/** A PON port's ONUs; null (no request) while the address is not a valid one. */
export function usePort(address: { olt: string; port: string } | null) {
  const swr = useSWR<SectionResponse<NeighbourhoodSection>, HttpError>(
    address ? portApiPath(address.olt, address.port) : null,
    (path: string) => apiFetch<SectionResponse<NeighbourhoodSection>>(path),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
  return {
    ...swr,
    refresh: () =>
      address
        ? swr.mutate(apiFetch(`${portApiPath(address.olt, address.port)}?refresh=1`), { revalidate: false })
        : undefined,
  };
}
