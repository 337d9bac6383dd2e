import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, GoogleAuthProvider, signInWithCredential } from 'firebase/auth';
import type { TestUser } from './users';
import { PORTAL } from './browser';

export const SIMULATOR = process.env.SIMULATOR_URL ?? 'http://127.0.0.1:9100';

/** Signs a test user in from Node (fake Google credential, auth emulator) and returns an ID token. */
export async function idTokenFor(user: TestUser): Promise<{ token: string; close(): Promise<void> }> {
  const app: FirebaseApp = initializeApp(
    { apiKey: 'demo-api-key', projectId: 'demo-insight', authDomain: 'demo-insight.firebaseapp.com' },
    `node-${user.uid}`,
  );
  const auth = getAuth(app);
  connectAuthEmulator(auth, 'http://127.0.0.1:9099', { disableWarnings: true });
  const credential = await signInWithCredential(
    auth,
    GoogleAuthProvider.credential(
      JSON.stringify({ sub: user.googleSub, email: user.email, email_verified: true }),
    ),
  );
  return { token: await credential.user.getIdToken(), close: () => deleteApp(app) };
}

export async function api(token: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`${PORTAL}/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown> & {
      data?: Record<string, unknown>;
      error?: { code: string };
    },
  };
}

/** A device of the simulator's catalogue: its MAC, its customer, and its OLT and PON port ("1/2/7"). */
export interface CatalogueDevice {
  mac: string;
  customerAccountNumber: string;
  networkType: string;
  olt: string;
  port: string;
}

export async function catalogue(kind: string, limit = 1): Promise<CatalogueDevice[]> {
  const res = await fetch(`${SIMULATOR}/_sim/catalogue?kind=${kind}&limit=${limit}`);
  return ((await res.json()) as { items: CatalogueDevice[] }).items;
}

export { eventually } from './eventually';

/**
 * Starts `workers` of the API's function instances before a page asks for several answers at once: on a
 * busy machine an instance of the functions emulator takes tens of seconds to start, longer than the
 * emulator waits for one, so the page's first concurrent calls would fail. Waits until each answers.
 */
export async function warmApi(workers = 4, deadlineMs = 180_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  const one = async () => {
    while (Date.now() < until) {
      const ok = await fetch(`${PORTAL}/api/health`)
        .then((res) => res.ok)
        .catch(() => false);
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`the API did not answer within ${deadlineMs} ms`);
  };
  await Promise.all(Array.from({ length: workers }, one));
}
