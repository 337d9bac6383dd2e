import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { RegenerateResult, SectionResponse } from '@insight/common/customer360';
import { regenerateBirthCertificate } from './operations';
import { sectionPath, type SectionData } from './sections';

type Certificates = SectionResponse<SectionData['birth-certificates']>;

/**
 * Regenerates the device's birth certificate, then puts the new one first in the view's list, replacing
 * a certificate of the same id (docs/requirements.md, "Birth certificates"), without asking the API for the list again.
 */
export function useRegenerateCertificate(mac: string, language: string) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (idempotencyKey: string): Promise<RegenerateResult> => {
      const result = await regenerateBirthCertificate(mac, idempotencyKey);
      await mutate<Certificates>(
        sectionPath(mac, 'birth-certificates', language),
        (current) =>
          current && {
            ...current,
            data: {
              ...current.data,
              certificates: [
                result.certificate,
                ...current.data.certificates.filter((item) => item.id !== result.certificate.id),
              ],
            },
          },
        { revalidate: false },
      );
      return result;
    },
    [mac, language, mutate],
  );
}
