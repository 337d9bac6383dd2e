import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SearchAnswer, SearchData } from '@insight/common/upstream/search';
import { generateCustomer } from '../catalogue/generate';
import { CUSTOMER_COUNT, customerMac, resolveMac } from '../catalogue/macs';
import { SearchIndex, searchRecordOf } from '../catalogue/search-index';
import { seedNumber } from '../config';
import { applyFault } from '../faults';
import { badRequest, type SimContext } from './context';

const searchQuery = z.object({
  q: z.string().min(1).max(100),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

/**
 * The customer search service over the catalogue customers (docs/requirements.md, "Upstream calls": "Search mock:
 * GET /mock/search-data.json" publishes the records it searches). The index is built on first use,
 * once per simulator (about a second for 5 000 customers).
 */
export function searchRoutes(app: FastifyInstance, ctx: SimContext): void {
  let index: SearchIndex | null = null;
  let data: string | null = null;
  const getIndex = () => {
    if (index) return index;
    const seed = seedNumber(ctx.options.seed);
    const records = Array.from({ length: CUSTOMER_COUNT }, (_, i) =>
      // Generated without the LRU so that indexing does not evict the working set.
      searchRecordOf(generateCustomer(seed, resolveMac(customerMac(i))!, ctx.options.epoch)),
    );
    return (index = new SearchIndex(records));
  };

  app.get('/search/v1/customers', async (req, reply) => {
    const query = searchQuery.safeParse(req.query);
    if (!query.success) return badRequest(reply, 'q: 1-100 characters; limit: 1-50');
    if (await applyFault(req, reply, 'search', null, ctx.options)) return reply;
    const answer: SearchAnswer = getIndex().search(query.data.q, query.data.limit);
    return answer;
  });

  app.get('/mock/search-data.json', async (_req, reply) => {
    if (data === null) {
      const { records } = getIndex();
      data = JSON.stringify({ count: records.length, records: [...records] } satisfies SearchData);
    }
    return reply.type('application/json; charset=utf-8').send(data);
  });
}
