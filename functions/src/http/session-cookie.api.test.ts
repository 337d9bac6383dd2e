import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE_MAX_AGE_MS } from '@insight/common/session-cookie';
import { appWith, fakeUpstream, testVerifyToken } from '../testing/fake-upstream';

/** An ID token's shape (three base64url parts) around the test tokens testVerifyToken reads. */
const idToken = (uid: string) => `h.${Buffer.from(uid).toString('base64url')}.s`;
const uidOf = (token: string) => Buffer.from(token.split('.')[1]!, 'base64url').toString();

function setup({ revoked = new Set<string>() } = {}) {
  const minted: Array<{ idToken: string; expiresIn: number }> = [];
  const checked: boolean[] = [];
  const { app } = appWith(fakeUpstream({}).transport, {
    verifyToken: async (token, checkRevoked) => {
      checked.push(checkRevoked === true);
      const uid = uidOf(token);
      if (checkRevoked && revoked.has(uid)) throw new Error('auth/id-token-revoked');
      return testVerifyToken(`test-${uid}-support1`);
    },
    createSessionCookie: async (token, expiresIn) => {
      minted.push({ idToken: token, expiresIn });
      return `cookie-of-${uidOf(token)}`;
    },
  });
  return { app, minted, checked };
}

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
const setCookie = (res: request.Response) => ([] as string[]).concat(res.headers['set-cookie'] ?? []);

describe('the session cookie (POST and DELETE /api/session-cookie)', () => {
  it('when the portal posts a valid ID token, then __session is set HttpOnly, Secure, SameSite=Lax for 14 days', async () => {
    const { app, minted, checked } = setup();
    const res = await request(app)
      .post('/api/session-cookie')
      .set(SAME_ORIGIN)
      .send({ idToken: idToken('u1') });
    expect(res.status).toBe(204);
    expect(minted).toEqual([{ idToken: idToken('u1'), expiresIn: SESSION_COOKIE_MAX_AGE_MS }]);
    // The token is checked with revocation before anything is minted.
    expect(checked).toEqual([true]);
    const [cookie] = setCookie(res);
    expect(cookie).toMatch(/^__session=cookie-of-u1;/);
    expect(cookie).toContain('Max-Age=1209600');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('SameSite=Lax');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('when the Origin is the portal’s own host (no Sec-Fetch-Site), then it is accepted', async () => {
    const { app } = setup();
    const res = await request(app)
      .post('/api/session-cookie')
      .set({ origin: 'https://insight.example', 'x-forwarded-host': 'insight.example' })
      .send({ idToken: idToken('u1') });
    expect(res.status).toBe(204);
  });

  it.each([
    ['another site (Sec-Fetch-Site)', { 'sec-fetch-site': 'cross-site' }],
    ['a sibling site (Sec-Fetch-Site)', { 'sec-fetch-site': 'same-site' }],
    ['another Origin', { origin: 'https://evil.example', 'x-forwarded-host': 'insight.example' }],
    ['an unreadable Origin', { origin: 'null', 'x-forwarded-host': 'insight.example' }],
    ['no Origin at all', {}],
  ])('when the request comes from %s, then it is refused 403 and nothing is minted', async (_, headers) => {
    const { app, minted } = setup();
    const post = await request(app)
      .post('/api/session-cookie')
      .set(headers)
      .send({ idToken: idToken('u1') });
    expect(post.status).toBe(403);
    expect(post.body.error.code).toBe('forbidden');
    expect(setCookie(post)).toEqual([]);
    expect(minted).toEqual([]);
    const remove = await request(app).delete('/api/session-cookie').set(headers);
    expect(remove.status).toBe(403);
    expect(setCookie(remove)).toEqual([]);
  });

  it.each([
    ['no body', undefined],
    ['no token', {}],
    ['a token that is not a JWT', { idToken: 'not a token' }],
    ['a token that is not text', { idToken: 42 }],
    ['an unknown field', { idToken: idToken('u1'), uid: 'someone-else' }],
  ])('when the body has %s, then it is refused 400 and nothing is minted', async (_, body) => {
    const { app, minted } = setup();
    const res = await request(app).post('/api/session-cookie').set(SAME_ORIGIN).send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_input');
    expect(minted).toEqual([]);
  });

  it('when the session was revoked (or the account disabled), then 401 and no cookie', async () => {
    const { app, minted } = setup({ revoked: new Set(['u1']) });
    const res = await request(app)
      .post('/api/session-cookie')
      .set(SAME_ORIGIN)
      .send({ idToken: idToken('u1') });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
    expect(setCookie(res)).toEqual([]);
    expect(minted).toEqual([]);
  });

  it('when the user signs out, then the cookie is cleared, with or without a valid ID token', async () => {
    const { app } = setup();
    const res = await request(app).delete('/api/session-cookie').set(SAME_ORIGIN);
    expect(res.status).toBe(204);
    const [cookie] = setCookie(res);
    expect(cookie).toMatch(/^__session=;/);
    expect(cookie).toContain('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('HttpOnly');
  });
});
