/**
 * A fake of the functions' API for web tests: answers `fetch('/api…')` from a table of routes keyed
 * "METHOD /path" (the path without /api and without the query), records every call, and answers any
 * other route 404. The real HTTP client runs on top of it, so its errors are the app's own.
 */
import { vi } from 'vitest';
import { fakeRestDocument } from './fake-firebase';

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** A JSON answer with a status. */
export interface Reply {
  status: number;
  body: unknown;
}
/** Newline-delimited JSON lines; `open` keeps the answer from ending (the sections not in it stay loading). */
export interface StreamReply {
  lines: unknown[];
  open?: boolean;
}
export type Route = Reply | StreamReply | 'pending' | ((call: ApiCall) => Reply | StreamReply | 'pending');
export type Routes = Record<string, Route>;

export const ok = (body: unknown): Reply => ({ status: 200, body });
/** An answer without a body (a delete). */
export const noContent: Reply = { status: 204, body: null };
/** The API's error shape (functions/src/http/middleware/error-handler.ts). */
export const fail = (status: number, code: string, message = code): Reply => ({
  status,
  body: { error: { code, message } },
});

function respond(reply: Reply | StreamReply | 'pending'): Promise<Response> {
  if (reply === 'pending') return new Promise(() => undefined);
  if ('lines' in reply) {
    const text = reply.lines.map((line) => `${JSON.stringify(line)}\n`).join('');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
        if (!reply.open) controller.close();
      },
    });
    return Promise.resolve(
      new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } }),
    );
  }
  // A 204 (a delete) has no body, as the API answers it.
  return Promise.resolve(
    reply.status === 204
      ? new Response(null, { status: 204 })
      : new Response(JSON.stringify(reply.body), {
          status: reply.status,
          headers: { 'content-type': 'application/json' },
        }),
  );
}

/** Replaces fetch with the fake API until the test ends (vi.unstubAllGlobals in setup.ts). */
export function installFakeApi(routes: Routes) {
  const calls: ApiCall[] = [];
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
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      // Single-document reads through Firestore's REST API are answered from the fake database.
      const documentPath = /\/databases\/\(default\)\/documents\/(.+)$/.exec(
        decodeURIComponent(url.pathname),
      )?.[1];
      if (documentPath) {
        const document = fakeRestDocument(documentPath);
        return document ? respond(ok(document)) : respond(fail(404, 'not_found', documentPath));
      }
      calls.push(call);
      const route = routes[`${method} ${path}`];
      if (!route) return respond(fail(404, 'not_found', `No fake for ${method} ${path}`));
      return respond(typeof route === 'function' ? route(call) : route);
    }),
  );
  return {
    calls,
    /** The calls made to one route. */
    called: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}
export type FakeApi = ReturnType<typeof installFakeApi>;
