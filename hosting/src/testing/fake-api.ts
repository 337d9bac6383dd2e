/**
 * A fake of the functions' API for web tests: answers `fetch('/api…')` from a table of routes keyed
 * "METHOD /path" (the path without /api and without the query), records every call, and answers any
 * other route 404. The real HTTP client runs on top of it, so its errors are the app's own.
 */
import { vi } from 'vitest';
import { fakeRestDocument, fakeRestRefusal, fakeRestQuery } from './fake-firebase';

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The request's headers (Last-Event-ID, Idempotency-Key, …). */
  headers: Headers;
  body: unknown;
}

/** A JSON answer with a status. */
export interface Reply {
  status: number;
  body: unknown;
  /** Headers beside the content type (a 429's Retry-After). */
  headers?: Record<string, string>;
}
/**
 * Newline-delimited JSON lines; `open` keeps the answer from ending (the sections not in it stay loading);
 * `gapMs` writes each line that long after the one before (all at once unless given).
 */
export interface StreamReply {
  lines: unknown[];
  open?: boolean;
  gapMs?: number;
}
/** Server-Sent Events, written as the API writes them, all at once; `open` keeps the answer from ending. */
export interface EventsReply {
  events: Array<{ id?: string; event: string; data: unknown }>;
  open?: boolean;
}
type AnyReply = Reply | StreamReply | EventsReply | 'pending';
/** What the web app's REST queries ask (lib/firestore-rest.ts, queryFirestore). */
interface RestQuery {
  from: Array<{ collectionId: string }>;
  where: { fieldFilter: { field: { fieldPath: string }; value: { stringValue: string } } };
}
/** 'pending': an answer that never comes (until the request is aborted, as with fetch). */
export type Route = AnyReply | ((call: ApiCall) => AnyReply);
export type Routes = Record<string, Route>;

export const ok = (body: unknown): Reply => ({ status: 200, body });
/** An answer without a body (a delete). */
export const noContent: Reply = { status: 204, body: null };
/** The API's error shape (functions/src/http/middleware/error-handler.ts). */
export const fail = (status: number, code: string, message = code): Reply => ({
  status,
  body: { error: { code, message } },
});

const abortError = () => new DOMException('This operation was aborted', 'AbortError');

/** Answers as fetch does: an aborted request rejects, or errors the body it is reading. */
function respond(reply: AnyReply, signal?: AbortSignal | null): Promise<Response> {
  if (signal?.aborted) return Promise.reject(abortError());
  if (reply === 'pending')
    return new Promise((_resolve, reject) =>
      signal?.addEventListener('abort', () => reject(abortError()), { once: true }),
    );
  if ('lines' in reply || 'events' in reply) {
    const chunks =
      'lines' in reply
        ? reply.lines.map((line) => `${JSON.stringify(line)}\n`)
        : reply.events.map(
            ({ id, event, data }) =>
              `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
          );
    const gapMs = 'lines' in reply ? (reply.gapMs ?? 0) : 0;
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        let done = false;
        signal?.addEventListener(
          'abort',
          () => {
            if (!done) controller.error(abortError());
            done = true;
          },
          { once: true },
        );
        void (async () => {
          if (gapMs === 0) controller.enqueue(encoder.encode(chunks.join('')));
          else
            for (const [index, chunk] of chunks.entries()) {
              if (index > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
              if (done) return;
              controller.enqueue(encoder.encode(chunk));
            }
          if (!reply.open && !done) {
            done = true;
            controller.close();
          }
        })();
      },
    });
    const type = 'lines' in reply ? 'application/x-ndjson' : 'text/event-stream';
    return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': type } }));
  }
  // A 204 (a delete) has no body, as the API answers it.
  return Promise.resolve(
    reply.status === 204
      ? new Response(null, { status: 204 })
      : new Response(JSON.stringify(reply.body), {
          status: reply.status,
          headers: { 'content-type': 'application/json', ...reply.headers },
        }),
  );
}

/** Replaces fetch with the fake API until the test ends (vi.unstubAllGlobals in setup.ts). */
export function installFakeApi(routes: Routes) {
  const calls: ApiCall[] = [];
  const firestoreQueries: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://portal.test');
      const method = init.method ?? 'GET';
      const path = url.pathname.replace(/^\/api/, '');
      const call: ApiCall = {
        method,
        path,
        query: url.searchParams,
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      // Single-document reads through Firestore's REST API (batchGet) are answered from the fake database.
      if (url.pathname.endsWith('/documents:batchGet')) {
        const name = String((call.body as { documents?: unknown[] } | undefined)?.documents?.[0] ?? '');
        const documentPath = /\/documents\/(.+)$/.exec(name)?.[1] ?? '';
        const refusal = fakeRestRefusal(documentPath);
        if (refusal) return respond(fail(403, 'PERMISSION_DENIED', refusal));
        const document = fakeRestDocument(documentPath);
        return respond(ok([document ? { found: { name, ...document } } : { missing: name }]));
      }
      // Queries through Firestore's REST API (runQuery, one equality) are answered from the fake database.
      if (url.pathname.endsWith('/documents:runQuery')) {
        firestoreQueries.push(call);
        const { from, where } = (call.body as { structuredQuery: RestQuery }).structuredQuery;
        const filter = where.fieldFilter;
        const answer = fakeRestQuery(from[0]!.collectionId, filter.field.fieldPath, filter.value.stringValue);
        if (answer === 'loading') return respond('pending', init.signal);
        return respond('error' in answer ? fail(403, 'PERMISSION_DENIED', answer.error) : ok(answer));
      }
      calls.push(call);
      const route = routes[`${method} ${path}`];
      if (!route) return respond(fail(404, 'not_found', `No fake for ${method} ${path}`));
      return respond(typeof route === 'function' ? route(call) : route, init.signal);
    }),
  );
  return {
    calls,
    /** The queries made through Firestore's REST API (not API calls: kept apart from `calls`). */
    firestoreQueries,
    /** The calls made to one route. */
    called: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}
export type FakeApi = ReturnType<typeof installFakeApi>;
