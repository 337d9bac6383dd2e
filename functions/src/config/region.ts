/**
 * Where Insight runs: customer data stays in Canada. The Firestore database is created in
 * `FIRESTORE_LOCATION` (firebase.json `firestore.location`; a database's location can never change),
 * and the `api` function, every Firestore trigger and the Hosting rewrite to `api` run in `REGION`, the
 * Cloud Functions region of the same city (Montréal). `region.test.ts` holds firebase.json to these values.
 */
export const REGION = 'northamerica-northeast1';

/** The Firestore location: a regional location, the same place as the functions. */
export const FIRESTORE_LOCATION = 'northamerica-northeast1';
