/**
 * The trigger suites run under `emulators:exec` (auth, firestore, functions, hosting): they write with
 * the Admin SDK and wait, polling with a deadline, for what the deployed-like triggers do.
 */
import { getAuth } from 'firebase-admin/auth';
import { COUNT_FIELD, NETWORK_COLLECTIONS, type CmtsFields } from '@insight/common/network';
import type { AuditRecord } from '@insight/common/customer360';
import type { RoleKey } from '@insight/common/roles';
import { PORTAL } from '../../harness/browser';
import { eventually } from '../../harness/eventually';
import * as harness from '../../harness/firestore';

export { eventually, PORTAL };
export { PROJECT_ID } from '../../harness/firestore';

/** The Admin SDK against the Firestore emulator (rules bypassed). */
export const db = harness.adminDb;
export const closeAdmin = harness.closeAdminDb;

/** An id unique to this run, so that suites sharing the emulator's database stay apart. */
export const uniqueId = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

type AreaKind = 'headEnd' | 'marketArea';

/** The author of the rows these tests write unless they name one. */
const AUTHOR = 'triggers-test';

/** A head end or market area written by `updatedBy`. */
export const putArea = (kind: AreaKind, id: string, updatedBy = AUTHOR) =>
  harness.putArea(kind, id, undefined, updatedBy);
export const putCmts = (row: CmtsFields, updatedBy = AUTHOR) => harness.putCmts(row, updatedBy);

/** A CMTS row whose addresses may repeat another's (its IP checks overridden). */
export const cmtsRow = (cmtsId: string, headEnd: string, marketArea: string): CmtsFields => ({
  ...harness.cmtsRow(cmtsId, headEnd, marketArea, 0),
  hostName: `${cmtsId.toLowerCase()}.test`,
  overrideIpChecks: true,
});

/** The stored count (undefined: no count yet; null: no document). */
export async function countOf(kind: AreaKind, id: string): Promise<number | undefined | null> {
  const doc = await db().collection(NETWORK_COLLECTIONS[kind]).doc(id).get();
  return doc.exists ? (doc.get(COUNT_FIELD) as number | undefined) : null;
}

/** Waits until every listed count holds its expected value; answers how long that took. */
export async function countsSettle(
  expected: Array<{ kind: AreaKind; id: string; count: number }>,
  // Run after the e2e suite, the first trigger may wait behind its backlog of events in the emulator.
  deadlineMs = 90_000,
): Promise<number> {
  const started = Date.now();
  await eventually(
    async () => {
      const counts = await Promise.all(expected.map(({ kind, id }) => countOf(kind, id)));
      return counts.every((count, index) => count === expected[index]!.count);
    },
    { deadlineMs, what: `counts ${expected.map((e) => `${e.id}=${e.count}`).join(', ')}` },
  );
  return Date.now() - started;
}

/** A change-history record as the history trigger writes it. */
export interface HistoryRecord extends AuditRecord {
  id: string;
  parameters: {
    collection: string;
    docId: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  };
}

/** The change-history records of one document, oldest first. */
export async function historyOf(collection: string, docId: string): Promise<HistoryRecord[]> {
  const snapshot = await db()
    .collection('audit_log')
    .where('collection', '==', collection)
    .where('docId', '==', docId)
    .get();
  return snapshot.docs
    .sort((a, b) => millis(a.get('at')) - millis(b.get('at')))
    .map((doc) => ({ id: doc.id, ...doc.data() }) as HistoryRecord);
}

const millis = (value: unknown) =>
  value && typeof value === 'object' && 'toMillis' in value
    ? (value as { toMillis(): number }).toMillis()
    : 0;

/**
 * A signed-in user of the auth emulator with the given roles: its ID token, as the web app would send it
 * (a custom token from the Admin SDK, exchanged at the emulator's sign-in endpoint).
 */
export async function idTokenFor(roles: RoleKey[]): Promise<{ uid: string; token: string }> {
  const uid = uniqueId('trig').toLowerCase();
  const auth = getAuth(harness.adminApp());
  await auth.createUser({ uid, email: `${uid}@insight.test`, emailVerified: true });
  await auth.setCustomUserClaims(uid, { roles });
  const customToken = await auth.createCustomToken(uid);
  const res = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: customToken, returnSecureToken: true }),
    },
  );
  if (!res.ok) throw new Error(`emulator sign-in failed: ${res.status} ${await res.text()}`);
  return { uid, token: ((await res.json()) as { idToken: string }).idToken };
}

/** A call of the portal's API (through the hosting emulator) as `token`; answers the status and JSON body. */
/** A JSON answer, read field by field by the tests. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field by the tests
type Json = any;

export async function api(
  token: string,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${PORTAL}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/** A CMTS row's fields as the web app sends them (dates as ISO strings). */
export const cmtsFields = (row: CmtsFields) => ({ ...row, configLastUpdated: null });
