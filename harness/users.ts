import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { BrowserContext, Cookie, Page } from 'playwright-core';
import type { RoleKey } from '@insight/common/roles';

const PROJECT_ID = 'demo-insight';

let adminApp: App | undefined;
function admin() {
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099';
  adminApp ??= initializeApp({ projectId: PROJECT_ID }, 'e2e-admin');
  return getAuth(adminApp);
}

export async function closeAdmin(): Promise<void> {
  if (adminApp) await deleteApp(adminApp);
  adminApp = undefined;
}

export interface TestUser {
  uid: string;
  googleSub: string;
  email: string;
  displayName: string;
}

/** Creates (or replaces) a Google-linked user with the given roles in the auth emulator. */
export async function createUser(name: string, roles: RoleKey[], email?: string): Promise<TestUser> {
  const suffix = `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const user: TestUser = {
    uid: `e2e-${suffix}`,
    googleSub: `google-e2e-${suffix}`,
    email: email ?? `${suffix}@insight.test`,
    displayName: `E2E ${name}`,
  };
  const result = await admin().importUsers([
    {
      uid: user.uid,
      email: user.email,
      emailVerified: true,
      displayName: user.displayName,
      customClaims: { roles },
      providerData: [
        { uid: user.googleSub, email: user.email, displayName: user.displayName, providerId: 'google.com' },
      ],
    },
  ]);
  if (result.failureCount) throw new Error(result.errors[0]!.error.message);
  return user;
}

/** Fast sign-in: a fake Google credential that only the auth emulator accepts, through the app's own SDK. */
export async function signInFast(page: Page, user: TestUser): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/');
  await page.waitForFunction(
    () => typeof (window as unknown as Record<string, unknown>).__insightEmulatorSignIn === 'function',
  );
  const uid = await page.evaluate(
    (claims) =>
      (window as unknown as { __insightEmulatorSignIn(c: string): Promise<string> }).__insightEmulatorSignIn(
        claims,
      ),
    JSON.stringify({ sub: user.googleSub, email: user.email, email_verified: true, name: user.displayName }),
  );
  if (uid !== user.uid) throw new Error(`signed in as ${uid}, expected ${user.uid}`);
  // The page mints the `__session` cookie after its session check: a protected page opened next goes
  // through the page-shell function, which answers 302 to the login page without it.
  await sessionCookie(page.context());
}

/** The context's `__session` cookie once the page has minted it (within `timeoutMs`). */
export async function sessionCookie(context: BrowserContext, timeoutMs = 15_000): Promise<Cookie> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const cookie = (await context.cookies()).find((entry) => entry.name === '__session');
    if (cookie) return cookie;
    if (Date.now() > deadline) throw new Error('the page minted no __session cookie');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Revokes every session of the user (as a role removal does): its session cookies stop verifying. */
export async function revokeSessions(uid: string): Promise<void> {
  await admin().revokeRefreshTokens(uid);
}

/** Disables (or enables again) the user's account. */
export async function setDisabled(uid: string, disabled: boolean): Promise<void> {
  await admin().updateUser(uid, { disabled });
}
