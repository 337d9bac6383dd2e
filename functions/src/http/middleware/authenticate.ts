import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { can, rolesFromClaim, type Capability, type RoleKey } from '@insight/common/roles';
import { AppError } from '../../lib/app-error';

export interface AuthUser {
  uid: string;
  email: string | null;
  /** Only a verified e-mail counts for the admin list and the allowed domains. */
  emailVerified: boolean;
  roles: RoleKey[];
  /** False outside the allowed e-mail domains: such a user has no capability at all. */
  allowed: boolean;
}

/**
 * Verifies a Firebase ID token (firebase-admin in production, a stub in tests). With `checkRevoked`, also
 * refuses a token of a session whose refresh tokens were revoked or a disabled account (one more call to
 * Firebase Auth: the operations ask for it, the reads do not).
 */
export type VerifyToken = (
  idToken: string,
  checkRevoked?: boolean,
) => Promise<{ uid: string; email?: string; email_verified?: boolean; roles?: unknown }>;

export function currentUser(res: Response): AuthUser {
  const user = res.locals.user as AuthUser | undefined;
  if (!user) throw new AppError('unauthenticated', 'Sign-in required');
  return user;
}

/**
 * The user's roles as they are now (not as the token says): a removed role stops working at once,
 * not when the ID token expires. Cached for a few seconds per user by the implementation.
 */
export type CurrentRoles = (uid: string) => Promise<RoleKey[]>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** 401 without a valid bearer token. */
export function authenticate(
  verifyToken: VerifyToken,
  isEmailAllowed: (email: string | null, emailVerified: boolean) => boolean = () => true,
  currentRoles?: CurrentRoles,
): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const header = req.header('authorization') ?? '';
    const match = /^Bearer ([\w.-]+)$/.exec(header);
    if (!match) return next(new AppError('unauthenticated', 'A bearer token is required'));
    let decoded: Awaited<ReturnType<VerifyToken>>;
    try {
      // Writes (the operations, role changes, admin writes) also check that the session was not revoked.
      decoded = await verifyToken(match[1]!, !SAFE_METHODS.has(req.method));
    } catch {
      return next(new AppError('unauthenticated', 'The token is invalid or expired'));
    }
    let roles: RoleKey[];
    try {
      roles = currentRoles ? await currentRoles(decoded.uid) : rolesFromClaim(decoded.roles);
    } catch (error) {
      // Fail closed: without the current roles, nothing is allowed.
      return next(new AppError('internal', 'The roles could not be checked', { cause: error }));
    }
    const email = decoded.email ?? null;
    const emailVerified = decoded.email_verified === true;
    res.locals.user = {
      uid: decoded.uid,
      email,
      emailVerified,
      roles,
      allowed: isEmailAllowed(email, emailVerified),
    } satisfies AuthUser;
    next();
  };
}

/** 403 without the capability of the role matrix. */
export function requireCapability(capability: Capability): RequestHandler {
  return (_req, res, next) => {
    const user = currentUser(res);
    next(
      user.allowed && can(user.roles, capability)
        ? undefined
        : new AppError('forbidden', `Your roles do not allow ${capability}`),
    );
  };
}
