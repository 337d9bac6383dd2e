/**
 * Upstream contract: the customer search service (docs/requirements.md, "Upstream calls" names only its mock data,
 * GET /mock/search-data.json; the search endpoint and the shapes are ours).
 */
import { z } from 'zod';
import { addressSchema, contactSchema } from './customer';

/** What a search record is found by. */
export const searchFieldSchema = z.enum([
  'mac',
  'customerAccountNumber',
  'billingAccountNumber',
  'phoneNumber',
  'name',
  'address',
]);

/** One device and its customer, as the search service indexes them. */
export const searchRecordSchema = z.object({
  mac: z.string(),
  networkType: z.enum(['EPON', 'GPON']),
  customerAccountNumber: z.string(),
  billingAccountNumbers: z.array(z.string()),
  contactList: z.array(contactSchema),
  serviceAddress: addressSchema.nullable(),
});

export const searchHitSchema = searchRecordSchema.extend({
  matchedField: searchFieldSchema,
  /** The value that matched (a billing account number, a phone number, a contact's name…). */
  matchedValue: z.string(),
});

/** GET /search/v1/customers?q=…&limit=…: the best hits first, and how many records matched in all. */
export const searchAnswerSchema = z.object({
  total: z.number().int().min(0),
  hits: z.array(searchHitSchema),
});

/** GET /mock/search-data.json: every record the search service holds. */
export const searchDataSchema = z.object({
  count: z.number().int().min(0),
  records: z.array(searchRecordSchema),
});

export type SearchField = z.infer<typeof searchFieldSchema>;
export type SearchRecord = z.infer<typeof searchRecordSchema>;
export type SearchHit = z.infer<typeof searchHitSchema>;
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;
export type SearchData = z.infer<typeof searchDataSchema>;
