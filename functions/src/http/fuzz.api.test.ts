import fc from 'fast-check';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { resetRequestSchema, sendSmsRequestSchema, voiceOperationSchema } from '@insight/common/customer360';
import { isErrorCode } from '@insight/common/errors';
import { normalizeMac } from '@insight/common/mac';
import { ROLE_KEYS } from '@insight/common/roles';
import { appWith, fakeUpstream, tokenFor } from '../testing/fake-upstream';

const VALID_MAC = 'AABBCCDDEEFF';
const RUNS = 1200;

/** MACs the API must refuse: odd spellings, encodings, sizes and markup (any value normalizeMac accepts is left out). */
const badMac = fc
  .oneof(
    fc.constantFrom(
      '',
      '%',
      '%E0%A4%A',
      '..%2F',
      '..%2F..%2Fadmin',
      '%00',
      'A'.repeat(6000),
      'AABBCCDDEEF',
      'AABBCCDDEEFF0',
      'GGBBCCDDEEFF',
      '<script>alert(1)</script>',
      'aa:bb:cc:dd:ee',
      "AABBCCDDEEFF' OR 1=1",
      '%2e%2e%2f',
    ),
    fc.string({ maxLength: 40 }).map(encodeURIComponent),
    fc.stringMatching(/^[0-9A-Fa-f:.-]{0,20}$/),
  )
  .filter((mac) => {
    try {
      return normalizeMac(decodeURIComponent(mac)) === null;
    } catch {
      return true;
    }
  });

const routes = (mac: string) => [
  { method: 'get', path: `/api/360/${mac}` },
  { method: 'get', path: `/api/360/${mac}/customer` },
  { method: 'get', path: `/api/360/${mac}/wan?refresh=1` },
  { method: 'get', path: `/api/360/${mac}/lan?language=xx` },
  { method: 'get', path: `/api/360/${mac}/voice` },
  { method: 'get', path: `/api/360/${mac}/birth-certificates` },
  { method: 'post', path: `/api/360/${mac}/reset` },
  { method: 'post', path: `/api/360/${mac}/voice/ports/1` },
  { method: 'post', path: `/api/360/${mac}/birth-certificates/regenerate` },
  { method: 'post', path: `/api/360/${mac}/birth-certificates/sms` },
];

const body = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(
    'null',
    '"text"',
    '42',
    '[]',
    '{bad',
    '<a><b>1</b></a>',
    'phone=5145550199&certificateId=x',
  ),
  fc.json(),
  fc.string({ maxLength: 200 }),
  fc.record({
    phone: fc.oneof(fc.string(), fc.constant('<script>x</script>5145550199'), fc.integer()),
    certificateId: fc.oneof(fc.string(), fc.constant(''), fc.integer()),
  }),
  fc.record({ operation: fc.oneof(fc.string(), fc.constant('callForwarding')), enabled: fc.anything() }),
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=latin1',
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  '',
);
const token = fc.oneof(
  fc.constant(null),
  fc.constantFrom('Bearer forged', 'Bearer ', 'Basic abc', 'Bearer a.b.c', `Bearer ${'x'.repeat(3000)}`),
  fc.constantFrom(...ROLE_KEYS).map((role) => tokenFor('fuzz', [role])),
  fc.constant(tokenFor('fuzz', [])),
);

/** Whether a request would be a valid operation on the valid MAC (those are not fuzz cases: they reach upstream). */
function wouldBeValid(path: string, sent: string | undefined, type: string): boolean {
  const raw = sent === '' ? undefined : sent; // an empty body is no body
  if (!path.includes(VALID_MAC)) return false;
  // Without a body, the content type does not matter.
  if (raw !== undefined && (!type.startsWith('application/json') || type.includes('latin1'))) return false;
  let parsed: unknown;
  try {
    parsed = raw === undefined ? {} : JSON.parse(raw);
  } catch {
    return false;
  }
  if (path.endsWith('/sms')) return sendSmsRequestSchema.safeParse(parsed).success;
  if (path.includes('/voice/ports/')) return voiceOperationSchema.safeParse(parsed).success;
  return resetRequestSchema.safeParse(parsed).success; // reset and regenerate take {}
}

describe('fuzzing the API (fast-check)', () => {
  it(`when ${RUNS} generated bad requests arrive, then every answer is a 4xx JSON error with no stack, and no upstream is called`, async () => {
    const upstream = fakeUpstream({});
    const { app } = appWith(upstream.transport);
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(badMac, fc.constant(VALID_MAC)),
        fc.nat(9),
        body,
        contentType,
        fc.option(fc.constantFrom('gzip', 'br', 'identity'), { nil: undefined }),
        token,
        async (mac, routeIndex, payload, type, encoding, auth) => {
          const route = routes(mac)[routeIndex]!;
          const raw =
            payload === undefined
              ? undefined
              : typeof payload === 'string'
                ? payload
                : JSON.stringify(payload);
          // Well-formed operations on a real MAC with a valid token go upstream by design.
          fc.pre(!(route.method === 'get' && mac === VALID_MAC && auth?.startsWith('Bearer test-')));
          fc.pre(
            !(
              route.method === 'post' &&
              auth?.startsWith('Bearer test-') &&
              (!raw || !encoding?.match(/gzip|br/)) &&
              wouldBeValid(route.path, raw, type)
            ),
          );
          let call = route.method === 'get' ? request(app).get(route.path) : request(app).post(route.path);
          if (auth) call = call.set('authorization', auth);
          if (type) call = call.set('content-type', type);
          if (encoding) call = call.set('content-encoding', encoding);
          const res = raw === undefined ? await call : await call.send(raw);
          seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
          expect(
            res.status,
            `${route.method} ${route.path.slice(0, 80)} ${type} → ${res.status}`,
          ).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
          expect(res.headers['content-type']).toMatch(/^application\/json/);
          expect(Object.keys(res.body)).toEqual(['error']);
          expect(isErrorCode(res.body.error.code)).toBe(true);
          expect(typeof res.body.error.message).toBe('string');
          expect(res.text).not.toMatch(/\n\s+at |node_modules|Buffer|<html/i);
        },
      ),
      { numRuns: RUNS },
    );
    expect(upstream.calls).toEqual([]);
    // The cases covered every family of refusal.
    for (const status of [400, 401, 403])
      expect(seen.get(status) ?? 0, `status ${status}`).toBeGreaterThan(0);
    expect([...seen.values()].reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1000);
  }, 120_000);
});
