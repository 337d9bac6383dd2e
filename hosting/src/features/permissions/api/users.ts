import useSWR from 'swr';
import type { RoleKey } from '@insight/common/roles';
import type { DirectoryUser } from '@insight/common/users';
import { apiFetch, type HttpError } from '../../../lib/http-client';

export type { DirectoryUser };

export const USERS_KEY = '/users';

/** Every user with their roles (engineering only). */
export function useUsers(enabled: boolean) {
  return useSWR<{ users: DirectoryUser[] }, HttpError>(
    enabled ? USERS_KEY : null,
    (path: string) => apiFetch(path),
    { revalidateOnFocus: false },
  );
}

export const setUserRoles = (uid: string, roles: RoleKey[]) =>
  apiFetch<{ uid: string; roles: RoleKey[] }>(`/users/${encodeURIComponent(uid)}/roles`, {
    method: 'PUT',
    body: { roles },
  });
