import type {
  OperationResult,
  RecentResetDetails,
  RegenerateResult,
  ResetResult,
  SendSmsRequest,
  VoiceOperation,
} from '@insight/common/customer360';
import { apiFetch, HttpError } from '../../../lib/http-client';

/** Operations carry the key of the attempt (hooks/use-operation): a retry with it is not done twice upstream. */
const post = <T>(path: string, body: unknown, idempotencyKey: string) =>
  apiFetch<T>(path, { method: 'POST', body, headers: { 'idempotency-key': idempotencyKey } });

/** `repeat`: sent again although the last reset went out a few minutes ago (the API refuses it otherwise). */
export const resetDevice = (mac: string, key: string, repeat = false) =>
  post<ResetResult>(`/360/${mac}/reset`, repeat ? { repeat } : {}, key);

/** When and by whom the last reset went out, when the API refused a reset for being too soon after it. */
export function recentResetOf(error: unknown): RecentResetDetails | null {
  if (!(error instanceof HttpError) || error.code !== 'conflict') return null;
  const details = error.rawDetails as Partial<RecentResetDetails> | undefined;
  return details?.kind === 'recentReset' && typeof details.at === 'string'
    ? { kind: 'recentReset', at: details.at, by: typeof details.by === 'string' ? details.by : null }
    : null;
}
export const sendVoiceOperation = (mac: string, port: number, operation: VoiceOperation, key: string) =>
  post<OperationResult>(`/360/${mac}/voice/ports/${port}`, operation, key);
export const regenerateBirthCertificate = (mac: string, key: string) =>
  post<RegenerateResult>(`/360/${mac}/birth-certificates/regenerate`, {}, key);
export const sendBirthCertificateSms = (mac: string, request: SendSmsRequest, key: string) =>
  post<OperationResult>(`/360/${mac}/birth-certificates/sms`, request, key);
