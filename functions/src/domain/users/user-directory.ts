import type { RoleKey } from '@insight/common/roles';
import type { DirectoryUser } from '@insight/common/users';

export type { DirectoryUser };

/** Where users and their roles live: Firebase Auth (custom claims) and the per-user roles document. */
export interface UserDirectory {
  list(): Promise<DirectoryUser[]>;
  get(uid: string): Promise<DirectoryUser | null>;
  /**
   * Sets the `roles` claim and mirrors it to user_roles/{uid}, which the user's browser listens to. With
   * `revokeSessions`, the user's refresh tokens are revoked before the mirror changes, so that no session
   * mints another ID token (the browser's refresh on the mirror's change already fails).
   */
  setRoles(uid: string, roles: RoleKey[], by: string, options?: { revokeSessions?: boolean }): Promise<void>;
}

/** For tests. */
export class MemoryUserDirectory implements UserDirectory {
  readonly mirrored: Array<{ uid: string; roles: RoleKey[]; by: string }> = [];
  /** The users whose sessions were revoked, in order. */
  readonly revoked: string[] = [];
  constructor(private readonly users: DirectoryUser[]) {}
  async list() {
    return this.users;
  }
  async get(uid: string) {
    return this.users.find((user) => user.uid === uid) ?? null;
  }
  async setRoles(uid: string, roles: RoleKey[], by: string, options: { revokeSessions?: boolean } = {}) {
    const user = this.users.find((item) => item.uid === uid);
    if (user) user.roles = roles;
    if (options.revokeSessions) this.revoked.push(uid);
    this.mirrored.push({ uid, roles, by });
  }
}
