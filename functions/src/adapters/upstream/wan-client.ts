import {
  onuActionResponseSchema,
  onuDetailsSchema,
  onuFirmwareSchema,
  onuRegistrationSchema,
  onuStateSchema,
  PON_PORT,
  ponPortListingSchema,
  provisioningStatusSchema,
} from '@insight/common/upstream/wan';
import type { PonPortClient, WanClient } from '../../domain/ports/upstream-clients';
import { call, callRequired, idempotencyHeaders, type ServiceConfig } from './transport';

const ONU = '/api/fe/wan/v1/pon/onu/{mac}';
export const PORT_LISTING = '/api/fe/wan/v1/pon/olt/{olt}/port/{shelf}/{slot}/{port}/onus';

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

/**
 * The WAN service's PON port listing, on its own base URL. `olt` and `port` are validated by the domain
 * (OLT_NAME, PON_PORT) before they reach here; each part is URI-encoded into the path.
 */
export function createPonPortClient(service: ServiceConfig): PonPortClient {
  return {
    listing: (olt: string, port: string) => {
      const [, shelf, slot, number] = PON_PORT.exec(port) ?? [];
      return call(
        service,
        {
          path: PORT_LISTING,
          params: { olt, shelf: shelf ?? '', slot: slot ?? '', port: number ?? '' },
        },
        ponPortListingSchema,
        { allow404: true },
      );
    },
  };
}
