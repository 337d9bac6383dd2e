/**
 * Seeds the running emulators with demo users (one per role, signed in through the Google popup of the
 * auth emulator) and demo data. Safe to run again: users and documents are overwritten.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { PROJECT_ID, PORTS } from './lib/emulator-env';
import { DEMO_USERS } from './lib/demo-users';

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
    const batch = db.batch();
    const headEnds = [
      'OTT-01 Ottawa Merivale',
      'TOR-02 Toronto Kipling',
      'MTL-01 Montréal Saint-Laurent',
      'QUE-01 Québec Lebourgneuf',
    ];
    const areas = ['Ottawa Valley', 'Greater Toronto', 'Grand Montréal', 'Capitale-Nationale'];
    headEnds.forEach((name, index) =>
      batch.set(db.doc(`cmts_head_end/he-${index + 1}`), { name, createdOn: new Date() }),
    );
    areas.forEach((name, index) =>
      batch.set(db.doc(`cmts_marketing_area/ma-${index + 1}`), { name, createdOn: new Date() }),
    );
    await batch.commit();
    return { users: DEMO_USERS.length, documents: headEnds.length + areas.length };
  } finally {
    await deleteApp(app);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const counts = await seed();
  console.log(`[seed] ${counts.users} users, ${counts.documents} documents`);
}
