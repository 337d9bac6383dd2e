import { Router } from 'express';
import { z } from 'zod';
import { ROLE_KEYS } from '@insight/common/roles';
import type { AuditSink } from '../../domain/audit/audit-sink';
import { setUserRoles, startSession, type AccessPolicy } from '../../domain/users/user-admin';
import type { UserDirectory } from '../../domain/users/user-directory';
import { currentUser, requireCapability } from '../middleware/authenticate';
import { parseWith } from '../middleware/validate';

export const setRolesSchema = z.object({ roles: z.array(z.enum(ROLE_KEYS)).max(ROLE_KEYS.length) }).strict();
const uidParam = z.string().regex(/^[\w-]{1,128}$/);
const listQuery = z.object({ q: z.string().max(100).optional() });

export function usersRouter(deps: {
  directory: UserDirectory;
  audit: AuditSink;
  policy: AccessPolicy;
}): Router {
  const router = Router();

  /** After sign-in: admin e-mails get engineering; outside the allowed domains, access is refused. */
  router.post('/session', async (_req, res) => {
    const user = currentUser(res);
    res.json(
      await startSession(deps, { uid: user.uid, email: user.email, emailVerified: user.emailVerified }),
    );
  });

  router.get('/users', requireCapability('manageRoles'), async (req, res) => {
    const { q } = parseWith(listQuery, req.query);
    const needle = q?.toLowerCase().trim();
    const users = (await deps.directory.list())
      .filter(
        (user) =>
          !needle ||
          [user.displayName, user.email, user.uid].some((value) => value?.toLowerCase().includes(needle)),
      )
      .sort((a, b) => (b.lastSignIn ?? '').localeCompare(a.lastSignIn ?? ''));
    res.json({ users });
  });

  router.put('/users/:uid/roles', requireCapability('manageRoles'), async (req, res) => {
    const uid = parseWith(uidParam, req.params.uid);
    const { roles } = parseWith(setRolesSchema, req.body);
    const user = currentUser(res);
    res.json(await setUserRoles(deps, { uid: user.uid, email: user.email }, uid, roles));
  });
  return router;
}
