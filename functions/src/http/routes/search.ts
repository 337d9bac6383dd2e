import { Router } from 'express';
import { searchQuerySchema } from '@insight/common/search';
import type { SearchClient } from '../../domain/ports/upstream-clients';
import { searchCustomers } from '../../domain/search/search-customers';
import { requireCapability } from '../middleware/authenticate';
import { parseWith } from '../middleware/validate';

/** GET /api/search?q=…&limit=…: customers for the top-bar search (whoever may open the 360 view). */
export function searchRouter(search: SearchClient): Router {
  const router = Router();
  router.get('/search', requireCapability('view360'), async (req, res) => {
    const query = parseWith(searchQuerySchema, req.query);
    res.set('cache-control', 'private, no-store');
    res.json(await searchCustomers(search, query));
  });
  return router;
}
