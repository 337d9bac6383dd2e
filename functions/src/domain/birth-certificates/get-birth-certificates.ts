import { afterPendingIo } from '../../lib/after-pending-io';
import type { BirthCertificatesSection, SectionResponse } from '@insight/common/customer360';
import type { BirthCertificate } from '@insight/common/upstream/birth-certificate';
import type { ThresholdSource } from '../grading/threshold-source';
import { gradeCertificates } from '../grading/grade-sections';
import { stamp, type UpstreamCalls } from '../upstream-calls';

export const newestFirst = (list: BirthCertificate[]) =>
  [...list].sort((a, b) => Date.parse(b.ts) - Date.parse(a.ts));

/** Birth certificates, newest first; a 404 upstream means none yet (an empty list, not an error). */
export async function getBirthCertificates(
  calls: UpstreamCalls,
  thresholds: ThresholdSource,
  mac: string,
  fresh: boolean,
): Promise<SectionResponse<BirthCertificatesSection>> {
  const details = await calls.details(mac, fresh);
  const list = await calls.birthCertificates(
    mac,
    details.value.networkType,
    details.value.networkGroup,
    fresh,
  );
  const certificates = newestFirst(list.value ?? []);
  const rules = await thresholds.current();
  await afterPendingIo();
  const device = { technology: details.value.networkType, model: details.value.model };
  return {
    data: {
      networkType: details.value.networkType,
      certificates,
      grades: gradeCertificates(rules, device, certificates),
    },
    ...stamp([details, list]),
  };
}
