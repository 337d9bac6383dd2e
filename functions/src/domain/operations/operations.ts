/**
 * Device operations: each one is attempted once, and leaves exactly one audit record (who, when, MAC,
 * customer, operation, parameters, outcome), whether it succeeded or failed.
 */
import {
  regenerationMethod,
  RESET_BACK_SECONDS,
  RESET_REPEAT_WINDOW_MS,
  type RecentResetDetails,
  type ResetResult,
  type AuditOperation,
  type OperationResult,
  type RegenerateResult,
  type VoiceOperation,
} from '@insight/common/customer360';
import type { RegenerationRequest } from '@insight/common/upstream/birth-certificate';
import { PROVIDER_TIME_ZONE } from '@insight/common/constants';
import { formatDateTime } from '@insight/common/format';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import type { AuditSink } from '../audit/audit-sink';
import { newestFirst } from '../birth-certificates/get-birth-certificates';
import type { Clients, UpstreamCalls } from '../upstream-calls';
import type { SmsLimits } from './sms-limits';

export interface Actor {
  uid: string;
  email: string | null;
}

export interface OperationDeps {
  clients: Clients;
  calls: UpstreamCalls;
  audit: AuditSink;
  logger: Logger;
  now?: () => number;
  /** SMS per user and per device; sendBirthCertificateSms refuses beyond them. */
  smsLimits?: SmsLimits;
}

/**
 * Writes one audit record; a failed write is logged, never thrown: the operation's own outcome is what the
 * caller answers (the records are what the audit page lists, docs/architecture.md).
 */
export async function writeAudit(
  deps: Pick<OperationDeps, 'audit' | 'logger'>,
  record: Parameters<OperationDeps['audit']['write']>[0],
): Promise<void> {
  await deps.audit
    .write(record)
    .catch((error: unknown) => deps.logger.error('audit write failed', { error: String(error) }));
}

/**
 * Runs an operation and writes its audit record. `work` calls `changed()` once the device is changed (the
 * change mark, markChanged): the mark is taken then, and its write and the record's leave together, one
 * round trip to Firestore before the answer instead of two.
 */
export async function audited<T>(
  deps: Pick<OperationDeps, 'calls' | 'audit' | 'logger'>,
  actor: Actor,
  mac: string,
  operation: AuditOperation,
  parameters: Record<string, unknown>,
  work: (changed: () => void) => Promise<T>,
): Promise<T> {
  // The customer is named in the record when the lookup is at hand (cached); it never delays the operation.
  const customer = await Promise.race([
    deps.calls
      .customerAccount(mac, 'en', false)
      .then((c) => c.value?.customerAccountNumber ?? null)
      .catch(() => null),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 50)),
  ]);
  const base = {
    uid: actor.uid,
    email: actor.email,
    mac,
    customerAccountNumber: customer,
    operation,
    parameters,
  };
  const marks: Array<Promise<void>> = [];
  const changed = () => void marks.push(markChanged(deps, mac));
  try {
    const result = await work(changed);
    await Promise.all([writeAudit(deps, { ...base, outcome: 'sent', errorCode: null }), ...marks]);
    return result;
  } catch (error) {
    const code = error instanceof AppError ? error.code : 'internal';
    // No answer in time: the upstream may have done it, so the outcome is unknown, not failed.
    const outcome = code === 'upstream_timeout' ? 'unknown' : 'failed';
    await Promise.all([writeAudit(deps, { ...base, outcome, errorCode: code }), ...marks]);
    throw error;
  }
}

/**
 * Tells every instance that the device changed, so that their cached reads of what the operation changed
 * are fetched again. The operation is done whatever happens here: a failed mark is logged, not thrown.
 * The mark's time is taken when this is called (a copy cached after it is newer than the mark).
 */
async function markChanged(deps: Pick<OperationDeps, 'calls' | 'logger'>, mac: string): Promise<void> {
  await deps.calls
    .changed(mac)
    .catch((error: unknown) => deps.logger.error('change mark failed', { mac, error: String(error) }));
}

/**
 * A reset cuts the service for a while: a second one within RESET_REPEAT_WINDOW_MS of the last (by anyone,
 * on any instance: the audit log says) is refused until the agent, told when it went out, asks again. A
 * log that cannot be read does not stop the reset.
 */
async function refuseRecentReset(
  deps: OperationDeps,
  mac: string,
  now: number,
  idempotencyKey: string | undefined,
): Promise<void> {
  const last = await deps.audit.lastOf(mac, 'deviceReset').catch((error: unknown) => {
    deps.logger.error('audit read failed', { error: String(error) });
    return null;
  });
  if (!last || now - last.at >= RESET_REPEAT_WINDOW_MS) return;
  // The retry of a request that got no answer (same key): the upstream does not reset twice.
  if (idempotencyKey && last.idempotencyKey === idempotencyKey) return;
  const details: RecentResetDetails = {
    kind: 'recentReset',
    at: new Date(last.at).toISOString(),
    by: last.email,
  };
  throw new AppError('conflict', 'A reset was sent to this device a few minutes ago', { details });
}

export async function resetDevice(
  deps: OperationDeps,
  actor: Actor,
  mac: string,
  request: { repeat?: boolean } = {},
  idempotencyKey?: string,
): Promise<ResetResult> {
  const now = (deps.now ?? Date.now)();
  if (!request.repeat) await refuseRecentReset(deps, mac, now, idempotencyKey);
  const parameters = { action: 'reset', ...(idempotencyKey ? { idempotencyKey } : {}) };
  return audited(deps, actor, mac, 'deviceReset', parameters, async (changed) => {
    const answer = await deps.clients.wan.reset(mac, idempotencyKey);
    deps.calls.forget(`state:${mac}`);
    changed();
    return {
      status: 'sent',
      requestId: answer.requestId,
      sentAt: new Date(now).toISOString(),
      sentBy: actor.email,
      expectedBackSeconds: RESET_BACK_SECONDS,
    };
  });
}

export function voiceOperation(
  deps: OperationDeps,
  actor: Actor,
  mac: string,
  port: number,
  operation: VoiceOperation,
  idempotencyKey?: string,
): Promise<OperationResult> {
  const { operation: name, ...parameters } = operation;
  return audited(deps, actor, mac, name, { port, ...parameters }, async (changed) => {
    const details = await deps.calls.details(mac, false);
    const answer = await deps.clients.telephony.operate(
      details.value.serialNumber,
      port,
      operation,
      idempotencyKey,
    );
    deps.calls.forget(`voice:${mac}`);
    changed();
    return { status: 'sent', requestId: answer.requestId };
  });
}

/** Regenerates the birth certificate: PUT when the last one is older than 24 hours or absent, else POST. */
export function regenerateBirthCertificate(
  deps: OperationDeps,
  actor: Actor,
  mac: string,
  idempotencyKey?: string,
): Promise<RegenerateResult> {
  const now = (deps.now ?? Date.now)();
  return audited(deps, actor, mac, 'regenerateBc', {}, async (changed) => {
    const details = await deps.calls.details(mac, false);
    const { networkType, networkGroup } = details.value;
    const current = newestFirst(
      (await deps.calls.birthCertificates(mac, networkType, networkGroup, true)).value ?? [],
    );
    const last = current[0] ?? null;
    const method = regenerationMethod(last?.ts ?? null, now);
    const body: RegenerationRequest = {
      cmts: '',
      requestDetails: [
        {
          macAddress: mac,
          techName: 'INSIGHT_UI',
          jobType: 'REGENERATION',
          ...(last ? { servicesAdded: last.servicesAdded } : {}),
          bcEpicoDevices: last?.bcEpicoDevices ?? [],
        },
      ],
    };
    const certificate = await deps.clients.birthCertificates.regenerate(
      method,
      networkType,
      networkGroup,
      body,
      idempotencyKey,
    );
    changed();
    // The answer replaces or adds the certificate by id (after the mark: this copy is newer than it).
    deps.calls.replace(`bc:${mac}`, [certificate, ...current.filter((bc) => bc.id !== certificate.id)]);
    return { status: 'sent' as const, method, certificate };
  });
}

const SMS_TEXT = {
  en: (mac: string, date: string, result: string, url: string) =>
    `Your installation record (birth certificate) for device ${mac}, ${date}: ${result}. ${url}`,
  fr: (mac: string, date: string, result: string, url: string) =>
    `Votre certificat d'installation pour l'appareil ${mac}, ${date} : ${result}. ${url}`,
};
/** Over the SMS limit: one audit record of the refusal, and 429 with Retry-After. */
async function refuseOverLimit(
  deps: OperationDeps,
  actor: Actor,
  mac: string,
  request: { phone: string; certificateId: string },
): Promise<void> {
  if (!deps.smsLimits) return;
  const verdict = await deps.smsLimits.take(actor.uid, mac);
  if (verdict.ok) return;
  await writeAudit(deps, {
    uid: actor.uid,
    email: actor.email,
    mac,
    customerAccountNumber: null,
    operation: 'sendBcSms',
    parameters: { phone: request.phone, certificateId: request.certificateId, limit: verdict.scope },
    outcome: 'failed',
    errorCode: 'rate_limited',
  });
  throw new AppError(
    'rate_limited',
    verdict.scope === 'user'
      ? 'Too many SMS sent by this user: try again later'
      : 'Too many SMS sent for this device: try again later',
    { retryAfterSeconds: verdict.retryAfterSeconds },
  );
}

const RESULT_WORDS = {
  en: { pass: 'pass', fail: 'fail', warn: 'warning', 'n/a': 'n/a' },
  fr: { pass: 'réussi', fail: 'échec', warn: 'avertissement', 'n/a': 's.o.' },
} as const;

export async function sendBirthCertificateSms(
  deps: OperationDeps,
  actor: Actor,
  mac: string,
  request: { phone: string; certificateId: string; language: 'en' | 'fr' },
  idempotencyKey?: string,
): Promise<OperationResult> {
  await refuseOverLimit(deps, actor, mac, request);
  return audited(
    deps,
    actor,
    mac,
    'sendBcSms',
    { phone: request.phone, certificateId: request.certificateId },
    async () => {
      const details = await deps.calls.details(mac, false);
      const find = async () =>
        (
          (
            await deps.calls.birthCertificates(
              mac,
              details.value.networkType,
              details.value.networkGroup,
              false,
            )
          ).value ?? []
        ).find((bc) => bc.id === request.certificateId);
      // A certificate this instance has not seen yet (regenerated a moment ago, maybe on another
      // instance) is looked for upstream before the answer is 404.
      let certificate = await find();
      if (!certificate) {
        deps.calls.forget(`bc:${mac}`);
        certificate = await find();
      }
      if (!certificate) throw new AppError('not_found', 'No such birth certificate for this device');
      const lang = request.language;
      const body = SMS_TEXT[lang](
        mac,
        // In the customers' zone: the server's own is UTC.
        formatDateTime(certificate.ts, lang, PROVIDER_TIME_ZONE),
        RESULT_WORDS[lang][certificate.results.overall],
        `https://insight.example-telecom.ca/bc/${encodeURIComponent(certificate.id)}`,
      );
      const answer = await deps.clients.sms.send({ to: request.phone, body, mac }, idempotencyKey);
      return { status: 'sent', requestId: answer.id };
    },
  );
}
