import { afterPendingIo } from '../../lib/after-pending-io';
import type { LanSection, SectionResponse } from '@insight/common/customer360';
import type { ThresholdSource } from '../grading/threshold-source';
import { gradeLan } from '../grading/grade-sections';
import { settle } from '../section-error';
import { stamp, type UpstreamCalls } from '../upstream-calls';

/**
 * The LAN / Wi-Fi section. Client signals and health and the Plume health score are graded for the
 * device's technology, from its WAN details; when those fail, the section still answers, its values
 * ungraded (each section fails alone).
 */
export async function getLan(
  calls: UpstreamCalls,
  thresholds: ThresholdSource,
  mac: string,
  fresh: boolean,
): Promise<SectionResponse<LanSection>> {
  const [lan, details, rules] = await Promise.all([
    calls.lan(mac, fresh),
    settle(calls.details(mac, fresh)),
    thresholds.current(),
  ]);
  await afterPendingIo();
  const device =
    'error' in details
      ? { technology: null, model: null }
      : { technology: details.value.networkType, model: details.value.model };
  return { data: { ...lan.value, grades: gradeLan(rules, device, lan.value) }, ...stamp([lan]) };
}
