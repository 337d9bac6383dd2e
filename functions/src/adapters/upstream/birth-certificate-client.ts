import {
  birthCertificateListSchema,
  birthCertificateSchema,
  smsResponseSchema,
  type RegenerationRequest,
  type SmsRequest,
} from '@insight/common/upstream/birth-certificate';
import { AppError } from '../../lib/app-error';
import type { BirthCertificateClient, SmsClient } from '../../domain/ports/upstream-clients';
import { call, callRequired, idempotencyHeaders, type ServiceConfig } from './transport';

/** The business-unit prefix: the first two characters of the network group (docs/requirements.md, "Upstream calls"). */
export function networkGroupPrefix(networkGroup: string): string {
  const prefix = networkGroup.slice(0, 2);
  if (!/^[A-Z]{2}$/.test(prefix))
    throw new AppError('upstream_error', 'Invalid network group from the WAN service', {
      path: '/bc/{networkType}/bc/bu/{prefix}',
    });
  return prefix;
}

/** Birth-certificate service ({bcHost}). */
export function createBirthCertificateClient(service: ServiceConfig): BirthCertificateClient {
  return {
    /** Null when the device has no birth certificate yet (404). */
    list: (networkType: 'EPON' | 'GPON', networkGroup: string, mac: string) =>
      call(
        service,
        {
          path: '/{networkType}/bc/bu/{prefix}/onumac/{mac}/all',
          params: { networkType: networkType.toLowerCase(), prefix: networkGroupPrefix(networkGroup), mac },
        },
        birthCertificateListSchema,
        { allow404: true },
      ),
    regenerate: (
      method: 'PUT' | 'POST',
      networkType: 'EPON' | 'GPON',
      networkGroup: string,
      body: RegenerationRequest,
      idempotencyKey?: string,
    ) =>
      callRequired(
        service,
        {
          method,
          path: '/{networkType}/bc/bu/{prefix}',
          params: { networkType, prefix: networkGroupPrefix(networkGroup) },
          body,
          headers: idempotencyHeaders(idempotencyKey),
        },
        birthCertificateSchema,
      ),
  };
}

/** SMS gateway. */
export function createSmsClient(service: ServiceConfig): SmsClient {
  return {
    send: (request: SmsRequest, idempotencyKey?: string) =>
      callRequired(
        service,
        { method: 'POST', path: '/v1/messages', body: request, headers: idempotencyHeaders(idempotencyKey) },
        smsResponseSchema,
      ),
  };
}
