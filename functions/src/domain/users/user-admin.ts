/**
 * Roles: the admin e-mails that receive engineering at sign-in, the optional allowed e-mail domains,
 * and role changes by engineering users, each written to the audit log.
 */
import { ROLE_KEYS, type RoleKey } from '@insight/common/roles';
import { AppError } from '../../lib/app-error';
import type { AuditSink } from '../audit/audit-sink';
import type { UserDirectory } from './user-directory';

export interface AccessPolicy {
  adminEmails: string[];
  allowedEmailDomains: string[];
}

/**
 * Whether an e-mail may use Insight. With a domain list, only a verified e-mail in one of the domains
 * passes: an unverified address proves nothing about who holds it.
 */
export function emailAllowed(email: string | null, emailVerified: boolean, policy: AccessPolicy): boolean {
  if (policy.allowedEmailDomains.length === 0) return true;
  if (!emailVerified) return false;
  const domain = email?.split('@')[1]?.toLowerCase();
  return Boolean(domain && policy.allowedEmailDomains.map((d) => d.toLowerCase().trim()).includes(domain));
}

const sortRoles = (roles: readonly RoleKey[]) => ROLE_KEYS.filter((role) => roles.includes(role));

/** Called by the web app after sign-in: applies the admin e-mail list and says whether the user may use Insight. */
export async function startSession(
  deps: { directory: UserDirectory; audit: AuditSink; policy: AccessPolicy },
  user: { uid: string; email: string | null; emailVerified: boolean },
) {
  const allowed = emailAllowed(user.email, user.emailVerified, deps.policy);
  const record = await deps.directory.get(user.uid);
  let roles = record?.roles ?? [];
  // The admin list grants engineering only to a verified e-mail.
  const isAdmin = Boolean(
    user.emailVerified &&
    user.email &&
    deps.policy.adminEmails.map((e) => e.toLowerCase().trim()).includes(user.email.toLowerCase()),
  );
  let changed = false;
  if (allowed && isAdmin && !roles.includes('engineering')) {
    roles = sortRoles([...roles, 'engineering']);
    await deps.directory.setRoles(user.uid, roles, 'system:admin-emails');
    await deps.audit.write({
      uid: 'system:admin-emails',
      email: null,
      mac: null,
      customerAccountNumber: null,
      operation: 'setRoles',
      parameters: { target: user.uid, targetEmail: user.email, roles },
      outcome: 'sent',
      errorCode: null,
    });
    changed = true;
  }
  return { allowed, roles, changed };
}

export async function setUserRoles(
  deps: { directory: UserDirectory; audit: AuditSink; policy?: AccessPolicy },
  actor: { uid: string; email: string | null },
  targetUid: string,
  roles: RoleKey[],
) {
  const target = await deps.directory.get(targetUid);
  const base = {
    uid: actor.uid,
    email: actor.email,
    mac: null,
    customerAccountNumber: null,
    operation: 'setRoles' as const,
  };
  if (!target) throw new AppError('not_found', 'No such user');
  const next = sortRoles(roles);
  // The domain policy holds for grants too: an account outside it, or unverified, gets no role.
  if (
    next.length > 0 &&
    deps.policy &&
    !emailAllowed(target.email, target.emailVerified ?? false, deps.policy)
  ) {
    await deps.audit.write({
      ...base,
      parameters: { target: targetUid, targetEmail: target.email, before: target.roles, roles: next },
      outcome: 'failed',
      errorCode: 'forbidden',
    });
    throw new AppError(
      'forbidden',
      'Roles can only be granted to verified accounts of the allowed e-mail domains',
    );
  }
  const parameters = { target: targetUid, targetEmail: target.email, before: target.roles, roles: next };
  // A removed role also ends the user's sessions (refresh tokens revoked): they sign in again to get a
  // token. The API checks current roles on every call; Firestore trusts an ID token's claim until it
  // expires (≤ 1 h), and revoking is what stops that session from minting more.
  const removed = target.roles.some((role) => !next.includes(role));
  try {
    await deps.directory.setRoles(targetUid, next, actor.uid, { revokeSessions: removed });
  } catch (error) {
    await deps.audit.write({ ...base, parameters, outcome: 'failed', errorCode: 'internal' });
    throw error;
  }
  await deps.audit.write({ ...base, parameters, outcome: 'sent', errorCode: null });
  return { uid: targetUid, roles: next };
}
