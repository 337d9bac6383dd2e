import type { SectionResponse, VoiceSection } from '@insight/common/customer360';
import { stamp, type UpstreamCalls } from '../upstream-calls';

/** The voice section: the device's network type picks the EPON or GPON telephony endpoint; ports sorted. */
export async function getVoice(
  calls: UpstreamCalls,
  mac: string,
  fresh: boolean,
): Promise<SectionResponse<VoiceSection>> {
  const details = await calls.details(mac, fresh);
  const { networkType, serialNumber, hostIpMta } = details.value;
  const subscriber = await calls.subscriber(mac, networkType, serialNumber, hostIpMta, fresh);
  const value = subscriber.value;
  return {
    data: {
      networkType,
      subscriber: value ? { ...value, ports: [...value.ports].sort((a, b) => a.port - b.port) } : null,
    },
    ...stamp([details, subscriber]),
  };
}
