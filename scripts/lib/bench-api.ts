/**
 * The API's Express app in the bench's own process (`createApp`, as the tests' `api` project runs it),
 * with in-memory audit and users, every caller signed in as one bench user of `role`; it listens on a
 * free port of 127.0.0.1. bench:api, bench:search and bench:staging measure through it.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RoleKey } from '@insight/common/roles';
import { createApp, type AppDeps } from '../../functions/src/app';
import { MemoryAuditSink } from '../../functions/src/domain/audit/audit-sink';
import { MemoryUserDirectory } from '../../functions/src/domain/users/user-directory';

export async function startBenchApi(
  role: RoleKey,
  deps: Omit<AppDeps, 'version' | 'verifyToken' | 'audit' | 'directory'>,
): Promise<{ origin: string; server: Server }> {
  const app = createApp({
    version: 'bench',
    verifyToken: async () => ({ uid: 'bench', email: 'bench@insight.test', roles: [role] }),
    audit: new MemoryAuditSink(),
    directory: new MemoryUserDirectory([]),
    ...deps,
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
