import Fastify, { type FastifyInstance } from 'fastify';
import { acsRoutes } from './acs/routes';
import { CatalogueStore } from './catalogue/store';
import { optionsFromEnv, seedNumber, type RuntimeConfig, type SimulatorOptions } from './config';
import { globalFaults } from './faults';
import { historyRoutes } from './history/routes';
import { idempotentOperations } from './idempotency';
import { crmRoutes } from './outages/crm';
import { outageRoutes } from './outages/routes';
import { Records } from './records';
import { birthCertificateRoutes } from './routes/birth-certificates';
import { pathOf, type SimContext } from './routes/context';
import { customerRoutes } from './routes/customer';
import { lanTelephonyRoutes } from './routes/lan-telephony';
import { searchRoutes } from './routes/search';
import { simRoutes } from './routes/sim';
import { streamRoutes } from './routes/streams';
import { toolRoutes } from './routes/tools';
import { wanRoutes } from './routes/wan';

/**
 * The upstream simulator: stands in for every service of docs/requirements.md, "Upstream calls" (see simulator/openapi.json).
 * Fastify, for a per-request cost low enough that benchmarks of the API measure the API. Resolves once
 * ready; `listen` it, or hand `server` to supertest.
 */
export async function createSimulator(overrides: Partial<SimulatorOptions> = {}): Promise<FastifyInstance> {
  const options: SimulatorOptions = { ...optionsFromEnv(), ...overrides };
  let runtime: RuntimeConfig = { ...options.config };
  const ctx: SimContext = {
    options,
    store: new CatalogueStore(seedNumber(options.seed), options.epoch),
    records: new Records(),
  };

  const app = Fastify({
    logger: false,
    bodyLimit: 64 * 1024,
    // Upstream clients keep connections open for long; no per-server cap on requests per socket.
    keepAliveTimeout: 10_000,
    routerOptions: { ignoreTrailingSlash: true },
  });
  // An empty JSON body is an empty object (the operations without parameters may send none).
  // The raw text is kept too: the stand-in CRM checks a signature over it (outages/crm.ts).
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    (req as typeof req & { rawBody?: string }).rawBody = body as string;
    if (body === '') return done(null, {});
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('Malformed JSON'), { statusCode: 400 }), undefined);
    }
  });
  // Before the faults: an answer is kept as soon as the route gives it, even while its latency runs.
  idempotentOperations(app);
  globalFaults(app, () => runtime);
  simRoutes(app, ctx, { get: () => runtime, set: (value) => (runtime = value) });
  customerRoutes(app, ctx);
  wanRoutes(app, ctx);
  lanTelephonyRoutes(app, ctx);
  birthCertificateRoutes(app, ctx);
  searchRoutes(app, ctx);
  historyRoutes(app, ctx);
  outageRoutes(app, ctx);
  crmRoutes(app, ctx);
  acsRoutes(app, ctx);
  streamRoutes(app, ctx);
  toolRoutes(app);
  app.setNotFoundHandler((req, reply) => {
    reply
      .code(404)
      .send({ error: 'not_found', message: `No simulated endpoint for ${req.method} ${pathOf(req.url)}` });
  });
  app.setErrorHandler((err: { statusCode?: number }, _req, reply) => {
    const status =
      typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500
        ? err.statusCode
        : 500;
    reply.code(status).send({
      error: status === 500 ? 'internal' : 'bad_request',
      message: status === 500 ? 'Simulator error' : 'Malformed request',
    });
  });
  await app.ready();
  return app;
}
