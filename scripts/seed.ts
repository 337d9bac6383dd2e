/**
 * Seeds the running emulators with demo users (one per role, signed in through the Google popup of the
 * auth emulator) and demo data. Safe to run again: users and documents are overwritten.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { seedThresholdSet } from '@insight/common/threshold-seed';
import { CRM_WEBHOOKS_COLLECTION, crmWebhookFieldsSchema } from '@insight/common/crm-webhooks';
import { DEMO_CRM_SECRET } from '../simulator/src/config';
import { CRM_PATH } from '../simulator/src/outages/crm';
import { PROJECT_ID, PORTS, URLS } from './lib/emulator-env';
import { DEMO_USERS } from './lib/demo-users';
import { ADMIN_LISTS } from '@insight/common/admin-lists';
import { writeCounted, type SeedList } from '../harness/counted-seed';
import { networkSeed } from './lib/network-seed';
import { stagingSeed } from './lib/staging-seed';
import { seedPlaybook } from './lib/playbook-seed';

const SEED_AUTHOR = 'system:seed';

/** Head ends, marketing areas and CMTS rows, counted as they are written. */
function networkLists(): SeedList[] {
  const { headEnds, marketAreas, cmts } = networkSeed();
  const stamp = { updatedBy: SEED_AUTHOR, updatedAt: FieldValue.serverTimestamp() };
  const area = ({ id, name }: { id: string; name: string }) => ({
    id,
    data: { name, createdOn: FieldValue.serverTimestamp(), ...stamp },
  });
  return [
    { list: 'headEnd', rows: headEnds.map(area) },
    { list: 'marketArea', rows: marketAreas.map(area) },
    {
      list: 'cmts',
      rows: cmts.map((row) => ({
        id: row.cmtsId,
        data: {
          ...row,
          createdOn: FieldValue.serverTimestamp(),
          lastUpdate: FieldValue.serverTimestamp(),
          updatedBy: SEED_AUTHOR,
        },
      })),
    },
  ];
}

/** The threshold manager's lists: today's default ranges as rules, so a fresh start grades as before. */
export function thresholdLists(): SeedList[] {
  const set = seedThresholdSet();
  return (['definitions', 'variants', 'rules'] as const).map((list) => ({
    list,
    rows: set[list].map((record) => {
      const { ruleCount: _count, ...fields } = record as typeof record & { ruleCount?: number };
      return {
        id: record.tdId,
        data: {
          ...fields,
          insertDate: FieldValue.serverTimestamp(),
          updateDate: FieldValue.serverTimestamp(),
          updatedBy: SEED_AUTHOR,
        },
      };
    }),
  }));
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
 * A CRM webhook to the simulator's stand-in CRM (docs/outages.md, "Notifications"), so the outages of a
 * local run are notified, signed, and seen in `GET /_sim/records?kind=crm`.
 */
async function seedCrmWebhook(db: Firestore): Promise<number> {
  const fields = crmWebhookFieldsSchema.parse({
    webhookId: 'demo-crm',
    name: 'Simulator CRM',
    url: `${URLS.simulator}${CRM_PATH}`,
    secret: DEMO_CRM_SECRET,
    enabled: true,
  });
  await db
    .collection(CRM_WEBHOOKS_COLLECTION)
    .doc(fields.webhookId)
    .set({ ...fields, updatedBy: SEED_AUTHOR, updatedAt: FieldValue.serverTimestamp() });
  return 1;
}

/** The generic staging lists, parents before children, counted as they are written. */
function stagingLists(): SeedList[] {
  const { warehouses, racks, hosts, connected, firmwares } = stagingSeed();
  const stamp = { updatedBy: SEED_AUTHOR, updatedAt: FieldValue.serverTimestamp() };
  const rows = (entries: ReadonlyArray<{ id: string } & Record<string, unknown>>) =>
    entries.map(({ id, ...fields }) => ({ id, data: { ...fields, ...stamp } }));
  return [
    { list: 'firmwares', rows: rows(firmwares) },
    { list: 'warehouses', rows: rows(warehouses) },
    { list: 'racks', rows: rows(racks) },
    { list: 'hosts', rows: rows(hosts) },
    { list: 'connected', rows: rows(connected) },
  ];
}

/** The rows whose change history the seed starts (each has a record once its trigger has run). */
const trackedRows = (lists: readonly SeedList[]) =>
  lists.filter(({ list }) => ADMIN_LISTS[list].tracked).reduce((sum, { rows }) => sum + rows.length, 0);

/**
 * Waits until the triggers have worked through the seed's events: every seeded row of a tracked list has
 * its history record (the counts are right from the start; this is the functions emulator's backlog).
 */
export async function seedSettled(
  db: Firestore,
  expected: number,
  deadlineMs = 180_000,
): Promise<{ settled: boolean; ms: number }> {
  const started = Date.now();
  for (;;) {
    const recorded = (await db.collection('audit_log').where('uid', '==', SEED_AUTHOR).count().get()).data()
      .count;
    if (recorded >= expected) return { settled: true, ms: Date.now() - started };
    if (Date.now() - started > deadlineMs) return { settled: false, ms: Date.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function seed(): Promise<{
  users: number;
  documents: number;
  settle: { settled: boolean; ms: number };
}> {
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
    const lists = [...networkLists(), ...thresholdLists(), ...stagingLists()];
    const documents =
      (await writeCounted(db, lists)) +
      (await seedOltInterfaces(db)) +
      (await seedPlaybook(db)) +
      (await seedCrmWebhook(db));
    const settle = await seedSettled(db, trackedRows(lists));
    return { users: DEMO_USERS.length, documents, settle };
  } finally {
    await deleteApp(app);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const counts = await seed();
  console.log(`[seed] ${counts.users} users, ${counts.documents} documents`);
}
