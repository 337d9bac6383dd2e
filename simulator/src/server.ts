import express, { type ErrorRequestHandler, type Express } from 'express';
import { CatalogueStore } from './catalogue/store';
import { optionsFromEnv, seedNumber, type RuntimeConfig, type SimulatorOptions } from './config';
import { globalFaults } from './faults';
import { Records } from './records';
import { birthCertificateRoutes } from './routes/birth-certificates';
import type { SimContext } from './routes/context';
import { customerRoutes } from './routes/customer';
import { lanTelephonyRoutes } from './routes/lan-telephony';
import { simRoutes } from './routes/sim';
import { streamRoutes } from './routes/streams';
import { wanRoutes } from './routes/wan';

/** The upstream simulator: stands in for every service of SPEC.md section 7 (see simulator/openapi.yaml). */
export function createSimulator(overrides: Partial<SimulatorOptions> = {}): Express {
  const options: SimulatorOptions = { ...optionsFromEnv(), ...overrides };
  let runtime: RuntimeConfig = { ...options.config };
  const ctx: SimContext = {
    options,
    store: new CatalogueStore(seedNumber(options.seed), options.epoch),
    records: new Records(),
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(express.json({ limit: '64kb' }));
  app.use(simRoutes(ctx, { get: () => runtime, set: (value) => (runtime = value) }));
  app.use(globalFaults(() => runtime));
  app.use(customerRoutes(ctx));
  app.use(wanRoutes(ctx));
  app.use(lanTelephonyRoutes(ctx));
  app.use(birthCertificateRoutes(ctx));
  app.use(streamRoutes(ctx));
  app.use((req, res) => {
    res
      .status(404)
      .json({ error: 'not_found', message: `No simulated endpoint for ${req.method} ${req.path}` });
  });
  const errors: ErrorRequestHandler = (err: { status?: number; type?: string }, _req, res, _next) => {
    const status = typeof err.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
    res.status(status).json({
      error: status === 500 ? 'internal' : 'bad_request',
      message: status === 500 ? 'Simulator error' : 'Malformed request',
    });
  };
  app.use(errors);
  return app;
}
