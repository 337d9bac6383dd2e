import type { RoleKey } from './roles';

/** A user of Insight as the roles API lists them. */
export interface DirectoryUser {
  uid: string;
  displayName: string | null;
  email: string | null;
  /** Whether the identity provider verified the e-mail (roles go to verified, allowed e-mails only). */
  emailVerified?: boolean;
  roles: RoleKey[];
  lastSignIn: string | null;
  disabled: boolean;
}
