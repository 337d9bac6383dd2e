import { createSimulator } from './server';

const port = Number(process.env.SIM_PORT ?? 9100);
const app = createSimulator();
const server = app.listen(port, '127.0.0.1', () => {
  console.log(`[simulator] listening on http://127.0.0.1:${port}`);
});

function shutdown(): void {
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
