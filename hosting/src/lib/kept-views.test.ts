import 'fake-indexeddb/auto';
import { webcrypto } from 'node:crypto';
import { openDB } from 'idb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forgetUsersExcept,
  keepView,
  keptDevices,
  KEPT_VIEW_TTL_MS,
  KEPT_VIEWS_MAX,
  keptGeneration,
  readKeptView,
} from './kept-views';

const HOUR = 60 * 60 * 1000;
const T0 = Date.UTC(2026, 10, 26, 14, 2);
const macOf = (index: number) => `a4c1e8${index.toString(16).padStart(6, '0')}`;
const content = (index: number) => ({ customer: { name: `Customer ${index}` } });

/** Every record of the field-mode database, as IndexedDB holds it. */
async function storedRecords() {
  const db = await openDB('insight-field-mode');
  const [keys, views] = await Promise.all([db.getAll('keys'), db.getAll('views')]);
  db.close();
  return { keys, views };
}

beforeEach(async () => {
  // jsdom has no SubtleCrypto: Node's WebCrypto stands in (the same API the browser gives).
  vi.stubGlobal('crypto', webcrypto);
  await forgetUsersExcept(null);
});

describe('kept views', () => {
  it('when a view is kept, then it reads back with the time it was taken', async () => {
    await keepView('u1', macOf(1), content(1), T0);
    expect(await readKeptView('u1', macOf(1), T0 + HOUR)).toEqual({
      mac: macOf(1),
      takenAt: T0,
      content: content(1),
    });
  });

  it('when 12 hours have passed, then the view has expired and is deleted', async () => {
    await keepView('u1', macOf(1), content(1), T0);
    expect(await readKeptView('u1', macOf(1), T0 + KEPT_VIEW_TTL_MS - 1)).not.toBeNull();
    expect(await readKeptView('u1', macOf(1), T0 + KEPT_VIEW_TTL_MS)).toBeNull();
    expect((await storedRecords()).views).toHaveLength(0);
  });

  it('when a 21st device is kept, then the oldest is dropped and 20 remain', async () => {
    for (let index = 0; index <= KEPT_VIEWS_MAX; index += 1)
      await keepView('u1', macOf(index), content(index), T0 + index * 1000);
    const devices = await keptDevices('u1', T0 + HOUR);
    expect(devices).toHaveLength(KEPT_VIEWS_MAX);
    expect(devices[0]!.mac).toBe(macOf(KEPT_VIEWS_MAX));
    expect(devices.map((device) => device.mac)).not.toContain(macOf(0));
    expect((await storedRecords()).views).toHaveLength(KEPT_VIEWS_MAX);
  });

  it('when the same device is kept again, then it replaces its earlier view', async () => {
    await keepView('u1', macOf(1), content(1), T0);
    await keepView('u1', macOf(1), content(2), T0 + 1000);
    expect(await keptDevices('u1', T0 + 2000)).toEqual([{ mac: macOf(1), takenAt: T0 + 1000 }]);
    expect((await readKeptView('u1', macOf(1), T0 + 2000))?.content).toEqual(content(2));
  });

  it("when another user asks, then a user's views are not theirs to read", async () => {
    await keepView('u1', macOf(1), content(1), T0);
    expect(await readKeptView('u2', macOf(1), T0)).toBeNull();
    expect(await keptDevices('u2', T0)).toEqual([]);
  });

  it('stores the MAC and the customer only as ciphertext, under a key that cannot be exported', async () => {
    await keepView('u1', macOf(7), content(7), T0);
    const { keys, views } = await storedRecords();
    const bytes = new TextDecoder('latin1').decode(new Uint8Array(views[0].data as ArrayBuffer));
    expect(bytes).not.toContain(macOf(7));
    expect(bytes).not.toContain('Customer 7');
    expect(JSON.stringify(views[0])).not.toContain(macOf(7));
    expect(keys[0].key.extractable).toBe(false);
  });

  it('when the key is destroyed (sign-out), then nothing can be read, even a view left behind', async () => {
    await keepView('u1', macOf(1), content(1), T0);
    const db = await openDB('insight-field-mode');
    const [left] = await db.getAll('views');
    await forgetUsersExcept(null);
    // A view that a failed delete would have left: without its key it cannot be read.
    await db.put('views', left);
    db.close();
    expect(await storedRecords()).toMatchObject({ keys: [] });
    expect(await readKeptView('u1', macOf(1), T0)).toBeNull();
    expect((await storedRecords()).views).toHaveLength(0);
  });

  it("when another user signs in, then only that user's views are kept", async () => {
    await keepView('u1', macOf(1), content(1), T0);
    await keepView('u2', macOf(2), content(2), T0);
    await forgetUsersExcept('u2');
    expect(await keptDevices('u1', T0)).toEqual([]);
    expect(await keptDevices('u2', T0)).toEqual([{ mac: macOf(2), takenAt: T0 }]);
  });

  it('a new key after sign-out cannot read what the old key encrypted', async () => {
    await keepView('u1', macOf(1), content(1), T0);
    const db = await openDB('insight-field-mode');
    const [left] = await db.getAll('views');
    db.close();
    await forgetUsersExcept(null);
    await keepView('u1', macOf(2), content(2), T0);
    const again = await openDB('insight-field-mode');
    await again.put('views', left);
    again.close();
    expect(await readKeptView('u1', macOf(1), T0)).toBeNull();
    expect(await readKeptView('u1', macOf(2), T0)).not.toBeNull();
  });

  it('when a keep was decided before a sign-out, then it is not done after it; two keeps of one device keep one view', async () => {
    const decided = keptGeneration();
    await forgetUsersExcept(null);
    await keepView('u1', macOf(1), content(1), T0, decided);
    expect(await storedRecords()).toEqual({ keys: [], views: [] });
    await Promise.all([keepView('u1', macOf(2), content(2), T0), keepView('u1', macOf(2), content(3), T0 + 1)]);
    expect((await storedRecords()).views).toHaveLength(1);
  });
});
