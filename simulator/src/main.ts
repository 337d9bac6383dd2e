import { createSimulator } from './server';

const port = Number(process.env.SIM_PORT ?? 9100);
const app = await createSimulator();
await app.listen({ port, host: '127.0.0.1' });
console.log(`[simulator] listening on http://127.0.0.1:${port}`);

function shutdown(): void {
  // Event streams stay open for ever: close() ends the idle connections, the timer the rest.
  void app.close().then(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
