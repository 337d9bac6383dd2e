import { ROLE_KEYS, type RoleKey } from '@insight/common/roles';

export interface DemoUser {
  uid: string;
  email: string;
  displayName: string;
  roles: RoleKey[];
}

/** One demo user per role, plus one without any role (sees the no-access page). */
export const DEMO_USERS: DemoUser[] = [
  ...ROLE_KEYS.map((role) => ({
    uid: `demo-${role}`,
    email: `${role}@insight.demo`,
    displayName: `Demo ${role}`,
    roles: [role],
  })),
  { uid: 'demo-noroles', email: 'noroles@insight.demo', displayName: 'Demo no roles', roles: [] },
];
