import { Router } from 'express';
import type { ExternalLinks } from '@insight/common/external-links';
import { requireCapability } from '../middleware/authenticate';

/** GET /api/links: the 360 view's links to the other tools, from the runtime configuration. */
export function linksRouter(links: ExternalLinks): Router {
  const router = Router();
  router.get('/links', requireCapability('view360'), (_req, res) => {
    // The same for every user and rarely changed: a browser asks again after five minutes.
    res.set('cache-control', 'private, max-age=300');
    res.json(links);
  });
  return router;
}
