import type {
  OperationResult,
  RegenerateResult,
  SendSmsRequest,
  VoiceOperation,
} from '@insight/common/customer360';
import { apiFetch } from '../../../lib/http-client';

export const resetDevice = (mac: string) =>
  apiFetch<OperationResult>(`/360/${mac}/reset`, { method: 'POST', body: {} });
export const sendVoiceOperation = (mac: string, port: number, operation: VoiceOperation) =>
  apiFetch<OperationResult>(`/360/${mac}/voice/ports/${port}`, { method: 'POST', body: operation });
export const regenerateBirthCertificate = (mac: string) =>
  apiFetch<RegenerateResult>(`/360/${mac}/birth-certificates/regenerate`, { method: 'POST', body: {} });
export const sendBirthCertificateSms = (mac: string, request: SendSmsRequest) =>
  apiFetch<OperationResult>(`/360/${mac}/birth-certificates/sms`, { method: 'POST', body: request });
