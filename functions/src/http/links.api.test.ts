import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { appWith, fakeUpstream, tokenFor } from '../testing/fake-upstream';
import { links } from '../testing/fixtures';

describe('GET /api/links', () => {
  const upstream = fakeUpstream({});
  const { app } = appWith(upstream.transport, { links: links() });

  it('when a user who may open the 360 view asks, then the configured links come back, cacheable privately', async () => {
    const res = await request(app)
      .get('/api/links')
      .set('authorization', tokenFor('u1', ['support1']));
    expect(res.status).toBe(200);
    expect(res.body).toEqual(links());
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(upstream.calls).toEqual([]);
  });

  it('when the user has no role, then 403; without a token, 401', async () => {
    const forbidden = await request(app).get('/api/links').set('authorization', tokenFor('u2', []));
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe('forbidden');
    expect((await request(app).get('/api/links')).status).toBe(401);
  });
});
