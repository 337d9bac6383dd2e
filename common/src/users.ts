import type { RoleKey } from './roles';

/** A user of Insight as the roles API lists them. */
export interface DirectoryUser {
  uid: string;
  displayName: string | null;
  email: string | null;
  roles: RoleKey[];
  lastSignIn: string | null;
  disabled: boolean;
}
