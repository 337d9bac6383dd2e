import { Router } from 'express';
import {
  SESSION_COOKIE,
  SESSION_COOKIE_MAX_AGE_MS,
  sessionCookieRequestSchema,
} from '@insight/common/session-cookie';
import { AppError } from '../../lib/app-error';
import { SESSION_COOKIE_OPTIONS } from '../session-cookie-options';
import type { VerifyToken } from '../middleware/authenticate';
import { requireSameOrigin } from '../middleware/same-origin';
import { parseWith } from '../middleware/validate';

/** Mints a session cookie from an ID token (firebase-admin's createSessionCookie; a stub in tests). */
export type CreateSessionCookie = (idToken: string, expiresInMs: number) => Promise<string>;

/**
 * The `__session` cookie (docs/features.md, "Security"): POST mints it from the signed-in user's ID token
 * (checked, revocation included), DELETE clears it at sign-out. Both only from the portal's own pages;
 * neither needs the bearer token (a sign-out clears the cookie even once the token has expired).
 */
export function sessionCookieRouter(deps: {
  verifyToken: VerifyToken;
  createSessionCookie: CreateSessionCookie;
}): Router {
  const router = Router();
  router.use('/session-cookie', requireSameOrigin, (_req, res, next) => {
    // Private: a shared cache never keeps (nor strips) the Set-Cookie.
    res.set('cache-control', 'private, no-store');
    next();
  });

  router.post('/session-cookie', async (req, res) => {
    const { idToken } = parseWith(sessionCookieRequestSchema, req.body);
    try {
      await deps.verifyToken(idToken, true);
    } catch {
      throw new AppError('unauthenticated', 'The token is invalid, expired or revoked');
    }
    let cookie: string;
    try {
      cookie = await deps.createSessionCookie(idToken, SESSION_COOKIE_MAX_AGE_MS);
    } catch (error) {
      throw new AppError('internal', 'The session cookie could not be created', { cause: error });
    }
    res.cookie(SESSION_COOKIE, cookie, { ...SESSION_COOKIE_OPTIONS, maxAge: SESSION_COOKIE_MAX_AGE_MS });
    res.status(204).end();
  });

  router.delete('/session-cookie', (_req, res) => {
    res.clearCookie(SESSION_COOKIE, SESSION_COOKIE_OPTIONS);
    res.status(204).end();
  });
  return router;
}
