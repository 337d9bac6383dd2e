import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { FieldValue, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { NETWORK_COLLECTIONS, type CmtsFields } from '@insight/common/network';
import { THRESHOLD_COLLECTIONS, type ThresholdKind } from '@insight/common/threshold';
import { seedThresholdSet } from '@insight/common/threshold-seed';
import { writeCounted } from './counted-seed';

let app: App | undefined;

/** The Admin SDK against the Firestore emulator (rules bypassed, as the functions and the seed write). */
export function adminDb(): Firestore {
  process.env.FIRESTORE_EMULATOR_HOST ??= '127.0.0.1:8080';
  app ??= initializeApp({ projectId: 'demo-insight' }, `e2e-firestore-${process.pid}`);
  return getFirestore(app);
}

export async function closeAdminDb(): Promise<void> {
  if (app) await deleteApp(app);
  app = undefined;
}

/** A short id unique to this run, to keep tests apart in a shared database. */
export const runId = () =>
  `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();

export async function putArea(kind: 'headEnd' | 'marketArea', id: string, name: string): Promise<void> {
  await adminDb().collection(NETWORK_COLLECTIONS[kind]).doc(id).set({
    name,
    createdOn: FieldValue.serverTimestamp(),
    updatedAt: FieldValue.serverTimestamp(),
    updatedBy: 'e2e',
  });
}

export async function putCmts(row: CmtsFields): Promise<void> {
  await adminDb()
    .collection(NETWORK_COLLECTIONS.cmts)
    .doc(row.cmtsId)
    .set({
      ...row,
      createdOn: FieldValue.serverTimestamp(),
      lastUpdate: FieldValue.serverTimestamp(),
      updatedBy: 'e2e',
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
