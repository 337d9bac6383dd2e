import { afterPendingIo } from '../../lib/after-pending-io';
import { firmwareScoreLabel, type SectionResponse, type WanSection } from '@insight/common/customer360';
import type { Cached } from '../../lib/call-cache';
import type { ThresholdSource } from '../grading/threshold-source';
import { gradeWan } from '../grading/grade-sections';
import { settle } from '../section-error';
import { stamp, type UpstreamCalls } from '../upstream-calls';

/**
 * The WAN section: details, state and firmware always (in parallel); registration and provisioning
 * status only when the customer lookup (shared with the customer section) has no error.
 */
export async function getWan(
  calls: UpstreamCalls,
  thresholds: ThresholdSource,
  mac: string,
  language: string,
  fresh: boolean,
): Promise<SectionResponse<WanSection>> {
  const customerThenConditional = (async () => {
    const customer = await settle(calls.customerAccount(mac, language, fresh));
    if ('error' in customer || !customer.value)
      return { registration: null, provisioning: null, parts: [] as Cached<unknown>[] };
    const [registration, provisioning] = await Promise.all([
      settle(calls.registration(mac, fresh)),
      settle(calls.provisioning(mac, language, fresh)),
    ]);
    const parts = [registration, provisioning].filter((part): part is Cached<never> => !('error' in part));
    return {
      registration: 'error' in registration ? registration : registration.value,
      provisioning: 'error' in provisioning ? provisioning : provisioning.value,
      parts,
    };
  })();
  const [details, state, firmware, conditional, rules] = await Promise.all([
    calls.details(mac, fresh),
    calls.state(mac, fresh),
    calls.firmware(mac, fresh),
    customerThenConditional,
    thresholds.current(),
  ]);
  await afterPendingIo();
  const device = { technology: details.value.networkType, model: details.value.model };
  return {
    data: {
      details: details.value,
      state: state.value,
      firmware: { ...firmware.value, scoreLabel: firmwareScoreLabel(firmware.value.score) },
      registration: conditional.registration,
      provisioning: conditional.provisioning,
      grades: gradeWan(rules, device, state.value, firmware.value),
    },
    ...stamp([details, state, firmware, ...conditional.parts]),
  };
}
