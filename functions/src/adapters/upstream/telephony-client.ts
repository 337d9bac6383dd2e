import { telephonySubscriberSchema, voiceOperationResponseSchema } from '@insight/common/upstream/telephony';
import type { VoiceOperation } from '@insight/common/customer360';
import { AppError } from '../../lib/app-error';
import type { TelephonyClient } from '../../domain/ports/upstream-clients';
import { call, callRequired, idempotencyHeaders, type ServiceConfig } from './transport';

const SUBSCRIBER = '/api/fe/telephony/subscriber/{serialNumber}';
const PORT = `${SUBSCRIBER}/ports/{port}`;

function checked(serialNumber: string, hostIpMta?: string | null) {
  if (!/^[A-Z0-9]{4,20}$/.test(serialNumber))
    throw new AppError('upstream_error', 'Invalid serial number from the WAN service', { path: SUBSCRIBER });
  if (hostIpMta != null && !/^\d{1,3}(\.\d{1,3}){3}$/.test(hostIpMta))
    throw new AppError('upstream_error', 'Invalid host IP MTA from the WAN service', { path: SUBSCRIBER });
}

/** Telephony: EPON subscribers by serial number and host IP MTA, GPON by serial number alone. */
export function createTelephonyClient(service: ServiceConfig): TelephonyClient {
  return {
    /** Null when the device has no telephony subscriber. */
    subscriber(networkType: 'EPON' | 'GPON', serialNumber: string, hostIpMta: string | null) {
      checked(serialNumber, hostIpMta);
      if (networkType === 'EPON') {
        if (!hostIpMta)
          throw new AppError('upstream_error', 'EPON device without host IP MTA', { path: SUBSCRIBER });
        return call(
          service,
          { path: `${SUBSCRIBER}/hostIpMta/{hostIpMta}`, params: { serialNumber, hostIpMta } },
          telephonySubscriberSchema,
          { allow404: true },
        );
      }
      return call(service, { path: SUBSCRIBER, params: { serialNumber } }, telephonySubscriberSchema, {
        allow404: true,
      });
    },
    operate(serialNumber: string, port: number, operation: VoiceOperation, idempotencyKey?: string) {
      checked(serialNumber);
      const params = { serialNumber, port: String(port) };
      const headers = idempotencyHeaders(idempotencyKey);
      switch (operation.operation) {
        case 'callForwarding':
          return callRequired(
            service,
            {
              method: 'PUT',
              path: `${PORT}/call-forwarding`,
              params,
              headers,
              body: { enabled: operation.enabled, number: operation.number },
            },
            voiceOperationResponseSchema,
          );
        case 'voicemailPasswordReset':
          return callRequired(
            service,
            { method: 'POST', path: `${PORT}/voicemail/password-reset`, params, headers },
            voiceOperationResponseSchema,
          );
        case 'mwiReset':
          return callRequired(
            service,
            { method: 'POST', path: `${PORT}/voicemail/mwi-reset`, params, headers },
            voiceOperationResponseSchema,
          );
        case 'voicemailLanguage':
          return callRequired(
            service,
            {
              method: 'PUT',
              path: `${PORT}/voicemail/language`,
              params,
              headers,
              body: { language: operation.language },
            },
            voiceOperationResponseSchema,
          );
      }
    },
  };
}
