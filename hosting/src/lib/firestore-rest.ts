/**
 * Reads through Firestore's REST API with the user's ID token (the rules decide as for the SDK), for the
 * signed-in pages that read a document or a short list without the Firestore SDK (150 KB gzipped, the lite
 * one 18 KB): the user's roles, the recent lookups, the open outages. A module of its own, so that the
 * signed-out landing carries none of it (its first load is measured: docs/performance.md).
 */
import { config } from '../config/env';
import { authHeaders, HttpError } from './http-client';

/** A value as Firestore's REST API writes it (the kinds the portal's client-read documents hold). */
type FirestoreValue =
  | { stringValue: string }
  | { integerValue: string }
  | { doubleValue: number }
  | { booleanValue: boolean }
  | { nullValue: null }
  | { timestampValue: string }
  | { arrayValue: { values?: FirestoreValue[] } }
  | { mapValue: { fields?: Record<string, FirestoreValue> } };

function fromFirestore(value: FirestoreValue): unknown {
  if ('arrayValue' in value) return (value.arrayValue.values ?? []).map(fromFirestore);
  if ('mapValue' in value) return fieldsOf(value.mapValue.fields);
  if ('integerValue' in value) return Number(value.integerValue);
  if ('nullValue' in value) return null;
  return Object.values(value)[0];
}
const fieldsOf = (fields: Record<string, FirestoreValue> = {}) =>
  Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, fromFirestore(value)]));

/**
 * One Firestore document read through Firestore's REST API with the user's ID token (the rules decide as
 * for the SDK), or null when it does not exist. For the single-document reads of every signed-in page
 * (the user's roles, the recent lookups): the Firestore SDK, 150 KB gzipped (the lite one 18 KB), loads
 * only with the screens that list and write.
 */
export async function readFirestoreDocument(path: string): Promise<Record<string, unknown> | null> {
  // batchGet answers a missing document with 200 and `missing` (a plain GET answers 404, which the
  // browser reports as a failed resource on every page of a user who has none yet).
  const body = await firestoreRest<Array<{ found?: { fields?: Record<string, FirestoreValue> }; missing?: string }>>(
    'batchGet',
    (database) => ({ documents: [`${database}/documents/${path}`] }),
  );
  const found = Array.isArray(body) ? body.find((entry) => entry.found)?.found : undefined;
  return found ? fieldsOf(found.fields) : null;
}

/**
 * The documents of a collection whose `field` equals `value`, through Firestore's REST API (runQuery) with
 * the user's ID token, each with its id: for a short list that a page polls rather than listens to (the
 * open outages of the 360 view and Home), without the Firestore SDK.
 */
export async function queryFirestore(
  collection: string,
  field: string,
  value: string,
): Promise<Array<Record<string, unknown> & { id: string }>> {
  const body = await firestoreRest<Array<{ document?: { name: string; fields?: Record<string, FirestoreValue> } }>>(
    'runQuery',
    () => ({
      structuredQuery: {
        from: [{ collectionId: collection }],
        where: { fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value: { stringValue: value } } },
      },
    }),
  );
  return (Array.isArray(body) ? body : []).flatMap(({ document }) =>
    document ? [{ ...fieldsOf(document.fields), id: document.name.slice(document.name.lastIndexOf('/') + 1) }] : [],
  );
}

/**
 * One call of Firestore's REST API on the database's documents (`documents:{method}`) with the user's ID
 * token: its JSON answer, or an HttpError as the API's client throws them.
 */
async function firestoreRest<T>(
  method: 'batchGet' | 'runQuery',
  body: (database: string) => unknown,
): Promise<T | null> {
  const base = config.emulators ? `http://${config.emulators.firestoreHost}` : 'https://firestore.googleapis.com';
  const database = `projects/${config.firebase.projectId}/databases/(default)`;
  let res: Response;
  try {
    // Firestore's own API, not the portal's: the one other caller of fetch besides the HTTP client.
    // eslint-disable-next-line no-restricted-globals
    res = await fetch(`${base}/v1/${database}/documents:${method}`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', ...(await authHeaders()) },
      body: JSON.stringify(body(database)),
    });
  } catch (error) {
    throw new HttpError(0, 'network', (error as Error).message);
  }
  const answer = (await res.json().catch(() => null)) as T | { error?: { message?: unknown } } | null;
  if (!res.ok) {
    const message =
      answer && !Array.isArray(answer) ? (answer as { error?: { message?: unknown } }).error?.message : undefined;
    throw new HttpError(
      res.status,
      res.status === 403 ? 'forbidden' : 'internal',
      typeof message === 'string' ? message : res.statusText,
    );
  }
  return answer as T | null;
}
