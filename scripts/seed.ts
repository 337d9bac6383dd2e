/**
 * Seeds the running emulators with demo users (one per role, signed in through the Google popup of the
 * auth emulator) and demo data. Safe to run again: users and documents are overwritten.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { NETWORK_COLLECTIONS } from '@insight/common/network';
import { THRESHOLD_COLLECTIONS } from '@insight/common/threshold';
import { seedThresholdSet } from '@insight/common/threshold-seed';
import { PROJECT_ID, PORTS } from './lib/emulator-env';
import { DEMO_USERS } from './lib/demo-users';
import { networkSeed } from './lib/network-seed';
import { stagingSeed } from './lib/staging-seed';
import { STAGING_LISTS } from '@insight/common/staging-lists';

const SEED_AUTHOR = 'system:seed';

/**
 * Head ends, marketing areas and CMTS rows. The dependency counts are left to the functions' trigger
 * (a head end written here never has its count overwritten: merge without the count field).
 */
async function seedNetworkLists(db: Firestore): Promise<number> {
  const { headEnds, marketAreas, cmts } = networkSeed();
  const stamp = { updatedBy: SEED_AUTHOR, updatedAt: FieldValue.serverTimestamp() };
  const writer = db.bulkWriter();
  for (const [collection, entries] of [
    [NETWORK_COLLECTIONS.headEnd, headEnds],
    [NETWORK_COLLECTIONS.marketArea, marketAreas],
  ] as const)
    for (const { id, name } of entries) {
      const ref = db.collection(collection).doc(id);
      void writer.set(ref, { name, createdOn: FieldValue.serverTimestamp(), ...stamp }, { merge: true });
    }
  await writer.flush();
  for (const row of cmts)
    void writer.set(db.collection(NETWORK_COLLECTIONS.cmts).doc(row.cmtsId), {
      ...row,
      createdOn: FieldValue.serverTimestamp(),
      lastUpdate: FieldValue.serverTimestamp(),
      updatedBy: SEED_AUTHOR,
    });
  await writer.close();
  return headEnds.length + marketAreas.length + cmts.length;
}

/** The threshold manager's lists: today's default ranges as rules, so a fresh start grades as before. */
async function seedThresholds(db: Firestore): Promise<number> {
  const set = seedThresholdSet();
  const writer = db.bulkWriter();
  let count = 0;
  for (const kind of ['definitions', 'variants', 'rules'] as const)
    for (const record of set[kind]) {
      void writer.set(db.collection(THRESHOLD_COLLECTIONS[kind]).doc(record.tdId), {
        ...record,
        insertDate: FieldValue.serverTimestamp(),
        updateDate: FieldValue.serverTimestamp(),
        updatedBy: SEED_AUTHOR,
      });
      count += 1;
    }
  await writer.close();
  return count;
}

/** Each province's OLT interface: the ports the ONU staging page joins to its devices. */
async function seedOltInterfaces(db: Firestore): Promise<number> {
  for (const [province, code] of [
    ['ON', '01'],
    ['QC', '02'],
  ] as const)
    await db.doc(`oltInterface/${province}`).set({
      name: `${province}-STAGE-OLT`,
      ports: Array.from({ length: 16 }, (_, i) => ({
        portNumber: i + 1,
        macAddress: `0D${code}00${(i + 1).toString(16).toUpperCase().padStart(2, '0')}0000`,
      })),
      updatedBy: SEED_AUTHOR,
      updatedAt: FieldValue.serverTimestamp(),
    });
  return 2;
}

/**
 * The generic staging lists, parents before children: the trigger counts each child into its parent's
 * childCount, so the parent must exist first and the count is never written here.
 */
async function seedStagingLists(db: Firestore): Promise<number> {
  const { warehouses, racks, hosts, connected, firmwares } = stagingSeed();
  const stamp = { updatedBy: SEED_AUTHOR, updatedAt: FieldValue.serverTimestamp() };
  let count = 0;
  for (const [list, entries] of [
    ['firmwares', firmwares],
    ['warehouses', warehouses],
    ['racks', racks],
    ['hosts', hosts],
    ['connected', connected],
  ] as const) {
    const writer = db.bulkWriter();
    for (const { id, ...fields } of entries)
      void writer.set(db.collection(STAGING_LISTS[list]).doc(id), { ...fields, ...stamp }, { merge: true });
    await writer.close();
    count += entries.length;
  }
  return count;
}

export async function seed(): Promise<{ users: number; documents: number }> {
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `127.0.0.1:${PORTS.auth}`;
  process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${PORTS.firestore}`;
  const app = initializeApp({ projectId: PROJECT_ID }, `seed-${Date.now()}`);
  try {
    const auth = getAuth(app);
    const result = await auth.importUsers(
      DEMO_USERS.map((user) => ({
        uid: user.uid,
        email: user.email,
        emailVerified: true,
        displayName: user.displayName,
        customClaims: { roles: user.roles },
        providerData: [
          {
            uid: `google-${user.uid}`,
            email: user.email,
            displayName: user.displayName,
            providerId: 'google.com',
          },
        ],
      })),
    );
    if (result.failureCount > 0)
      throw new Error(`importUsers failed: ${result.errors.map((e) => e.error.message).join('; ')}`);

    const db = getFirestore(app);
    const documents =
      (await seedNetworkLists(db)) +
      (await seedThresholds(db)) +
      (await seedOltInterfaces(db)) +
      (await seedStagingLists(db));
    return { users: DEMO_USERS.length, documents };
  } finally {
    await deleteApp(app);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const counts = await seed();
  console.log(`[seed] ${counts.users} users, ${counts.documents} documents`);
}
