import { describe, expect, it, vi } from 'vitest';
import { fail, installFakeApi, noContent, type Reply } from '../testing/fake-api';
import { setFakeUser } from '../testing/fake-firebase';
import { conflictOf, deleteEntry, dependentCount, recountAll, saveEntry } from './admin-writes';
import { HttpError } from './http-client';
import { networkMode, watchApiRequest } from './network-status';

const conflict = (details: unknown): Reply => ({
  status: 409,
  body: { error: { code: 'conflict', message: 'Refused', details } },
});

/** A save and a delete of a rack, each expected refused: the codes they were refused with. */
async function refusedCodes(): Promise<string[]> {
  const codes: string[] = [];
  for (const write of [() => saveEntry('racks', 'R1', { name: 'Rack 1' }), () => deleteEntry('racks', 'R1')]) {
    const refused = await write().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    codes.push((refused as HttpError).code);
  }
  return codes;
}

describe('admin writes through the API', () => {
  it('when a row is saved, then PUT /api/admin/{list}/{id} carries only { fields }, the id URL-encoded', async () => {
    setFakeUser(null);
    const api = installFakeApi({ 'PUT /admin/racks/R%5B1%5D%20A': { status: 200, body: { id: 'R[1] A' } } });
    await saveEntry('racks', 'R[1] A', { name: 'Rack 1', warehouseId: 'W1' });
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]).toMatchObject({
      method: 'PUT',
      path: '/admin/racks/R%5B1%5D%20A',
      body: { fields: { name: 'Rack 1', warehouseId: 'W1' } },
    });
  });

  it('when a row is deleted, then DELETE /api/admin/{list}/{id} answers 204 and resolves', async () => {
    setFakeUser(null);
    const api = installFakeApi({ 'DELETE /admin/cmts/CMTS-1': noContent });
    await expect(deleteEntry('cmts', 'CMTS-1')).resolves.toBeUndefined();
    expect(api.called('DELETE', '/admin/cmts/CMTS-1')).toHaveLength(1);
  });

  it('when the API refuses a delete as in use, then the HttpError carries the parsed details', async () => {
    setFakeUser(null);
    installFakeApi({
      'DELETE /admin/headEnd/H1': conflict({
        reason: 'inUse',
        dependents: [
          { list: 'cmts', count: 3 },
          { list: 'rules', count: 1 },
        ],
      }),
    });
    const error = await deleteEntry('headEnd', 'H1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(409);
    const details = conflictOf(error)!;
    expect(details.reason).toBe('inUse');
    expect(dependentCount(details)).toBe(4);
    expect(dependentCount(details, 'cmts')).toBe(3);
  });

  it('when the details are malformed, then they are left out and the error keeps its message', async () => {
    setFakeUser(null);
    installFakeApi({ 'PUT /admin/cmts/C1': conflict({ reason: 'somethingNew', dependents: 'many' }) });
    const error = (await saveEntry('cmts', 'C1', {}).catch((caught: unknown) => caught)) as HttpError;
    expect(error.code).toBe('conflict');
    expect(error.details).toBeUndefined();
    expect(error.message).toBe('Refused');
    expect(conflictOf(error)).toBeNull();
  });

  it('when another error answers, then no conflict is read from it', async () => {
    setFakeUser(null);
    installFakeApi({ 'PUT /admin/cmts/C1': fail(403, 'forbidden') });
    const error = await saveEntry('cmts', 'C1', {}).catch((caught: unknown) => caught);
    expect((error as HttpError).code).toBe('forbidden');
    expect(conflictOf(error)).toBeNull();
  });

  it('when a recount answers, then its result is checked against the schema', async () => {
    setFakeUser(null);
    const result = { checked: 3, repaired: [], orphans: [] };
    installFakeApi({ 'POST /admin/recount': { status: 200, body: result } });
    await expect(recountAll()).resolves.toEqual(result);
  });

  it('when the device is offline, then a save and a delete are refused before anything is sent (nothing queued)', async () => {
    setFakeUser(null);
    const api = installFakeApi({
      'PUT /admin/racks/R1': { status: 200, body: { id: 'R1' } },
      'DELETE /admin/racks/R1': noContent,
    });
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      expect(await refusedCodes()).toEqual(['offline', 'offline']);
      expect(api.calls).toHaveLength(0);
    } finally {
      offline.mockRestore();
    }
    // Back online: nothing that was refused is sent by itself; the next write sent is the user's own.
    window.dispatchEvent(new Event('online'));
    await saveEntry('racks', 'R1', { name: 'Rack 1 again' });
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['PUT /admin/racks/R1']);
    expect(JSON.stringify(api.calls[0]!.body)).toContain('Rack 1 again');
  });

  it('when the network is not answering while the browser says it is online, then a save and a delete are refused before anything is sent, as not answering', async () => {
    setFakeUser(null);
    const api = installFakeApi({
      'PUT /admin/racks/R1': { status: 200, body: { id: 'R1' } },
      'DELETE /admin/racks/R1': noContent,
      // The light request gets no answer: the network stays not answering for the test.
      'GET /health': 'pending',
    });
    await watchApiRequest(Promise.reject(new TypeError('Failed to fetch')), { firstByteBound: false }).catch(
      () => undefined,
    );
    expect(networkMode()).toBe('not-answering');
    try {
      expect(await refusedCodes()).toEqual(['not_answering', 'not_answering']);
      expect(api.calls).toHaveLength(0);
    } finally {
      await watchApiRequest(Promise.resolve(new Response(null)), { firstByteBound: false });
    }
  });
});
