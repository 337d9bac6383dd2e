import type { Section } from '@insight/common/customer360';
import { getBirthCertificates } from './birth-certificates/get-birth-certificates';
import { getCustomer } from './customer/get-customer';
import type { ThresholdSource } from './grading/threshold-source';
import { getLan } from './lan/get-lan';
import type { UpstreamCalls } from './upstream-calls';
import { afterPendingIo } from '../lib/after-pending-io';
import { getVoice } from './voice/get-voice';
import { getNeighbourhood } from './wan/get-neighbourhood';
import { getWan } from './wan/get-wan';

export type SectionLoader = (mac: string, language: string, fresh: boolean) => Promise<unknown>;

/**
 * A section's answer is handed over (to be written as its line) after the I/O already waiting: under
 * load, the other views' upstream answers are read, and their next requests leave, first (lib/after-pending-io.ts).
 */
const handedOverAfterPendingIo =
  (load: SectionLoader): SectionLoader =>
  async (mac, language, fresh) => {
    const answer = await load(mac, language, fresh);
    await afterPendingIo();
    return answer;
  };

/** How each section of the 360 view is read: the routes answer with them, the calibration runs them. */
export function sectionLoaders(
  calls: UpstreamCalls,
  thresholds: ThresholdSource,
): Record<Section, SectionLoader> {
  const loaders: Record<Section, SectionLoader> = {
    customer: (mac, language, fresh) => getCustomer(calls, mac, language, fresh),
    wan: (mac, language, fresh) => getWan(calls, thresholds, mac, language, fresh),
    lan: (mac, _language, fresh) => getLan(calls, thresholds, mac, fresh),
    voice: (mac, _language, fresh) => getVoice(calls, mac, fresh),
    'birth-certificates': (mac, _language, fresh) => getBirthCertificates(calls, thresholds, mac, fresh),
    neighbourhood: (mac, _language, fresh) => getNeighbourhood(calls, thresholds, mac, fresh),
  };
  for (const section of Object.keys(loaders) as Section[])
    loaders[section] = handedOverAfterPendingIo(loaders[section]);
  return loaders;
}
