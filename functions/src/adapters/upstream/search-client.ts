import { searchAnswerSchema } from '@insight/common/upstream/search';
import type { SearchClient } from '../../domain/ports/upstream-clients';
import { callRequired, type ServiceConfig } from './transport';

/** The customer search service; the query goes in the query string, encoded by the transport. */
export function createSearchClient(service: ServiceConfig): SearchClient {
  return {
    customers: (query: string, limit: number) =>
      callRequired(
        service,
        { path: '/search/v1/customers', query: { q: query, limit: String(limit) } },
        searchAnswerSchema,
      ),
  };
}
