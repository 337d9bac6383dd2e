import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { customerAccountSchema } from '@insight/common/upstream/customer';
import { searchAnswerSchema, searchDataSchema, type SearchRecord } from '@insight/common/upstream/search';
import { formatMac } from '@insight/common/mac';
import { createSimulator } from '../server';
import type { CatalogueItem } from './sim';

const app = (
  await createSimulator({
    seed: 'search-seed',
    epoch: Date.UTC(2026, 10, 20),
    config: { latencyMs: 0, jitterMs: 0, errorRate: 0 },
  })
).server;

async function search(q: string, limit?: number) {
  const res = await request(app)
    .get('/search/v1/customers')
    .query({ q, ...(limit ? { limit } : {}) });
  expect(res.status, q).toBe(200);
  return searchAnswerSchema.parse(res.body);
}

const data = searchDataSchema.parse((await request(app).get('/mock/search-data.json')).body);
const record = (mac: string) => data.records.find((r) => r.mac === mac)!;
const [device] = (await request(app).get('/_sim/catalogue?kind=multi-billing&limit=1')).body
  .items as CatalogueItem[];

describe('simulator: search mock data', () => {
  it('when GET /mock/search-data.json is read, then it holds a record per catalogue customer, matching the customer service', async () => {
    const health = (await request(app).get('/_sim/health')).body as { customers: number };
    expect(data.count).toBe(health.customers);
    expect(data.records).toHaveLength(health.customers);
    const account = customerAccountSchema.parse(
      (await request(app).get(`/customer-accounts?deviceMac=${device!.mac}`)).body,
    );
    expect(record(device!.mac)).toMatchObject({
      customerAccountNumber: account.customerAccountNumber,
      contactList: account.contactList,
    });
    expect(record(device!.mac).billingAccountNumbers.length).toBeGreaterThan(1);
  });
});

describe('simulator: search endpoint', () => {
  const target: SearchRecord = record(device!.mac);
  const primary = target.contactList.find((c) => c.isPrimaryContact)!;

  it('when the query is a MAC in any spelling, then that device is the first hit, matched on mac', async () => {
    for (const q of [target.mac, target.mac.toLowerCase(), formatMac(target.mac), target.mac.slice(4)]) {
      const answer = await search(q);
      expect(answer.hits[0], q).toMatchObject({ mac: target.mac, matchedField: 'mac' });
    }
  });

  it('when the query is an account, a billing account or a phone number, then that customer is the first hit', async () => {
    const cases = [
      [target.customerAccountNumber, 'customerAccountNumber'],
      [target.billingAccountNumbers[1]!, 'billingAccountNumber'],
    ] as const;
    for (const [q, field] of cases) {
      expect((await search(q)).hits[0], q).toMatchObject({
        mac: target.mac,
        matchedField: field,
        matchedValue: q,
      });
    }
    const withPhone = data.records.find((r) =>
      r.contactList.some((c) => c.isPrimaryContact && c.phoneNumber?.length === 10),
    )!;
    const phone = withPhone.contactList.find((c) => c.isPrimaryContact)!.phoneNumber!;
    const dashed = `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`;
    const answer = await search(dashed, 50);
    expect(answer.hits.map((hit) => hit.mac)).toContain(withPhone.mac);
    expect(answer.hits.every((hit) => hit.matchedField === 'phoneNumber')).toBe(true);
  });

  it('when the query is part of a name, in another case and without accents, then the customer is among the hits, matched on name', async () => {
    const partial = `${primary.firstName} ${primary.lastName.slice(0, 3)}`
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toUpperCase();
    const answer = await search(partial, 50);
    const hit = answer.hits.find((h) => h.mac === target.mac);
    expect(hit, partial).toMatchObject({ matchedField: 'name' });
    expect(answer.total).toBeGreaterThanOrEqual(answer.hits.length);
    const full = await search(`${primary.lastName} ${primary.firstName}`, 50);
    expect(full.hits.map((h) => h.mac)).toContain(target.mac);
  });

  it('when the query is a street and city, then customers at that address are found, matched on address', async () => {
    const address = target.serviceAddress!;
    const answer = await search(`${address.streetNumber} ${address.streetName} ${address.city}`, 50);
    expect(answer.hits.find((h) => h.mac === target.mac)).toMatchObject({ matchedField: 'address' });
  });

  it('when hits are ranked, then an exact match comes before a prefix match, and the same query gives the same answer', async () => {
    const prefix = target.customerAccountNumber.slice(0, 6);
    const answer = await search(prefix, 50);
    expect(answer.total).toBeGreaterThan(1);
    expect(answer.hits.every((hit) => hit.matchedValue.startsWith(prefix))).toBe(true);
    expect(await search(prefix, 50)).toEqual(answer);
    expect((await search(prefix, 3)).hits).toEqual(answer.hits.slice(0, 3));
  });

  it('when nothing matches, then the answer is empty; when q or limit is out of range, then 400', async () => {
    expect(await search('zzqxj nobody')).toEqual({ total: 0, hits: [] });
    for (const query of [
      {},
      { q: '' },
      { q: 'x'.repeat(101) },
      { q: 'ab', limit: 0 },
      { q: 'ab', limit: 51 },
    ]) {
      expect(
        (await request(app).get('/search/v1/customers').query(query)).status,
        JSON.stringify(query),
      ).toBe(400);
    }
  });

  it('when a request carries x-sim-fault, then the search fails that way', async () => {
    const res = await request(app).get('/search/v1/customers?q=abc').set('x-sim-fault', 'unavailable');
    expect(res.status).toBe(503);
  });
});
