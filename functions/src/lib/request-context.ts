/**
 * What one request did, kept while it runs (AsyncLocalStorage): the upstream calls it made, for its
 * request log line (http/middleware/request-log.ts). Outside a request nothing is recorded.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface UpstreamCallRecord {
  /** The path template (`/api/fe/wan/v1/pon/onu/{mac}/state`), never the URL with its values. */
  path: string;
  method: string;
  /** The upstream's HTTP status; absent when no answer came. */
  status?: number;
  /** ok · not_found (an allowed 404) · error (an error status, unreachable) · malformed · timeout */
  outcome: 'ok' | 'not_found' | 'error' | 'malformed' | 'timeout';
  durationMs: number;
}

export interface RequestRecord {
  upstream: UpstreamCallRecord[];
}

const storage = new AsyncLocalStorage<RequestRecord>();

export const runWithRequestRecord = <T>(record: RequestRecord, fn: () => T): T => storage.run(record, fn);

/** Adds an upstream call to the current request's record (at most 100 per request, enough for a view). */
export function recordUpstreamCall(call: UpstreamCallRecord): void {
  const record = storage.getStore();
  if (record && record.upstream.length < 100) record.upstream.push(call);
}
