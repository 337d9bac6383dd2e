import express, { type Express } from 'express';
import { errorHandler, notFoundHandler } from './http/middleware/error-handler';
import { healthRouter } from './http/routes/health';
import { silentLogger, type Logger } from './lib/logger';

export interface AppDeps {
  version: string;
  logger?: Logger;
}

/** Builds the Express app; index.ts exports it once as the `api` function, tests run it in-process. */
export function createApp(deps: AppDeps): Express {
  const logger = deps.logger ?? silentLogger;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', true);
  app.use(express.json({ limit: '32kb' }));

  const api = express.Router();
  api.use(healthRouter(deps.version));
  app.use('/api', api);

  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return app;
}
