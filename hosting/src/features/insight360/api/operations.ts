import type {
  OperationResult,
  RegenerateResult,
  SendSmsRequest,
  VoiceOperation,
} from '@insight/common/customer360';
import { apiFetch } from '../../../lib/http-client';

/** Operations carry the key of the attempt (hooks/use-operation): a retry with it is not done twice upstream. */
const post = <T>(path: string, body: unknown, idempotencyKey: string) =>
  apiFetch<T>(path, { method: 'POST', body, headers: { 'idempotency-key': idempotencyKey } });

export const resetDevice = (mac: string, key: string) => post<OperationResult>(`/360/${mac}/reset`, {}, key);
export const sendVoiceOperation = (mac: string, port: number, operation: VoiceOperation, key: string) =>
  post<OperationResult>(`/360/${mac}/voice/ports/${port}`, operation, key);
export const regenerateBirthCertificate = (mac: string, key: string) =>
  post<RegenerateResult>(`/360/${mac}/birth-certificates/regenerate`, {}, key);
export const sendBirthCertificateSms = (mac: string, request: SendSmsRequest, key: string) =>
  post<OperationResult>(`/360/${mac}/birth-certificates/sms`, request, key);
