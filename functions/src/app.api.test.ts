import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { appWith, fakeUpstream, tokenFor } from './testing/fake-upstream';

const { app } = appWith(fakeUpstream({}).transport, { version: '1.2.3' });

describe('GET /api/health', () => {
  it('when called without a token, then answers ok with the version', async () => {
    const res = await request(app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', version: '1.2.3' });
  });
});

describe('error model', () => {
  it('when the route is unknown, then answers 404 with the error body', async () => {
    const res = await request(app)
      .get('/api/no-such-route')
      .set('authorization', tokenFor('u', ['support1']));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: { code: 'not_found', message: 'No route for GET /api/no-such-route' },
    });
  });

  it('when the body is malformed JSON, then answers 400 invalid_input', async () => {
    const res = await request(app).post('/api/health').set('content-type', 'application/json').send('{"a":');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_input');
  });

  it('when the body is too large, then answers 413 invalid_input', async () => {
    const res = await request(app)
      .post('/api/health')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ a: 'x'.repeat(40_000) }));
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('invalid_input');
  });
});
