/**
 * The API on several instances (several createApp in one process, as Cloud Functions runs several
 * instances of `api`): what one instance does, the others see; what stays per instance is bounded.
 * The SMS limits across instances are tested against Firestore in tests/triggers/sms-limits.test.ts.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SECTIONS } from '@insight/common/customer360';
import type { RoleKey } from '@insight/common/roles';
import { pathBuffers, TELLING_SPREAD_MS } from '@insight/common/stream-path';
import type { AppDeps } from '../app';
import { cachedChangeMarks, MemoryChangeMarkStore } from '../domain/cache/change-marks';
import { cachedCurrentRoles } from '../domain/users/current-roles';
import { MemoryUserDirectory } from '../domain/users/user-directory';
import { startBufferingProxy } from '../testing/buffering-proxy';
import { appWith, testVerifyToken, tokenFor } from '../testing/fake-upstream';
import { startSimulator } from '../testing/simulator';

let sim: Awaited<ReturnType<typeof startSimulator>>;
beforeAll(async () => {
  // An upstream deadline only a failure reaches (no test here is about it): a process starved of CPU on a
  // busy machine (npm test runs these beside the emulator suites) took over 2 s for a call.
  sim = await startSimulator({ seed: 'instances' }, 20_000);
});
afterAll(() => sim.close());
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** One instance of the API on the simulator. */
const instance = (overrides: Partial<AppDeps> = {}): Express =>
  appWith(sim.upstream.customer.transport, { upstream: sim.upstream, ...overrides }).app;

const certificateIds = (res: request.Response) =>
  (res.body as { data: { certificates: Array<{ id: string }> } }).data.certificates.map((bc) => bc.id);

/** The marks' age and the call cache's time to live, as deployed (CHANGE_MARKS_MAX_AGE_MS, CALL_CACHE). */
const MARK_AGE_MS = 1000;
const CACHE = { ttlMs: 30_000, freshWindowMs: 2_000, maxEntries: 5_000 };

describe('the upstream call cache on several instances', () => {
  /**
   * Two instances sharing one store of change marks (Firestore when deployed), each with its own caches.
   * One clock for the caches and the marks, which only `advance` moves: no busy machine moves it between
   * two requests of a test.
   */
  function twoInstances(shared: boolean) {
    const store = new MemoryChangeMarkStore();
    let clock = Date.parse('2026-11-20T15:00:00Z');
    const now = () => clock;
    const make = () =>
      instance({
        cache: { ...CACHE, now },
        ...(shared ? { changeMarks: cachedChangeMarks(store, { maxAgeMs: MARK_AGE_MS, now }) } : {}),
      });
    return { a: make(), b: make(), store, advance: (ms: number) => (clock += ms) };
  }
  const as = (app: Express, roles: RoleKey[]) => ({
    get: (path: string) => request(app).get(path).set('authorization', tokenFor('u1', roles)),
    post: (path: string, body: object = {}) =>
      request(app).post(path).set('authorization', tokenFor('u1', roles)).send(body),
  });

  // Ten requests one after the other against the simulator: room for a busy machine.
  it('when a certificate is regenerated on instance A, then instance B lists it at once and texts it (without the shared marks, B would list its copy of 30 s)', async () => {
    // Devices without a certificate: a regeneration starts a new one (PUT), with a new id.
    const macs = (await sim.catalogue('no-bc', 2)).map((item) => item.mac);
    for (const [shared, mac] of [
      [false, macs[0]!],
      [true, macs[1]!],
    ] as const) {
      const { a, b, store, advance } = twoInstances(shared);
      const path = `/api/360/${mac}/birth-certificates`;
      const before = await as(b, ['engineering']).get(path);
      expect(before.status).toBe(200);
      // A first view looks nothing up: no cached copy to check.
      expect(store.reads).toBe(0);
      // The agent reads the list, then regenerates: B's copy is older than the marks' age by then (a copy
      // younger than that is judged by what B knows, the next test).
      advance(MARK_AGE_MS + 1);
      const regenerated = await as(a, ['engineering']).post(`${path}/regenerate`);
      expect(regenerated.status).toBe(201);
      const id = (regenerated.body as { method: string; certificate: { id: string } }).certificate.id;
      expect(certificateIds(before)).not.toContain(id);

      const after = await as(b, ['engineering']).get(path);
      expect(certificateIds(after).includes(id), `shared marks: ${shared}`).toBe(shared);
      // The SMS finds it either way: a certificate missing from the cached list is looked for upstream.
      const sms = await as(b, ['support1']).post(`${path}/sms`, {
        phone: '613-555-0199',
        certificateId: id,
        language: 'en',
      });
      expect(sms.status).toBe(202);
    }
  }, 60_000);

  it('when a voice operation runs on instance A, then B fetches the voice section again once its copy is older than the age of the marks; a younger copy is answered without looking the mark up', async () => {
    const [{ mac }] = (await sim.catalogue('voice', 1)) as unknown as [{ mac: string }];
    const { a, b, store, advance } = twoInstances(true);
    const voice = `/api/360/${mac}/voice`;
    const read = async () => (await as(b, ['support1']).get(voice)).body as { cached: boolean };
    expect((await read()).cached).toBe(false);
    // A copy younger than the marks' age: a mark B has not seen since is within the age it may miss.
    for (let i = 0; i < 5; i += 1) expect((await read()).cached).toBe(true);
    expect(store.reads).toBe(0);
    advance(MARK_AGE_MS / 2);
    expect(
      (await as(a, ['support1']).post(`/api/360/${mac}/voice/ports/1`, { operation: 'mwiReset' })).status,
    ).toBe(202);
    expect((await read()).cached).toBe(true);
    expect(store.reads).toBe(0);
    // Older than the marks' age (and younger than the cache's 30 s): B looks the mark up, once, and
    // fetches again; the new copy is younger than the mark's age again.
    advance(MARK_AGE_MS / 2 + 1);
    expect((await read()).cached).toBe(false);
    expect(store.reads).toBe(1);
    expect((await read()).cached).toBe(true);
    expect(store.reads).toBe(1);
  });

  it('when a device is viewed for the first time, then its sections share the calls in flight and no mark is looked up; an operation on the same instance is seen at once by the sections it did not drop', async () => {
    const [{ mac }] = (await sim.catalogue('voice', 1)) as unknown as [{ mac: string }];
    const { a, store, advance } = twoInstances(true);
    const view = await as(a, ['support1']).get(`/api/360/${mac}`);
    expect(view.status).toBe(200);
    expect(view.text.trim().split('\n')).toHaveLength(SECTIONS.length);
    expect(store.reads).toBe(0);
    const wan = async () =>
      (await as(a, ['support1']).get(`/api/360/${mac}/wan`)).body as { cached: boolean };
    expect((await wan()).cached).toBe(true);
    advance(MARK_AGE_MS / 2);
    // A voice operation drops the voice copy itself; the ONU's state it leaves is stale too (the mark).
    expect(
      (await as(a, ['support1']).post(`/api/360/${mac}/voice/ports/1`, { operation: 'mwiReset' })).status,
    ).toBe(202);
    expect((await wan()).cached).toBe(false);
    expect(store.reads).toBe(0);
  });
});

describe('sessions and roles on several instances', () => {
  /** A directory both instances read (Firebase Auth and user_roles when deployed); tokens of revoked sessions. */
  function setup() {
    const directory = new MemoryUserDirectory([
      { uid: 'admin', email: 'admin@insight.test', roles: ['engineering'] } as never,
      { uid: 'u2', email: 'u2@insight.test', roles: ['support2'] } as never,
    ]);
    let clock = 1_000_000;
    const now = () => clock;
    const checked: Array<{ method: string; checkRevoked: boolean }> = [];
    let method = '';
    const verifyToken: AppDeps['verifyToken'] = async (token, checkRevoked) => {
      checked.push({ method, checkRevoked: checkRevoked === true });
      const decoded = await testVerifyToken(token);
      if (checkRevoked && directory.revoked.includes(decoded.uid)) throw new Error('id-token-revoked');
      return decoded;
    };
    const make = () =>
      instance({ directory, verifyToken, currentRoles: cachedCurrentRoles(directory, 5000, now) });
    const apps = { a: make(), b: make() };
    const call = (app: Express, how: 'get' | 'post' | 'put', path: string, uid: string, body?: object) => {
      method = how.toUpperCase();
      const req = request(app)[how](path).set('authorization', tokenFor(uid, []));
      return body ? req.send(body) : req;
    };
    return { ...apps, directory, checked, call, advance: (ms: number) => void (clock += ms) };
  }

  it('when a role is removed on instance A, then reads on instance B keep it for the roles cache (5 s) at most, and B refuses its writes at once (the session is revoked)', async () => {
    const { a, b, call, advance, checked } = setup();
    const [{ mac }] = (await sim.catalogue('gpon', 1)) as unknown as [{ mac: string }];
    expect((await call(b, 'get', `/api/360/${mac}/customer`, 'u2')).status).toBe(200);
    expect((await call(a, 'put', '/api/users/u2/roles', 'admin', { roles: ['support1'] })).status).toBe(200);

    // A forgot at once; B's cache of u2's roles is 5 s at most.
    expect((await call(a, 'post', `/api/360/${mac}/reset`, 'u2')).status).toBe(401);
    advance(4000);
    expect((await call(b, 'get', `/api/360/${mac}/customer`, 'u2')).status).toBe(200);
    // A write checks the session: removing a role revoked it, so B refuses the reset although its cache
    // still says support2.
    expect((await call(b, 'post', `/api/360/${mac}/reset`, 'u2')).status).toBe(401);
    advance(1001);
    // Past the cache's life, B reads the roles again: support1 may read the view, not reset.
    expect((await call(b, 'get', `/api/360/${mac}/customer`, 'u2')).status).toBe(200);
    expect(checked.filter((entry) => entry.method === 'GET').every((entry) => !entry.checkRevoked)).toBe(
      true,
    );
    expect(checked.filter((entry) => entry.method !== 'GET').every((entry) => entry.checkRevoked)).toBe(true);
  });

  it('when a user without a revoked session writes, then the revocation check passes and reads never ask for it', async () => {
    const { b, call, checked } = setup();
    const [{ mac }] = (await sim.catalogue('gpon', 1)) as unknown as [{ mac: string }];
    expect((await call(b, 'post', `/api/360/${mac}/reset`, 'u2')).status).toBe(202);
    expect((await call(b, 'get', `/api/360/${mac}/wan`, 'u2')).status).toBe(200);
    expect(checked).toEqual([
      { method: 'POST', checkRevoked: true },
      { method: 'GET', checkRevoked: false },
    ]);
  });
});

describe('the streamed 360 view through a path that buffers answers', () => {
  it('when the answer is buffered, then it still completes with every section, and the lines tell the client that its path buffers (directly: that it streams)', async () => {
    await fetch(`${sim.base}/_sim/config`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      // Sections far enough apart (400 ms a call, about 1.2 s to the last) that a starved process still
      // tells: its reads of one buffered answer's chunks can lie hundreds of milliseconds apart.
      body: JSON.stringify({ latencyMs: 400 }),
    });
    cleanups.push(() =>
      fetch(`${sim.base}/_sim/config`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ latencyMs: 0 }),
      }),
    );
    const server: Server = instance().listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    cleanups.push(() => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    });
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const proxy = await startBufferingProxy(origin);
    cleanups.push(() => proxy.close());

    const view = async (base: string, mac: string) => {
      const res = await fetch(`${base}/api/360/${mac}`, {
        headers: { authorization: tokenFor('u1', ['support1']) },
      });
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      const lines: Array<{ section: string; status: number; atMs: number; receivedAt: number }> = [];
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (value) buffer += value;
        const parts = buffer.split('\n');
        buffer = parts.pop()!;
        for (const part of parts)
          if (part.trim())
            lines.push({
              ...(JSON.parse(part) as { section: string; status: number; atMs: number }),
              receivedAt: performance.now(),
            });
        if (done) break;
      }
      return { lines, length: res.headers.get('content-length') };
    };
    const macs = (await sim.catalogue('gpon', 2)).map((item) => item.mac);
    const direct = await view(origin, macs[0]!);
    const buffered = await view(proxy.url, macs[1]!);
    for (const result of [direct, buffered]) {
      expect(result.lines.map((line) => line.section).sort()).toEqual([...SECTIONS].sort());
      expect(result.lines.every((line) => line.status === 200)).toBe(true);
    }
    // Directly, the answer streams: no length announced, and the lines say when each was written, far
    // enough apart for a client to tell (when each arrives depends on the machine's load: pathBuffers'
    // verdict on arrival times is common/src/stream-path.test.ts's, on given times).
    expect(direct.length).toBeNull();
    const written = direct.lines.map((line) => line.atMs);
    expect(Math.max(...written) - Math.min(...written)).toBeGreaterThanOrEqual(TELLING_SPREAD_MS);
    // Through the proxy every line arrives at once, whatever the load: the client is told its path buffers.
    expect(pathBuffers(buffered.lines)).toBe(true);
    // What whole-answer delivery costs the view in time is measured by bench:latency (docs/performance.md).
  });
});
