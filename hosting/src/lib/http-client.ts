/**
 * The one HTTP client of the web app: same-origin /api calls with the user's ID token, JSON in and out,
 * and an HttpError(status, code, message) for anything that is not 2xx. Each feature's SWR reads call it.
 */
import type { EventSourceMessage } from 'eventsource-parser';
import type { ConflictDetails } from '@insight/common/admin-lists';
import { isErrorCode, type ErrorCode } from '@insight/common/errors';
import { currentIdToken } from './auth-session';
import { EventStreamError, readEventStream } from './event-stream';
import { networkMode, watchApiRequest } from './network-status';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network' | 'offline' | 'not_answering',
    message: string,
    readonly path?: string,
    /** What a refused write says (`error.details` of a 409 conflict), when the caller parsed it. */
    readonly details?: ConflictDetails,
    /** `error.details` as answered, for the callers whose details are not an admin conflict. */
    readonly rawDetails?: unknown,
    /** A 429's Retry-After header, in seconds (absent when the answer gave none). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * Reads `error.details` of an error answer. The caller passes the parser (the admin writes pass
 * conflictDetailsSchema's), so that the shell's first load carries no schema library.
 */
export type DetailsParser = (details: unknown) => ConflictDetails | undefined;

/** The user's ID token as a request header (none while signed out). */
export async function authHeaders(): Promise<Record<string, string>> {
  const token = await currentIdToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

type Accept = 'application/x-ndjson' | 'application/json';
const request = async (path: string, accept: Accept) =>
  watchApiRequest(fetch(`/api${path}`, { headers: { accept, ...(await authHeaders()) } }), { firstByteBound: true });

/**
 * The light request of lib/network-status.ts while the API is not answering: GET /api/health, never
 * from a cache. Its outcome is reported there.
 */
export const probeApi = (signal: AbortSignal): Promise<Response> =>
  fetch('/api/health', { cache: 'no-store', signal });

/**
 * GET answers asked for before their reader's code had loaded, by kind and path: taken once, while the
 * answer is on its way or within 5 s of its arrival (a slow phone may take longer than that to load the
 * reader's code); an answer left untaken is cancelled and the next ask asks again.
 */
interface Prefetched {
  /** When the answer's headers arrived (null while it is on its way). */
  arrivedAt: number | null;
  response: Promise<Response>;
}
const prefetched = new Map<string, Prefetched>();
const PREFETCH_KEEP_MS = 5_000;

const fresh = (entry: Prefetched) =>
  entry.arrivedAt === null || performance.now() - entry.arrivedAt < PREFETCH_KEEP_MS;

/** Frees an answer no reader took (a stream would otherwise stay open). */
function drop(entry: Prefetched): void {
  entry.response.then((response) => response.body?.cancel()).catch(() => undefined);
}

function prefetch(path: string, accept: Accept): void {
  const key = `${accept} ${path}`;
  const known = prefetched.get(key);
  if (known && fresh(known)) return;
  if (known) drop(known);
  const entry: Prefetched = { arrivedAt: null, response: request(path, accept) };
  entry.response.then(
    () => (entry.arrivedAt = performance.now()),
    // A request that failed (offline, the network not answering) is not kept: its reader asks again
    // once the network answers, instead of reading the old failure.
    () => prefetched.get(key) === entry && prefetched.delete(key),
  );
  prefetched.set(key, entry);
}

function takePrefetched(path: string, accept: Accept): Promise<Response> | null {
  const key = `${accept} ${path}`;
  const entry = prefetched.get(key);
  if (!entry) return null;
  prefetched.delete(key);
  if (fresh(entry)) return entry.response;
  drop(entry);
  return null;
}

/**
 * Asks for a streamed answer now (as soon as the session's token is there) for a reader whose code is
 * still loading: its apiStream(path) then reads this answer instead of asking again.
 */
export const prefetchStream = (path: string): void => prefetch(path, 'application/x-ndjson');

/** The same for a JSON read: the next apiFetch(path) without method, body or signal takes this answer. */
export const prefetchJson = (path: string): void => prefetch(path, 'application/json');

/**
 * Reads a newline-delimited JSON answer, calling `onLine` with each parsed line as soon as it arrives.
 * Throws HttpError like apiFetch when the answer is not 2xx.
 */
export async function apiStream(path: string, onLine: (line: unknown) => void): Promise<void> {
  let res: Response;
  try {
    res = await (takePrefetched(path, 'application/x-ndjson') ?? request(path, 'application/x-ndjson'));
  } catch (error) {
    throw new HttpError(0, 'network', (error as Error).message);
  }
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => null)) as { error?: { code?: unknown; message?: unknown } } | null;
    throw new HttpError(res.status, isErrorCode(body?.error?.code) ? body.error.code : 'internal', typeof body?.error?.message === 'string' ? body.error.message : res.statusText);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  // An answer cut off on the way (the connection dropped, a line left half-written) is a network error
  // like a request that never left: the readers word it ('codes.network'), not the browser's message.
  const parse = (line: string): unknown => {
    try {
      return JSON.parse(line);
    } catch (error) {
      throw new HttpError(0, 'network', (error as Error).message);
    }
  };
  let buffer = '';
  for (;;) {
    let chunk: ReadableStreamReadResult<string>;
    try {
      chunk = await reader.read();
    } catch (error) {
      throw new HttpError(0, 'network', (error as Error).message);
    }
    const { value, done } = chunk;
    if (value) buffer += value;
    let newline = buffer.indexOf('\n');
    while (newline !== -1) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (line) onLine(parse(line));
      newline = buffer.indexOf('\n');
    }
    if (done) break;
  }
  if (buffer.trim()) onLine(parse(buffer));
}

/** Retry-After in seconds (the API sends seconds, never a date); undefined when absent or malformed. */
const retryAfterOf = (header: string | null): number | undefined =>
  header !== null && /^\d+$/.test(header.trim()) ? Number(header.trim()) : undefined;

export async function apiFetch<T>(
  path: string,
  init: {
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    body?: unknown;
    signal?: AbortSignal;
    headers?: Record<string, string>;
    /** Parses `error.details` of an error answer into the HttpError (malformed details are left out). */
    details?: DetailsParser;
  } = {},
): Promise<T> {
  // Offline or while the network is not answering, an operation or an admin write is refused before
  // anything is sent; nothing is queued to run later (docs/field-mode.md): an operation must be seen to happen.
  const network = networkMode();
  if (init.method && init.method !== 'GET' && network !== 'online')
    throw network === 'offline'
      ? new HttpError(0, 'offline', 'Not sent: the device is offline.')
      : new HttpError(0, 'not_answering', 'Not sent: the network is not answering.');
  let res: Response;
  const plainRead = !init.method && init.body === undefined && !init.signal && !init.headers;
  try {
    const ahead = plainRead ? takePrefetched(path, 'application/json') : null;
    res = await (ahead ??
      watchApiRequest(fetch(`/api${path}`, {
      method: init.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
        ...(await authHeaders()),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      signal: init.signal,
    }), { signal: init.signal, firstByteBound: !init.method || init.method === 'GET' }));
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new HttpError(0, 'network', (error as Error).message);
  }
  const body = (await res.json().catch(() => null)) as {
    error?: { code?: unknown; message?: unknown; path?: unknown; details?: unknown };
  } | null;
  if (!res.ok) {
    const code = isErrorCode(body?.error?.code) ? body.error.code : 'internal';
    const message = typeof body?.error?.message === 'string' ? body.error.message : res.statusText;
    const details = body?.error?.details === undefined ? undefined : init.details?.(body.error.details);
    throw new HttpError(
      res.status,
      code,
      message,
      typeof body?.error?.path === 'string' ? body.error.path : undefined,
      details,
      body?.error?.details,
      retryAfterOf(res.headers.get('retry-after')),
    );
  }
  return body as T;
}

/**
 * Reads a Server-Sent Events answer with the user's ID token (EventSource cannot send one), calling
 * `onEvent` for each event. Resolves when the server ends the answer; throws HttpError like apiFetch.
 */
export async function apiEventStream(
  path: string,
  { lastEventId, signal, onEvent }: { lastEventId?: string; signal: AbortSignal; onEvent: (event: EventSourceMessage) => void },
): Promise<void> {
  try {
    await readEventStream(`/api${path}`, { headers: await authHeaders(), lastEventId, signal, onEvent });
  } catch (error) {
    if (!(error instanceof EventStreamError)) throw error;
    throw new HttpError(error.status, isErrorCode(error.code) ? error.code : error.status === 0 ? 'network' : 'internal', error.message);
  }
}

/** A small JSON file of the deployment itself (not the API), never from a cache; null when it cannot be read. */
export async function readDeploymentFile(path: string): Promise<unknown> {
  try {
    const answer = await fetch(path, { cache: 'no-store' });
    return answer.ok ? ((await answer.json()) as unknown) : null;
  } catch {
    return null;
  }
}
