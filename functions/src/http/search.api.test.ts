import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPABILITY_MATRIX, ROLE_KEYS, type RoleKey } from '@insight/common/roles';
import {
  searchQuerySchema,
  searchResponseSchema,
  SEARCH_LIMIT_DEFAULT,
  SEARCH_QUERY_MAX,
} from '@insight/common/search';
import type { SearchAnswer, SearchData, SearchHit } from '@insight/common/upstream/search';
import { buildUrl, type Transport } from '../adapters/upstream/transport';
import { appWith, fakeUpstream, tokenFor } from '../testing/fake-upstream';
import { startSimulator } from '../testing/simulator';

const SEARCH = '/search/v1/customers';

const hit = (overrides: Partial<SearchHit> = {}): SearchHit => ({
  mac: 'a4c1e8000010',
  networkType: 'GPON',
  customerAccountNumber: '800000115',
  billingAccountNumbers: ['500000176', '500000177'],
  contactList: [
    {
      firstName: 'Marc',
      middleName: null,
      lastName: 'Roy',
      isPrimaryContact: false,
      phoneNumber: '6135550111',
    },
    {
      firstName: 'Élise',
      middleName: null,
      lastName: 'Tremblay',
      isPrimaryContact: true,
      phoneNumber: '5145550199',
    },
  ],
  serviceAddress: {
    unitValue: null,
    unitType: null,
    streetNumber: '12',
    streetTypePrefix: 'rue',
    streetName: 'Lavoie',
    streetTypeSuffix: null,
    directionalSuffix: null,
    city: 'Laval',
    province: 'QC',
    postalCode: 'H7A 1B2',
    ruralRoute: null,
    poBox: null,
    stationType: null,
    fiberNode: 'LVL101',
  },
  matchedField: 'name',
  matchedValue: 'Élise Tremblay',
  ...overrides,
});

function setup(
  answer: SearchAnswer | ((url: URL) => { status: number; body: unknown }) = { total: 0, hits: [] },
) {
  const urls: URL[] = [];
  const upstream = fakeUpstream({});
  // Records the URL the production transport would request, to hold what reaches the search service.
  const transport: Transport = async (baseUrl, req) => {
    const url = new URL(buildUrl(baseUrl, req));
    urls.push(url);
    if (req.path !== SEARCH) return upstream.transport(baseUrl, req, 1000);
    return typeof answer === 'function' ? answer(url) : { status: 200, body: answer };
  };
  const { app } = appWith(transport);
  const get = (query: Record<string, string> | string, roles: RoleKey[] = ['support1']) =>
    request(app).get('/api/search').query(query).set('authorization', tokenFor('u1', roles));
  return { app, urls, get };
}

describe('GET /api/search: access', () => {
  it('when no token is sent, then 401 and the search service is not called', async () => {
    const { app, urls } = setup();
    expect((await request(app).get('/api/search?q=tremblay')).status).toBe(401);
    expect(urls).toHaveLength(0);
  });

  it('when each role searches, then only the roles that may view the 360 view are answered', async () => {
    for (const role of [...ROLE_KEYS, null]) {
      const { get } = setup();
      const res = await get({ q: 'tremblay' }, role ? [role] : []);
      const allowed = role !== null && CAPABILITY_MATRIX.view360.includes(role);
      expect(res.status, String(role)).toBe(allowed ? 200 : 403);
    }
  });
});

describe('GET /api/search: validation', () => {
  it('when q is missing, too short, too long, repeated or holds control characters, or limit is out of range, then 400 invalid_input and no upstream call', async () => {
    const { get, urls } = setup();
    for (const query of [
      {},
      { q: '' },
      { q: ' a ' },
      { q: 'x'.repeat(SEARCH_QUERY_MAX + 1) },
      { q: 'abc\u0000def' },
      { q: 'abc\u202edef' },
      { q: 'abc', limit: '0' },
      { q: 'abc', limit: '21' },
      { q: 'abc', limit: 'ten' },
      'q=abc&q=def',
    ]) {
      const res = await get(query as Record<string, string>);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error.code).toBe('invalid_input');
    }
    expect(urls).toHaveLength(0);
  });

  it('when q carries URL syntax, then it reaches the search service encoded, as the one q value, trimmed, with the default limit', async () => {
    const { get, urls } = setup();
    const q = '  a&limit=50/../x?#%2F é ';
    expect((await get({ q })).status).toBe(200);
    expect(urls).toHaveLength(1);
    const [url] = urls;
    expect(url!.pathname).toBe(SEARCH);
    expect([...url!.searchParams.keys()].sort()).toEqual(['limit', 'q']);
    expect(url!.searchParams.get('q')).toBe(q.trim());
    expect(url!.searchParams.get('limit')).toBe(String(SEARCH_LIMIT_DEFAULT));
  });
});

describe('GET /api/search: any query string', () => {
  it('when q is any text, then the API refuses it with 400 and no upstream call, or passes exactly the validated text as the one q value of the search URL', async () => {
    const { get, urls } = setup();
    const text = fc.oneof(
      fc.string({ maxLength: 80, unit: 'binary' }),
      fc.string({ maxLength: 20 }).map((s) => `${s}&limit=999#/../admin?q=x`),
      fc.constantFrom('%2F..%2F', '%00', '\r\nHost: evil', '../../etc/passwd', '  ', 'é'),
    );
    await fc.assert(
      fc.asyncProperty(text, async (q) => {
        const before = urls.length;
        const res = await get({ q });
        const valid = searchQuerySchema.safeParse({ q });
        expect(res.status).toBe(valid.success ? 200 : 400);
        if (!valid.success) {
          expect(urls.length).toBe(before);
          return;
        }
        const url = urls.at(-1)!;
        expect(url.pathname).toBe(SEARCH);
        expect([...url.searchParams.entries()]).toEqual([
          ['q', valid.data.q],
          ['limit', String(SEARCH_LIMIT_DEFAULT)],
        ]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('GET /api/search: answers', () => {
  it('when the service finds customers, then each result names the customer, the matched value and the MAC to open', async () => {
    const { get } = setup({
      total: 3,
      hits: [
        hit(),
        hit({ mac: '3C:7A:8A:00:00:11', matchedField: 'billingAccountNumber', matchedValue: '500000177' }),
        hit({ mac: '3C7A8A000013', matchedField: 'phoneNumber', matchedValue: '6135550111' }),
      ],
    });
    const res = await get({ q: 'tremblay', limit: '3' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = searchResponseSchema.parse(res.body);
    expect(body).toEqual({
      query: 'tremblay',
      total: 3,
      results: [
        {
          mac: 'A4C1E8000010',
          networkType: 'GPON',
          name: 'Élise Tremblay',
          customerAccount: '800000115',
          billingAccount: '500000176',
          phone: '514-555-0199',
          address: '12 rue Lavoie, Laval QC  H7A 1B2',
          matched: 'name',
        },
        expect.objectContaining({
          mac: '3C7A8A000011',
          billingAccount: '500000177',
          matched: 'billingAccount',
        }),
        expect.objectContaining({ mac: '3C7A8A000013', phone: '613-555-0111', matched: 'phone' }),
      ],
    });
  });

  it('when a hit has no MAC the 360 view can open, then it is left out', async () => {
    const { get } = setup({ total: 2, hits: [hit({ mac: 'not-a-mac' }), hit()] });
    const body = searchResponseSchema.parse((await get({ q: 'tremblay' })).body);
    expect(body.results.map((result) => result.mac)).toEqual(['A4C1E8000010']);
  });

  it('when the search service fails, times out or answers a wrong shape, then 502/504 with the error code', async () => {
    for (const [reply, status, code] of [
      [{ status: 500, body: { message: 'down' } }, 502, 'upstream_error'],
      [{ status: 504, body: {} }, 504, 'upstream_timeout'],
      [{ status: 200, body: { total: 1, hits: [{ mac: 1 }] } }, 502, 'upstream_error'],
    ] as const) {
      const { get } = setup(() => reply);
      const res = await get({ q: 'tremblay' });
      expect(res.status).toBe(status);
      expect(res.body.error.code).toBe(code);
    }
  });
});

describe('GET /api/search against the simulator', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let data: SearchData;
  beforeAll(async () => {
    sim = await startSimulator({ seed: 'search-api' }, 20_000);
    data = (await (await fetch(`${sim.base}/mock/search-data.json`)).json()) as SearchData;
  });
  afterAll(() => sim.close());

  const as = () => {
    const { app } = appWith(sim.upstream.search.transport, { upstream: sim.upstream });
    return (q: string) =>
      request(app)
        .get('/api/search')
        .query({ q })
        .set('authorization', tokenFor('u1', ['install']));
  };

  it('when part of a name, an account number or a MAC is searched, then the customer is among the results and opens by MAC', async () => {
    const get = as();
    const record = data.records[42]!;
    const primary = record.contactList.find((contact) => contact.isPrimaryContact)!;
    for (const [q, matched] of [
      [`${primary.firstName} ${primary.lastName.slice(0, 3)}`, 'name'],
      [record.customerAccountNumber, 'account'],
      [record.mac.toLowerCase().match(/.{2}/g)!.join(':'), 'mac'],
    ] as const) {
      const res = await get(q);
      expect(res.status, q).toBe(200);
      const body = searchResponseSchema.parse(res.body);
      expect(
        body.results.find((result) => result.mac === record.mac),
        q,
      ).toMatchObject({ matched });
    }
  });

  it('when nothing matches, then 200 with no results', async () => {
    const res = await as()('qqxz nobody');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ query: 'qqxz nobody', total: 0, results: [] });
  });
});
