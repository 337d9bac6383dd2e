/**
 * The one way the functions call an upstream service: JSON over HTTP with a timeout per call, every
 * failure classified into an AppError (timeout 504, error status 502, malformed answer 502) that names
 * the failing path shape, never the raw URL.
 */
import { Agent, type Dispatcher } from 'undici';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { recordUpstreamCall, type UpstreamCallRecord } from '../../lib/request-context';

export interface UpstreamRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path template with {placeholders}, e.g. /api/fe/wan/v1/pon/onu/{mac}/state. */
  path: string;
  /** Values for the placeholders; each must already be validated, and is URI-encoded here. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Extra request headers (e.g. Idempotency-Key), added to the constant JSON headers. */
  headers?: Record<string, string>;
}

export interface UpstreamResponse {
  status: number;
  body: unknown;
  /** The HTTP/1.1 reason phrase, when the service sent one (an ACS says why a task was not done there). */
  statusText?: string;
}

export type Transport = (
  baseUrl: string,
  request: UpstreamRequest,
  timeoutMs: number,
) => Promise<UpstreamResponse>;

export interface ServiceConfig {
  baseUrl: string;
  timeoutMs: number;
  transport: Transport;
}

export function buildUrl(baseUrl: string, request: UpstreamRequest): string {
  const path = request.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = request.params?.[name];
    if (value === undefined) throw new AppError('internal', `Missing upstream path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const query = request.query ? new URLSearchParams(request.query).toString() : '';
  return `${baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl}${path}${query ? `?${query}` : ''}`;
}

/** The reason a call is aborted when its whole-call deadline passes. */
class DeadlineExceeded extends Error {
  constructor(readonly timeoutMs: number) {
    super(`No answer within ${timeoutMs} ms`);
  }
}

/**
 * Collects an answer in memory (no body stream, no async resource, one string at the end) and can abort
 * the request, before or after it reached a socket.
 */
class CollectingHandler implements Dispatcher.DispatchHandler {
  private status = 0;
  private statusText = '';
  private readonly chunks: Buffer[] = [];
  private controller: Dispatcher.DispatchController | null = null;
  private abortReason: Error | null = null;

  constructor(
    private readonly resolve: (answer: { status: number; text: string; statusText: string }) => void,
    private readonly reject: (error: Error) => void,
  ) {}

  abort(reason: Error): void {
    this.abortReason = reason;
    if (this.controller) this.controller.abort(reason);
    else this.reject(reason);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.abortReason) controller.abort(this.abortReason);
  }
  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    _headers: unknown,
    statusMessage?: string,
  ): void {
    this.status = statusCode;
    this.statusText = statusMessage ?? '';
  }
  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.chunks.push(chunk);
  }
  onResponseEnd(): void {
    const body = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    this.resolve({ status: this.status, text: body.toString('utf8'), statusText: this.statusText });
  }
  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.reject(error);
  }
}

/** A keep-alive connection pool per origin, one request at a time per connection. */
export const keepAlivePool = (connections = 1024): Dispatcher =>
  new Agent({ keepAliveTimeout: 10_000, connections, pipelining: 1 });

/**
 * One request through a dispatcher, its answer gathered as text. With `timeoutMs`, the whole call
 * (waiting for a connection, headers and body) is aborted when that time has passed, to the
 * millisecond: undici's own headers/body timers have a resolution of a second.
 */
export function requestText(
  dispatcher: Dispatcher,
  options: Dispatcher.DispatchOptions,
  timeoutMs?: number,
): Promise<{ status: number; text: string; statusText: string }> {
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const handler = new CollectingHandler(
      (answer) => {
        clearTimeout(timer);
        resolve(answer);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
    if (timeoutMs !== undefined)
      timer = setTimeout(() => handler.abort(new DeadlineExceeded(timeoutMs)), timeoutMs);
    dispatcher.dispatch(options, handler);
  });
}

/**
 * The production transport: undici's dispatcher on a keep-alive pool (its lightest way to make a
 * request: the answer is gathered in memory, without a body stream), with a timeout covering the whole
 * call (headers and body).
 */
export function httpTransport(options: { apiKey?: string; dispatcher?: Dispatcher } = {}): Transport {
  const dispatcher = options.dispatcher ?? keepAlivePool();
  const getHeaders: Record<string, string> = {
    accept: 'application/json',
    ...(options.apiKey ? { 'x-api-key': options.apiKey } : {}),
  };
  const bodyHeaders = { ...getHeaders, 'content-type': 'application/json' };
  const origins = new Map<string, string>();
  const originOf = (url: string) => {
    const pathStart = url.indexOf('/', url.indexOf('//') + 2);
    const base = pathStart === -1 ? url : url.slice(0, pathStart);
    let origin = origins.get(base);
    if (origin === undefined) origins.set(base, (origin = new URL(base).origin));
    return origin;
  };
  return async (baseUrl, request, timeoutMs) => {
    const url = buildUrl(baseUrl, request);
    const origin = originOf(url);
    let status: number;
    let text: string;
    let statusText: string;
    try {
      ({ status, text, statusText } = await requestText(
        dispatcher,
        {
          origin,
          path: url.slice(origin.length) || '/',
          method: request.method ?? 'GET',
          headers: request.headers
            ? { ...(request.body !== undefined ? bodyHeaders : getHeaders), ...request.headers }
            : request.body !== undefined
              ? bodyHeaders
              : getHeaders,
          body: request.body !== undefined ? JSON.stringify(request.body) : undefined,
          // undici's own timers stay as a backstop; requestText's deadline is the one that acts.
          headersTimeout: timeoutMs + 1000,
          bodyTimeout: timeoutMs + 1000,
        },
        timeoutMs,
      ));
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (
        error instanceof DeadlineExceeded ||
        code === 'UND_ERR_HEADERS_TIMEOUT' ||
        code === 'UND_ERR_BODY_TIMEOUT'
      ) {
        throw new AppError('upstream_timeout', `No answer within ${timeoutMs} ms`, {
          path: request.path,
          cause: error,
        });
      }
      throw new AppError('upstream_error', 'Upstream unreachable', { path: request.path, cause: error });
    }
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch (error) {
        if (status >= 200 && status < 300)
          throw new AppError('upstream_error', 'Malformed answer (not JSON)', {
            path: request.path,
            cause: error,
          });
        body = { message: text.slice(0, 200) };
      }
    }
    return { status, body, ...(statusText ? { statusText } : {}) };
  };
}

/**
 * Calls a service and checks the answer against its contract. 404 is returned as null when allowed.
 * Each call is recorded for the request's log line (its path template, status, outcome and duration).
 */
export async function call<T>(
  service: ServiceConfig,
  request: UpstreamRequest,
  schema: z.ZodType<T>,
  options: { allow404?: boolean } = {},
): Promise<T | null> {
  return (await callAnswer(service, request, schema, options)).value;
}

/**
 * Like call, with the answer's status and reason phrase: for a service whose 2xx statuses differ in meaning
 * (an ACS's 200 "done" and 202 "queued, not done").
 */
export async function callAnswer<T>(
  service: ServiceConfig,
  request: UpstreamRequest,
  schema: z.ZodType<T>,
  options: { allow404?: boolean } = {},
): Promise<{ status: number; statusText: string; value: T | null }> {
  const started = performance.now();
  let status: number | undefined;
  let outcome: UpstreamCallRecord['outcome'] = 'error';
  try {
    const response = await service.transport(service.baseUrl, request, service.timeoutMs);
    status = response.status;
    const result = checked(response, request, schema, options);
    outcome = result === null ? 'not_found' : 'ok';
    return { status: response.status, statusText: response.statusText ?? '', value: result };
  } catch (error) {
    const appError = error instanceof AppError ? error : null;
    outcome =
      appError?.code === 'upstream_timeout'
        ? 'timeout'
        : appError?.message.startsWith('Malformed answer')
          ? 'malformed'
          : 'error';
    throw error;
  } finally {
    recordUpstreamCall({
      path: request.path,
      method: request.method ?? 'GET',
      ...(status !== undefined ? { status } : {}),
      outcome,
      durationMs: Math.round(performance.now() - started),
    });
  }
}

function checked<T>(
  response: UpstreamResponse,
  request: UpstreamRequest,
  schema: z.ZodType<T>,
  options: { allow404?: boolean },
): T | null {
  if (response.status === 404 && options.allow404) return null;
  if (response.status < 200 || response.status >= 300) {
    const upstreamMessage = (response.body as { message?: unknown } | null)?.message;
    const message = `Upstream answered ${response.status}${typeof upstreamMessage === 'string' ? `: ${upstreamMessage.slice(0, 200)}` : ''}`;
    throw new AppError(response.status === 504 ? 'upstream_timeout' : 'upstream_error', message, {
      path: request.path,
      status: response.status === 504 ? 504 : 502,
    });
  }
  const parsed = schema.safeParse(response.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(
      'upstream_error',
      `Malformed answer (${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'})`,
      { path: request.path },
    );
  }
  return parsed.data;
}

/** Like call, for endpoints that must answer (404 is an error). */
export async function callRequired<T>(
  service: ServiceConfig,
  request: UpstreamRequest,
  schema: z.ZodType<T>,
): Promise<T> {
  return (await call(service, request, schema))!;
}

/** The Idempotency-Key header of an operation, when it has one. */
export const idempotencyHeaders = (key: string | undefined): Record<string, string> | undefined =>
  key ? { 'idempotency-key': key } : undefined;
