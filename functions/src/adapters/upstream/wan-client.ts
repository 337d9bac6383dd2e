import {
  onuActionResponseSchema,
  onuDetailsSchema,
  onuFirmwareSchema,
  onuRegistrationSchema,
  onuStateSchema,
  provisioningStatusSchema,
} from '@insight/common/upstream/wan';
import type { WanClient } from '../../domain/ports/upstream-clients';
import { callRequired, idempotencyHeaders, type ServiceConfig } from './transport';

const ONU = '/api/fe/wan/v1/pon/onu/{mac}';

/** WAN PON ONU services; `mac` is always a validated, normalised MAC. */
export function createWanClient(service: ServiceConfig): WanClient {
  return {
    details: (mac: string) =>
      callRequired(service, { path: `${ONU}/details`, params: { mac } }, onuDetailsSchema),
    state: (mac: string) => callRequired(service, { path: `${ONU}/state`, params: { mac } }, onuStateSchema),
    firmware: (mac: string) =>
      callRequired(service, { path: `${ONU}/firmware`, params: { mac } }, onuFirmwareSchema),
    registration: (mac: string) =>
      callRequired(service, { path: `${ONU}/registration`, params: { mac } }, onuRegistrationSchema),
    provisioningStatus: (mac: string, language: string) =>
      callRequired(
        service,
        { path: `${ONU}/provisioning/status`, params: { mac }, query: { language } },
        provisioningStatusSchema,
      ),
    reset: (mac: string, idempotencyKey?: string) =>
      callRequired(
        service,
        {
          method: 'POST',
          path: `${ONU}/action`,
          params: { mac },
          body: { action: 'reset' },
          headers: idempotencyHeaders(idempotencyKey),
        },
        onuActionResponseSchema,
      ),
  };
}
