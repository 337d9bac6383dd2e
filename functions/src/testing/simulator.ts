import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
// The simulator workspace, linked into the root node_modules by the npm workspaces. It is not one of
// functions/package.json's dependencies: `firebase deploy` runs `npm ci` on that file alone, where an
// unpublished package cannot install (scripts/lib/functions-lock.ts), and build.mjs keeps it out of the bundle.
import { createSimulator } from '@insight/simulator/server';
import type { SimulatorOptions } from '@insight/simulator/config';
import { simulatorUpstream } from '../config/upstream';

/** Starts an in-process simulator on a free loopback port; returns its URL and the upstream config pointing at it. */
export async function startSimulator(options: Partial<SimulatorOptions> = {}, timeoutMs = 1000) {
  const app = await createSimulator({
    config: { latencyMs: 0, jitterMs: 0, errorRate: 0 },
    ...options,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const server: Server = app.server;
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const upstream = simulatorUpstream(base, timeoutMs);
  return {
    base,
    upstream,
    async catalogue(
      kind: string,
      limit = 5,
    ): Promise<Array<{ mac: string; kinds: string[]; olt: string; port: string }>> {
      return (
        (await (await fetch(`${base}/_sim/catalogue?kind=${kind}&limit=${limit}`)).json()) as {
          items: Array<{ mac: string; kinds: string[]; olt: string; port: string }>;
        }
      ).items;
    },
    close: async () => {
      server.closeAllConnections();
      await app.close();
    },
  };
}
