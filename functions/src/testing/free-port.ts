import { createServer } from 'node:net';

/**
 * A TCP port free on 127.0.0.1 at the time of asking, for a process that takes its port as an argument
 * (a test's Prometheus, the deploy check's Firestore emulator, the browser's debugging endpoint).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
