/**
 * Global search (GET /api/search): the query both sides validate with, and the answer. A customer is
 * found by MAC, account number, billing account number, phone number, name or address.
 */
import { z } from 'zod';

import { SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, SEARCH_QUERY_MAX, SEARCH_QUERY_MIN } from './search-limits';

export { SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, SEARCH_QUERY_MAX, SEARCH_QUERY_MIN };

export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(SEARCH_QUERY_MIN)
    .max(SEARCH_QUERY_MAX)
    // Control and format characters are never part of a name, a number or an address.
    .regex(/^[^\p{C}]*$/u),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT_MAX).default(SEARCH_LIMIT_DEFAULT),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const SEARCH_MATCHES = ['mac', 'account', 'billingAccount', 'phone', 'name', 'address'] as const;
export type SearchMatch = (typeof SEARCH_MATCHES)[number];

export const searchResultSchema = z.object({
  /** Normalised (12 upper-case hex digits): the result opens /i/mac/{mac}. */
  mac: z.string().regex(/^[0-9A-F]{12}$/),
  networkType: z.enum(['EPON', 'GPON']),
  /** The primary contact, or the contact whose name matched. */
  name: z.string(),
  customerAccount: z.string(),
  /** The billing account that matched, else the first. */
  billingAccount: z.string().nullable(),
  /** The phone number that matched, else the primary contact's (10 digits as 3-3-4). */
  phone: z.string().nullable(),
  address: z.string().nullable(),
  matched: z.enum(SEARCH_MATCHES),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z.object({
  query: z.string(),
  /** How many customers matched in all; `results` holds the best `limit` of them. */
  total: z.number().int().min(0),
  results: z.array(searchResultSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
