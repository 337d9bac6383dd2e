/**
 * One structured log line per request, when its answer is finished (or the client went away): what
 * Cloud Logging needs to filter a slow view down to its slow upstream call. The line names the route
 * pattern (`/api/360/:mac`), never the URL with its query (a search may be a phone number), no header
 * (tokens, keys) and no body; the device's MAC and the user's uid are kept to find a customer's view.
 *
 * Fields: severity (ERROR for a 5xx, WARNING for an upstream failure or a 4xx other than 404, else INFO),
 * message, `logging.googleapis.com/trace` (+ spanId, trace_sampled) from `X-Cloud-Trace-Context` or
 * `traceparent` when the project id is known, httpRequest {requestMethod, status, latency}, route,
 * method, status, durationMs, uid, mac, upstream [{path, method, status, outcome, durationMs}],
 * upstreamCalls, upstreamFailures, slowestUpstream {path, durationMs}.
 */
import type { Request, RequestHandler } from 'express';
import { normalizeMac } from '@insight/common/mac';
import type { Logger } from '../../lib/logger';
import { runWithRequestRecord, type RequestRecord, type TraceFields } from '../../lib/request-context';

export type { TraceFields };

/** The trace fields Cloud Logging links to Cloud Trace, from the request's trace header. */
export function traceFields(
  headers: { cloudTrace?: string; traceparent?: string },
  projectId: string | undefined,
): TraceFields {
  if (!projectId) return {};
  const cloud = /^([0-9a-f]{32})(?:\/(\d+))?(?:;o=([01]))?/i.exec(headers.cloudTrace ?? '');
  if (cloud) {
    const fields: TraceFields = {
      'logging.googleapis.com/trace': `projects/${projectId}/traces/${cloud[1]!.toLowerCase()}`,
    };
    if (cloud[2]) {
      try {
        fields['logging.googleapis.com/spanId'] = BigInt(cloud[2]).toString(16).padStart(16, '0');
      } catch {
        // A span id out of range: the trace alone.
      }
    }
    if (cloud[3]) fields['logging.googleapis.com/trace_sampled'] = cloud[3] === '1';
    return fields;
  }
  const parent = /^[0-9a-f]{2}-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/i.exec(headers.traceparent ?? '');
  if (parent)
    return {
      'logging.googleapis.com/trace': `projects/${projectId}/traces/${parent[1]!.toLowerCase()}`,
      'logging.googleapis.com/spanId': parent[2]!.toLowerCase(),
      'logging.googleapis.com/trace_sampled': (parseInt(parent[3]!, 16) & 1) === 1,
    };
  return {};
}

/** The matched route's pattern, or `unmatched` (never the raw path: it may carry anything). */
function routeOf(req: Request, mountPath: string): string {
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  // The router's mount path while it answers (an error handled at the app level leaves it empty).
  return typeof pattern === 'string' ? `${req.baseUrl || mountPath}${pattern}` : 'unmatched';
}

export function requestLog(
  logger: Logger,
  options: { projectId?: string; mountPath?: string } = {},
): RequestHandler {
  const mountPath = options.mountPath ?? '/api';
  return (req, res, next) => {
    const started = performance.now();
    // The trace goes with the request's record: an error logged while it runs names it too.
    const trace = traceFields(
      { cloudTrace: req.get('x-cloud-trace-context'), traceparent: req.get('traceparent') },
      options.projectId,
    );
    const record: RequestRecord = {
      upstream: [],
      trace,
      logger,
      // An error met before a route matched (authentication) names the path, never the query.
      route: () => ({
        method: req.method,
        route: req.route ? routeOf(req, mountPath) : `${req.baseUrl}${req.path}`,
      }),
    };
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      const durationMs = Math.round(performance.now() - started);
      const status = res.headersSent ? res.statusCode : 499;
      const route = routeOf(req, mountPath);
      const macParam = (req.params as Record<string, string | undefined>).mac;
      const mac = macParam ? normalizeMac(macParam) : null;
      const uid = (res.locals.user as { uid?: string } | undefined)?.uid;
      const failures = record.upstream.filter(
        (call) => call.outcome !== 'ok' && call.outcome !== 'not_found',
      );
      const slowest = record.upstream.reduce<RequestRecord['upstream'][number] | null>(
        (worst, call) => (worst && worst.durationMs >= call.durationMs ? worst : call),
        null,
      );
      const data = {
        ...trace,
        httpRequest: { requestMethod: req.method, status, latency: `${(durationMs / 1000).toFixed(3)}s` },
        route,
        method: req.method,
        status,
        durationMs,
        ...(uid ? { uid } : {}),
        ...(mac ? { mac } : {}),
        upstreamCalls: record.upstream.length,
        upstreamFailures: failures.length,
        ...(slowest ? { slowestUpstream: { path: slowest.path, durationMs: slowest.durationMs } } : {}),
        upstream: record.upstream,
      };
      const message = `${req.method} ${route} ${status} ${durationMs} ms`;
      if (status >= 500) logger.error(message, data);
      else if (failures.length > 0 || (status >= 400 && status !== 404)) logger.warn(message, data);
      else logger.info(message, data);
    };
    res.once('finish', done);
    res.once('close', done);
    runWithRequestRecord(record, next);
  };
}
