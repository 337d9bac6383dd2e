/**
 * The API's upstream configuration, built in one place from one base URL per service: from the params
 * where deployed (api-app.ts), from one simulator origin in the tests, the benches and the soak.
 */
import { simulatorBaseUrls, type UpstreamBaseUrls } from '@insight/common/upstream/services';
import { httpTransport, type ServiceConfig } from '../adapters/upstream/transport';
import type { UpstreamConfig } from '../app';

/** Each service at its base URL, with the same timeout and transport. */
export function upstreamConfig(
  baseUrls: UpstreamBaseUrls,
  call: Omit<ServiceConfig, 'baseUrl'>,
): UpstreamConfig {
  const at = (baseUrl: string): ServiceConfig => ({ ...call, baseUrl });
  return {
    customer: at(baseUrls.customer),
    wan: at(baseUrls.wan),
    pon: at(baseUrls.pon),
    lan: at(baseUrls.lan),
    telephony: at(baseUrls.telephony),
    birthCertificates: at(baseUrls.birthCertificates),
    sms: at(baseUrls.sms),
    search: at(baseUrls.search),
    history: at(baseUrls.history),
    acs: at(baseUrls.acs),
  };
}

/** Every service on the simulator at `origin` (common/src/upstream/services.ts), over plain HTTP unless given a transport. */
export const simulatorUpstream = (
  origin: string,
  timeoutMs: number,
  transport = httpTransport(),
): UpstreamConfig => upstreamConfig(simulatorBaseUrls(origin), { timeoutMs, transport });
