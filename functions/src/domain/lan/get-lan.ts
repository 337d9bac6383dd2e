import type { LanSection, SectionResponse } from '@insight/common/customer360';
import { stamp, type UpstreamCalls } from '../upstream-calls';

export async function getLan(
  calls: UpstreamCalls,
  mac: string,
  fresh: boolean,
): Promise<SectionResponse<LanSection>> {
  const lan = await calls.lan(mac, fresh);
  return { data: lan.value, ...stamp([lan]) };
}
