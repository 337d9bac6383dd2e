/**
 * What one request did, kept while it runs (AsyncLocalStorage): the upstream calls it made, for its
 * request log line (http/middleware/request-log.ts), and its trace and logger, for the error lines logged
 * while it runs (lib/error-response.ts). Outside a request nothing is recorded.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from './logger';

/** The fields Cloud Logging links to Cloud Trace (http/middleware/request-log.ts reads them from headers). */
export interface TraceFields {
  'logging.googleapis.com/trace'?: string;
  'logging.googleapis.com/spanId'?: string;
  'logging.googleapis.com/trace_sampled'?: boolean;
}

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
  /** The request's trace fields, added to every line logged about it. */
  trace?: TraceFields;
  /** The request log's logger: where an error met while the request runs is logged. */
  logger?: Logger;
  /** The request's method and route pattern (its path, before a route matched), for the error lines. */
  route?: () => { method: string; route: string };
}

const storage = new AsyncLocalStorage<RequestRecord>();

export const runWithRequestRecord = <T>(record: RequestRecord, fn: () => T): T => storage.run(record, fn);

/** The record of the request running now, or undefined outside a request. */
export const currentRequestRecord = (): RequestRecord | undefined => storage.getStore();

/** Adds an upstream call to the current request's record (at most 100 per request, enough for a view). */
export function recordUpstreamCall(call: UpstreamCallRecord): void {
  const record = storage.getStore();
  if (record && record.upstream.length < 100) record.upstream.push(call);
}
