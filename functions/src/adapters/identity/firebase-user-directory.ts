import type { Auth } from 'firebase-admin/auth';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { rolesFromClaim, type RoleKey } from '@insight/common/roles';
import type { DirectoryUser, UserDirectory } from '../../domain/users/user-directory';

export function firebaseUserDirectory(auth: () => Auth, db: () => Firestore): UserDirectory {
  const toUser = (record: Awaited<ReturnType<Auth['getUser']>>): DirectoryUser => ({
    uid: record.uid,
    displayName: record.displayName ?? null,
    email: record.email ?? null,
    emailVerified: record.emailVerified,
    roles: rolesFromClaim(record.customClaims?.roles),
    lastSignIn: record.metadata.lastSignInTime
      ? new Date(record.metadata.lastSignInTime).toISOString()
      : null,
    disabled: record.disabled,
  });
  return {
    async list() {
      const users: DirectoryUser[] = [];
      let pageToken: string | undefined;
      do {
        const page = await auth().listUsers(1000, pageToken);
        users.push(...page.users.map(toUser));
        pageToken = page.pageToken;
      } while (pageToken && users.length < 10_000);
      return users;
    },
    async get(uid) {
      try {
        return toUser(await auth().getUser(uid));
      } catch {
        return null;
      }
    },
    async setRoles(uid: string, roles: RoleKey[], by: string, options: { revokeSessions?: boolean } = {}) {
      const record = await auth().getUser(uid);
      await auth().setCustomUserClaims(uid, { ...(record.customClaims ?? {}), roles });
      // Before the mirror: the user's browser asks for a new token when the mirror changes, and that
      // refresh must already be refused. ID tokens minted before stay valid until they expire (≤ 1 h).
      if (options.revokeSessions) await auth().revokeRefreshTokens(uid);
      await db()
        .doc(`user_roles/${uid}`)
        .set({ roles, updatedBy: by, updatedAt: FieldValue.serverTimestamp() });
    },
  };
}
