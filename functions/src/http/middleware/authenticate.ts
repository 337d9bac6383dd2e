import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { can, rolesFromClaim, type Capability, type RoleKey } from '@insight/common/roles';
import { AppError } from '../../lib/app-error';

export interface AuthUser {
  uid: string;
  email: string | null;
  roles: RoleKey[];
}

/** Verifies a Firebase ID token (firebase-admin in production, a stub in tests). */
export type VerifyToken = (idToken: string) => Promise<{ uid: string; email?: string; roles?: unknown }>;

export function currentUser(res: Response): AuthUser {
  const user = res.locals.user as AuthUser | undefined;
  if (!user) throw new AppError('unauthenticated', 'Sign-in required');
  return user;
}

/** 401 without a valid bearer token. */
export function authenticate(verifyToken: VerifyToken): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const header = req.header('authorization') ?? '';
    const match = /^Bearer ([\w.-]+)$/.exec(header);
    if (!match) return next(new AppError('unauthenticated', 'A bearer token is required'));
    try {
      const decoded = await verifyToken(match[1]!);
      res.locals.user = {
        uid: decoded.uid,
        email: decoded.email ?? null,
        roles: rolesFromClaim(decoded.roles),
      } satisfies AuthUser;
      next();
    } catch {
      next(new AppError('unauthenticated', 'The token is invalid or expired'));
    }
  };
}

/** 403 without the capability of the role matrix. */
export function requireCapability(capability: Capability): RequestHandler {
  return (_req, res, next) => {
    const user = currentUser(res);
    next(
      can(user.roles, capability)
        ? undefined
        : new AppError('forbidden', `Your roles do not allow ${capability}`),
    );
  };
}
