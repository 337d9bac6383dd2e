import type { Transport, UpstreamRequest, UpstreamResponse } from '../adapters/upstream/transport';
import { createApp, type AppDeps } from '../app';
import { MemoryAuditSink } from '../domain/audit/audit-sink';
import { MemoryUserDirectory } from '../domain/users/user-directory';
import type { RoleKey } from '@insight/common/roles';

export interface RecordedCall {
  method: string;
  path: string;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
}

type Reply = UpstreamResponse | ((request: UpstreamRequest) => UpstreamResponse | Promise<UpstreamResponse>);

/** A stub upstream: answers by "METHOD path-template", records every call, never touches the network. */
export function fakeUpstream(routes: Record<string, Reply>) {
  const calls: RecordedCall[] = [];
  const transport: Transport = async (_baseUrl, request) => {
    const method = request.method ?? 'GET';
    calls.push({
      method,
      path: request.path,
      params: request.params ?? {},
      query: request.query ?? {},
      body: request.body,
    });
    const reply = routes[`${method} ${request.path}`];
    if (!reply) return { status: 404, body: { message: 'not stubbed' } };
    return typeof reply === 'function' ? reply(request) : reply;
  };
  return { transport, calls, called: (path: string) => calls.filter((c) => c.path === path) };
}

/** Tokens in tests are "uid:role,role"; any other token is refused. */
export const testVerifyToken: AppDeps['verifyToken'] = async (token) => {
  const match = /^test-([\w-]+)-([\w,]*)$/.exec(token);
  if (!match) throw new Error('invalid token');
  return {
    uid: match[1]!,
    email: `${match[1]}@insight.test`,
    email_verified: true,
    roles: match[2] ? match[2].split(',') : [],
  };
};
export const tokenFor = (uid: string, roles: RoleKey[]) => `Bearer test-${uid}-${roles.join(',')}`;

export function appWith(transport: Transport, overrides: Partial<AppDeps> = {}) {
  const audit = new MemoryAuditSink();
  const service = (baseUrl: string) => ({ baseUrl, timeoutMs: 1000, transport });
  const app = createApp({
    version: 'test',
    verifyToken: testVerifyToken,
    audit,
    directory: new MemoryUserDirectory([]),
    upstream: {
      customer: service('http://customer.invalid'),
      wan: service('http://wan.invalid'),
      pon: service('http://pon.invalid'),
      lan: service('http://lan.invalid'),
      telephony: service('http://telephony.invalid'),
      birthCertificates: service('http://bc.invalid'),
      sms: service('http://sms.invalid'),
      search: service('http://search.invalid'),
      history: service('http://history.invalid'),
      acs: service('http://acs.invalid'),
    },
    ...overrides,
  });
  return { app, audit };
}
