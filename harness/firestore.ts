import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { FieldValue, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { NETWORK_COLLECTIONS, type CmtsFields } from '@insight/common/network';
import { THRESHOLD_COLLECTIONS, type ThresholdKind } from '@insight/common/threshold';
import { seedThresholdSet } from '@insight/common/threshold-seed';
import { writeCounted } from './counted-seed';

/** The emulators' project. */
export const PROJECT_ID = 'demo-insight';

let app: App | undefined;

/** The Admin SDK's app on the emulators (Firestore and Auth), one per process until `closeAdminDb`. */
export function adminApp(): App {
  process.env.FIRESTORE_EMULATOR_HOST ??= '127.0.0.1:8080';
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099';
  app ??= initializeApp({ projectId: PROJECT_ID }, `harness-admin-${process.pid}`);
  return app;
}

/** The Admin SDK against the Firestore emulator (rules bypassed, as the functions and the seed write). */
export const adminDb = (): Firestore => getFirestore(adminApp());

export async function closeAdminDb(): Promise<void> {
  if (app) await deleteApp(app);
  app = undefined;
}

/** A short id unique to this run, to keep tests apart in a shared database. */
export const runId = () =>
  `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();

/** A head end or market area as the screen would save it (named after its id unless given a name). */
export async function putArea(
  kind: 'headEnd' | 'marketArea',
  id: string,
  name = `Area ${id.slice(-6)}`,
  updatedBy = 'e2e',
): Promise<void> {
  await adminDb().collection(NETWORK_COLLECTIONS[kind]).doc(id).set({
    name,
    createdOn: FieldValue.serverTimestamp(),
    updatedAt: FieldValue.serverTimestamp(),
    updatedBy,
  });
}

/** A CMTS row as the screen would save it (server dates, an author). */
export async function putCmts(row: CmtsFields, updatedBy = 'e2e'): Promise<void> {
  await adminDb()
    .collection(NETWORK_COLLECTIONS.cmts)
    .doc(row.cmtsId)
    .set({
      ...row,
      createdOn: FieldValue.serverTimestamp(),
      lastUpdate: FieldValue.serverTimestamp(),
      updatedBy,
    });
}

export function cmtsRow(cmtsId: string, headEnd: string, marketArea: string, n: number): CmtsFields {
  return {
    cmtsId,
    hostName: `${cmtsId.toLowerCase()}.e2e`,
    ipLookup: `10.250.${n}.1`,
    ipManage: `10.251.${n}.1`,
    headEnd,
    marketArea,
    group: null,
    versionId: null,
    configLastUpdated: null,
    overrideIpChecks: false,
  };
}

/** One threshold record as the screen would save it (server dates, an author). */
export async function putThreshold(
  kind: ThresholdKind,
  record: { tdId: string; [field: string]: unknown },
): Promise<void> {
  await adminDb()
    .collection(THRESHOLD_COLLECTIONS[kind])
    .doc(record.tdId)
    .set({
      ...record,
      insertDate: FieldValue.serverTimestamp(),
      updateDate: FieldValue.serverTimestamp(),
      updatedBy: 'e2e',
    });
}

/**
 * The threshold lists as `npm start` seeds them (today's default ranges as rules), counted as they are
 * written: definitions and variants with their rule counts, each rule's marker, then the rules.
 */
export async function putThresholdSeed(): Promise<void> {
  const set = seedThresholdSet();
  const stamp = {
    insertDate: FieldValue.serverTimestamp(),
    updateDate: FieldValue.serverTimestamp(),
    updatedBy: 'e2e',
  };
  await writeCounted(
    adminDb(),
    (['definitions', 'variants', 'rules'] as const).map((list) => ({
      list,
      rows: set[list].map((record) => ({ id: record.tdId, data: { ...record, ...stamp } })),
    })),
  );
}
