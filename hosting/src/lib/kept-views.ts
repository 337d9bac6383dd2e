/**
 * The 360 views kept on the device for field mode (docs/field-mode.md): the last KEPT_VIEWS_MAX complete
 * views of each signed-in user, for KEPT_VIEW_TTL_MS, in IndexedDB (through idb), each encrypted with
 * AES-GCM under a non-extractable WebCrypto key of that user. The key lives in the same database; signing
 * out deletes it, and with it every view it encrypted becomes unreadable, then is deleted too. Only the
 * user's id and the time a view was taken are stored in the clear (the owner, the expiry and the limit):
 * the MAC and the customer's data are inside the ciphertext.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export const KEPT_VIEWS_MAX = 20;
export const KEPT_VIEW_TTL_MS = 12 * 60 * 60 * 1000;

const DB_NAME = 'insight-field-mode';

interface StoredView {
  id: string;
  uid: string;
  takenAt: number;
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

interface FieldModeDb extends DBSchema {
  keys: { key: string; value: { uid: string; key: CryptoKey } };
  views: { key: string; value: StoredView; indexes: { byUid: string } };
}

export interface KeptView<T> {
  mac: string;
  takenAt: number;
  content: T;
}

/**
 * One operation at a time (a keep that finds the device's earlier view, a forget at sign-out): two keeps of
 * one device would otherwise both add a view, and a keep still running could outlive a sign-out's forget.
 */
let queue: Promise<unknown> = Promise.resolve();
function serial<T>(operation: () => Promise<T>): Promise<T> {
  const next = queue.then(operation, operation);
  queue = next.catch(() => undefined);
  return next;
}

/** Counts the forgets: a keep decided before one (a sign-out) is not done after it. */
let generation = 0;
export const keptGeneration = (): number => generation;

let opening: Promise<IDBPDatabase<FieldModeDb>> | null = null;
function database(): Promise<IDBPDatabase<FieldModeDb>> {
  opening ??= openDB<FieldModeDb>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('keys', { keyPath: 'uid' });
      db.createObjectStore('views', { keyPath: 'id' }).createIndex('byUid', 'uid');
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

/** The user's key; created (non-extractable: the page can use it, never read it) when `create`. */
async function userKey(uid: string, create: boolean): Promise<CryptoKey | null> {
  const db = await database();
  const stored = await db.get('keys', uid);
  if (stored || !create) return stored?.key ?? null;
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  await db.put('keys', { uid, key });
  return key;
}

async function decrypt<T>(key: CryptoKey, view: StoredView): Promise<KeptView<T> | null> {
  try {
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: view.iv }, key, view.data);
    const { mac, content } = JSON.parse(new TextDecoder().decode(plain)) as { mac: string; content: T };
    return { mac, content, takenAt: view.takenAt };
  } catch {
    return null;
  }
}

/**
 * The user's readable views, newest first; the expired ones and the ones no key can read any more are
 * deleted on the way.
 */
async function userViews<T>(uid: string, now: number): Promise<Array<KeptView<T> & { id: string }>> {
  const db = await database();
  const [key, stored] = await Promise.all([userKey(uid, false), db.getAllFromIndex('views', 'byUid', uid)]);
  const readable: Array<KeptView<T> & { id: string }> = [];
  for (const view of stored.sort((a, b) => b.takenAt - a.takenAt)) {
    const open = now - view.takenAt < KEPT_VIEW_TTL_MS && key ? await decrypt<T>(key, view) : null;
    if (open) readable.push({ ...open, id: view.id });
    else await db.delete('views', view.id);
  }
  return readable;
}

/**
 * Keeps a complete view of `mac` for `uid`, replacing the one kept before for the same device, and drops
 * the oldest beyond KEPT_VIEWS_MAX. Throws what IndexedDB throws (a full quota): callers ignore it.
 */
export function keepView<T>(
  uid: string,
  mac: string,
  content: T,
  now = Date.now(),
  decidedAt = generation,
): Promise<void> {
  return serial(async () => {
    if (decidedAt !== generation) return;
    await keep(uid, mac, content, now);
  });
}

async function keep<T>(uid: string, mac: string, content: T, now: number): Promise<void> {
  const key = (await userKey(uid, true))!;
  const views = await userViews<T>(uid, now);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    key,
    new TextEncoder().encode(JSON.stringify({ mac, content })),
  );
  const db = await database();
  const id = views.find((view) => view.mac === mac)?.id ?? crypto.randomUUID();
  await db.put('views', { id, uid, takenAt: now, iv, data });
  const others = views.filter((view) => view.id !== id);
  for (const view of others.slice(KEPT_VIEWS_MAX - 1)) await db.delete('views', view.id);
}

/** The view of `mac` kept for `uid`, if one is kept, readable and not expired. */
export async function readKeptView<T>(uid: string, mac: string, now = Date.now()): Promise<KeptView<T> | null> {
  const views = await serial(() => userViews<T>(uid, now));
  const view = views.find((candidate) => candidate.mac === mac);
  return view ? { mac: view.mac, takenAt: view.takenAt, content: view.content } : null;
}

/** The devices whose views are kept for `uid`, newest first. */
export async function keptDevices(uid: string, now = Date.now()): Promise<Array<{ mac: string; takenAt: number }>> {
  return (await serial(() => userViews(uid, now))).map(({ mac, takenAt }) => ({ mac, takenAt }));
}

/**
 * Deletes the keys and views of every user but `keep` (null: of everyone). Sign-out, a revoked session
 * and a role that may not open the 360 view call it; the key goes first, so that what a failure leaves
 * behind is unreadable.
 */
export function forgetUsersExcept(keep: string | null): Promise<void> {
  if (keep === null) generation += 1;
  return serial(async () => {
    const db = await database();
    for (const uid of await db.getAllKeys('keys')) if (uid !== keep) await db.delete('keys', uid);
    for (const view of await db.getAll('views')) if (view.uid !== keep) await db.delete('views', view.id);
  });
}
