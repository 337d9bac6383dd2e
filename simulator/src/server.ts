import express, { type Express } from 'express';

/** The upstream simulator: stands in for every service of SPEC.md section 7. */
export function createSimulator(): Express {
  const app = express();
  app.disable('x-powered-by');
  app.get('/_sim/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.use((req, res) => {
    res
      .status(404)
      .json({ error: { code: 'not_found', message: `No simulated endpoint for ${req.method} ${req.path}` } });
  });
  return app;
}
