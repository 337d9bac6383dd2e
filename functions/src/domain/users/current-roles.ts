import type { RoleKey } from '@insight/common/roles';
import type { UserDirectory } from './user-directory';

/** How long an instance keeps a user's roles (docs/architecture.md, "Per instance of the `api` function"). */
export const ROLES_CACHE_MS = 5000;

/**
 * The current roles of a user from the directory, kept `ttlMs` per user: the API checks roles on every
 * call without a directory read each time, and a role removed elsewhere stops working within `ttlMs`.
 * A user the directory does not know has no role.
 */
export function cachedCurrentRoles(
  directory: UserDirectory,
  ttlMs = ROLES_CACHE_MS,
  now: () => number = Date.now,
) {
  const cache = new Map<string, { roles: RoleKey[]; until: number }>();
  const lookup = async (uid: string): Promise<RoleKey[]> => {
    const hit = cache.get(uid);
    if (hit && hit.until > now()) return hit.roles;
    const roles = (await directory.get(uid))?.roles ?? [];
    cache.set(uid, { roles, until: now() + ttlMs });
    if (cache.size > 10_000) cache.delete(cache.keys().next().value!);
    return roles;
  };
  /** After a change made by this instance: the next call reads the directory again. */
  const forget = (uid: string) => void cache.delete(uid);
  return Object.assign(lookup, { forget });
}
