/**
 * In-memory stand-ins for the Firebase SDK modules the web app uses (firebase/app, firebase/auth,
 * firebase/firestore), installed for every web test by setup.ts. A test says who is signed in
 * (`setFakeUser`) and what each Firestore path holds (`setFakeFirestore`); writes are recorded.
 */
import type { RoleKey } from '@insight/common/roles';

// ---- auth ---------------------------------------------------------------------------------------

export interface FakeUser {
  uid: string;
  displayName: string | null;
  email: string | null;
  getIdToken(forceRefresh?: boolean): Promise<string>;
  getIdTokenResult(): Promise<{ claims: { roles: RoleKey[] } }>;
}

type AuthListener = (user: FakeUser | null) => void;
const KEPT_SESSION_KEY = 'firebase:authUser:fake-api-key:[DEFAULT]';
const authListeners = new Set<AuthListener>();
/** The SDK's auth object: `currentUser` is what the HTTP client reads its token from. */
export const fakeAuth: { currentUser: FakeUser | null; settled: boolean; authStateReady(): Promise<void> } = {
  currentUser: null,
  settled: true,
  authStateReady: () => Promise.resolve(),
};

export function fakeUser(uid: string, roles: RoleKey[], displayName = `Test ${uid}`): FakeUser {
  return {
    uid,
    displayName,
    email: `${uid}@insight.test`,
    getIdToken: async () => `test-token-${uid}`,
    getIdTokenResult: async () => ({ claims: { roles } }),
  };
}

/** Signs a fake user in (or out, with null); `undefined` leaves the session being checked forever. */
export function setFakeUser(user: FakeUser | null | undefined): void {
  // As the SDK's local persistence does: the app loads Auth only when a session may be kept.
  if (user === null) localStorage.removeItem(KEPT_SESSION_KEY);
  else localStorage.setItem(KEPT_SESSION_KEY, '{}');
  fakeAuth.currentUser = user ?? null;
  fakeAuth.settled = user !== undefined;
  if (fakeAuth.settled) authListeners.forEach((listener) => listener(fakeAuth.currentUser));
}

export const authModule = {
  initializeAuth: () => fakeAuth,
  getAuth: () => fakeAuth,
  connectAuthEmulator: () => undefined,
  browserLocalPersistence: {},
  browserPopupRedirectResolver: {},
  GoogleAuthProvider: class {
    setCustomParameters() {}
    static credential() {
      return {};
    }
  },
  onIdTokenChanged(_auth: unknown, listener: AuthListener) {
    authListeners.add(listener);
    if (fakeAuth.settled) queueMicrotask(() => listener(fakeAuth.currentUser));
    return () => authListeners.delete(listener);
  },
  signInWithPopup: async () => ({ user: fakeAuth.currentUser }),
  signInWithCredential: async () => ({ user: fakeAuth.currentUser }),
  signOut: async () => setFakeUser(null),
};

// ---- firestore ----------------------------------------------------------------------------------

/** What a path holds: documents by id, 'loading' (never answers) or the database's refusal. */
export type FakePath = Record<string, Record<string, unknown>> | 'loading' | { error: string };

let paths: Record<string, FakePath> = {};
/** Every write, in order: what the screens would have sent to the database. */
export const fakeWrites: Array<{ kind: 'set' | 'delete'; path: string; data?: Record<string, unknown> }> = [];
let writeFailure: string | null = null;

export function setFakeFirestore(
  next: Record<string, FakePath>,
  options: { failWrites?: string } = {},
): void {
  paths = next;
  fakeWrites.length = 0;
  writeFailure = options.failWrites ?? null;
  listeners.clear();
}

/** The listeners open now: each answers again when a path changes (a live list). */
const listeners = new Set<() => void>();

/** Changes what one path holds, as another writer would: every open listener answers again. */
export function updateFakeFirestore(path: string, next: FakePath): void {
  paths = { ...paths, [path]: next };
  listeners.forEach((answer) => answer());
}

/** The rules' refusal of a single-document read, when its collection is `{ error }` (else null). */
export function fakeRestRefusal(path: string): string | null {
  const documents = paths[path.slice(0, path.lastIndexOf('/'))];
  return documents &&
    typeof documents === 'object' &&
    'error' in documents &&
    typeof documents.error === 'string'
    ? documents.error
    : null;
}

/** One document of the fake database as Firestore's REST API answers it (null: it does not exist). */
export function fakeRestDocument(path: string): { fields: Record<string, unknown> } | null {
  const [collectionPath, id] = [path.slice(0, path.lastIndexOf('/')), path.slice(path.lastIndexOf('/') + 1)];
  const documents = paths[collectionPath];
  const data =
    documents && typeof documents === 'object' && !('error' in documents) ? documents[id] : undefined;
  if (!data) return null;
  return restDocument(data);
}

/**
 * A REST query of the fake database (runQuery: the documents of a collection whose field equals a value),
 * as Firestore answers it; 'loading' never answers, `{ error }` is the rules' refusal.
 */
export function fakeRestQuery(
  collection: string,
  field: string,
  equals: unknown,
): Array<{ document: { name: string; fields: Record<string, unknown> } }> | 'loading' | { error: string } {
  const documents = paths[collection] ?? {};
  if (documents === 'loading') return 'loading';
  if ('error' in documents && typeof documents.error === 'string') return { error: documents.error };
  return Object.entries(documents as Record<string, Record<string, unknown>>)
    .filter(([, data]) => data[field] === equals)
    .map(([id, data]) => ({ document: { name: `${collection}/${id}`, ...restDocument(data) } }));
}

function restDocument(data: Record<string, unknown>): { fields: Record<string, unknown> } {
  const value = (item: unknown): unknown =>
    item === null
      ? { nullValue: null }
      : typeof item === 'string'
        ? { stringValue: item }
        : typeof item === 'boolean'
          ? { booleanValue: item }
          : typeof item === 'number'
            ? Number.isInteger(item)
              ? { integerValue: String(item) }
              : { doubleValue: item }
            : Array.isArray(item)
              ? { arrayValue: { values: item.map(value) } }
              : {
                  mapValue: {
                    fields: Object.fromEntries(Object.entries(item as object).map(([k, v]) => [k, value(v)])),
                  },
                };
  return { fields: Object.fromEntries(Object.entries(data).map(([name, item]) => [name, value(item)])) };
}

interface Constraint {
  type: 'where' | 'orderBy' | 'limit' | 'documentId';
  args: unknown[];
}
interface Converter {
  fromFirestore(snapshot: { id: string; data(): Record<string, unknown> }): unknown;
}
interface Ref {
  kind: 'collection' | 'doc';
  path: string;
  constraints: Constraint[];
  converter: Converter | null;
  withConverter(converter: Converter): Ref;
}

function ref(
  kind: Ref['kind'],
  path: string,
  constraints: Constraint[] = [],
  converter: Converter | null = null,
): Ref {
  return {
    kind,
    path,
    constraints,
    converter,
    withConverter: (next) => ref(kind, path, constraints, next),
  };
}

const segments = (parts: unknown[]) => parts.filter((part) => typeof part === 'string').join('/');

function documentSnapshot(
  id: string,
  data: Record<string, unknown> | undefined,
  converter: Converter | null,
) {
  return {
    id,
    exists: () => data !== undefined,
    get: (field: string) => data?.[field],
    data: () => (data && converter ? converter.fromFirestore({ id, data: () => data }) : data),
  };
}

function matches(data: Record<string, unknown>, constraints: Constraint[]): boolean {
  return constraints
    .filter((constraint) => constraint.type === 'where')
    .every(({ args: [field, op, value] }) => {
      const actual = data[field as string];
      if (op === '==') return actual === value;
      const [a, b] = [actual, value].map((item) => (item instanceof Timestamp ? item.toMillis() : item));
      if (op === '>=') return (a as number) >= (b as number);
      if (op === '<=') return (a as number) <= (b as number);
      return true;
    });
}

type Next = (snapshot: unknown) => void;
type Fail = (error: { message: string }) => void;

function listen(target: Ref, ...rest: unknown[]): () => void {
  const [next, fail] = rest.filter((item) => typeof item === 'function') as [Next, Fail | undefined];
  let stopped = false;
  const { kind, path } = target;
  const slash = path.lastIndexOf('/');
  const answer = () => {
    const source = kind === 'doc' ? paths[path.slice(0, slash)] : paths[path];
    if (stopped || source === 'loading') return;
    if (source && 'error' in source && typeof source.error === 'string')
      return fail?.({ message: source.error });
    const documents = (source ?? {}) as Record<string, Record<string, unknown>>;
    if (kind === 'doc') {
      const id = path.slice(slash + 1);
      return next(documentSnapshot(id, documents[id], target.converter));
    }
    const limit = target.constraints.find((constraint) => constraint.type === 'limit')?.args[0] as number;
    const docs = Object.entries(documents)
      .filter(([, data]) => matches(data, target.constraints))
      .slice(0, limit ?? Infinity)
      .map(([id, data]) => documentSnapshot(id, data, target.converter));
    next({ docs, size: docs.length, empty: docs.length === 0, metadata: { fromCache: false } });
  };
  listeners.add(answer);
  queueMicrotask(answer);
  return () => {
    stopped = true;
    listeners.delete(answer);
  };
}

async function write(kind: 'set' | 'delete', target: Ref, data?: Record<string, unknown>): Promise<void> {
  if (writeFailure) throw new Error(writeFailure);
  fakeWrites.push({ kind, path: target.path, data });
}

export class Timestamp {
  constructor(private readonly millis: number) {}
  static fromDate(date: Date) {
    return new Timestamp(date.getTime());
  }
  toDate() {
    return new Date(this.millis);
  }
  toMillis() {
    return this.millis;
  }
}

const constraint =
  (type: Constraint['type']) =>
  (...args: unknown[]): Constraint => ({ type, args });

export const firestoreModule = {
  initializeFirestore: () => ({}),
  getFirestore: () => ({}),
  connectFirestoreEmulator: () => undefined,
  persistentLocalCache: () => ({}),
  persistentMultipleTabManager: () => ({}),
  collection: (_db: unknown, ...parts: unknown[]) => ref('collection', segments(parts)),
  doc: (_db: unknown, ...parts: unknown[]) => ref('doc', segments(parts)),
  query: (target: Ref, ...constraints: Constraint[]) =>
    ref(target.kind, target.path, [...target.constraints, ...constraints], target.converter),
  where: constraint('where'),
  orderBy: constraint('orderBy'),
  limit: constraint('limit'),
  documentId: () => '__name__',
  onSnapshot: listen,
  Timestamp,
  serverTimestamp: () => ({ serverTimestamp: true }),
  setDoc: (target: Ref, data: Record<string, unknown>) => write('set', target, data),
  deleteDoc: (target: Ref) => write('delete', target),
  writeBatch: () => {
    const pending: Array<() => Promise<void>> = [];
    return {
      set: (target: Ref, data: Record<string, unknown>) =>
        void pending.push(() => write('set', target, data)),
      delete: (target: Ref) => void pending.push(() => write('delete', target)),
      commit: async () => {
        for (const run of pending) await run();
      },
    };
  },
  runTransaction: async (
    _db: unknown,
    update: (transaction: {
      get(target: Ref): Promise<unknown>;
      set(target: Ref, data: Record<string, unknown>): void;
    }) => Promise<void>,
  ) => {
    const sets: Array<[Ref, Record<string, unknown>]> = [];
    await update({
      get: async (target) => {
        const slash = target.path.lastIndexOf('/');
        const source = paths[target.path.slice(0, slash)];
        const documents = typeof source === 'object' && !('error' in source) ? source : {};
        return documentSnapshot(target.path.slice(slash + 1), documents[target.path.slice(slash + 1)], null);
      },
      set: (target, data) => void sets.push([target, data]),
    });
    for (const [target, data] of sets) await write('set', target, data);
  },
};

export const appModule = { initializeApp: () => ({}), getApp: () => ({}) };
