/**
 * The session at the edge (docs/features.md, "Security"): the `__session` cookie the API mints at sign-in
 * and the page-shell function checks before it serves a protected page.
 */
import { z } from 'zod';

/** The cookie's name (common/src/protected-pages.ts, which the page-shell function reads without zod). */
export { SESSION_COOKIE } from './protected-pages';

/**
 * The cookie's lifetime: the longest Firebase Auth allows (14 days). The sign-in persistence is local (kept
 * until sign-out), so the web app mints a new cookie at each page load of a signed-in user.
 */
export const SESSION_COOKIE_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/** POST /api/session-cookie: the ID token of the signed-in user (a JWT: three base64url parts). */
export const sessionCookieRequestSchema = z
  .object({
    idToken: z
      .string()
      .max(8192)
      .regex(/^[\w-]+\.[\w-]+\.[\w-]*$/, 'an ID token is required'),
  })
  .strict();
export type SessionCookieRequest = z.infer<typeof sessionCookieRequestSchema>;
