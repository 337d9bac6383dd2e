/**
 * Role keys and the capability matrix: the single source for the API's authorization middleware,
 * the web app's guards and menus, and (mirrored by hand, held by a test) firestore.rules.
 */
export const ROLE_KEYS = ['engineering', 'install', 'operation', 'support1', 'support2', 'support3'] as const;
export type RoleKey = (typeof ROLE_KEYS)[number];

/** Display and description equal the key (docs/requirements.md, "Roles and access"). */
export const ROLES: ReadonlyArray<{ key: RoleKey; display: RoleKey; description: RoleKey }> = ROLE_KEYS.map(
  (key) => ({ key, display: key, description: key }),
);

export const CAPABILITIES = [
  'view360',
  'sendBcSms',
  'voiceOps',
  'deviceReset',
  'regenerateBc',
  'staging',
  'adminRead',
  'adminWrite',
  'auditRead',
  'manageRoles',
  'portView',
  'outagesView',
  'outagesNote',
  'deviceTests',
  'wifiOptimise',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

const ALL: readonly RoleKey[] = ROLE_KEYS;

export const CAPABILITY_MATRIX: Readonly<Record<Capability, readonly RoleKey[]>> = {
  view360: ALL,
  sendBcSms: ALL,
  voiceOps: ['support1', 'support2', 'support3', 'engineering'],
  deviceReset: ['support2', 'support3', 'operation', 'engineering'],
  regenerateBc: ['support3', 'install', 'engineering'],
  staging: ['install', 'operation', 'engineering'],
  adminRead: ['support3', 'operation', 'engineering'],
  adminWrite: ['engineering'],
  auditRead: ['support3', 'operation', 'engineering'],
  manageRoles: ['engineering'],
  /** The per-port page: who works on the network above the home (docs/diagnosis.md, "The port page"). */
  portView: ['support3', 'operation', 'engineering'],
  /** The outage board and the outages in the 360 view (docs/outages.md): those who take the calls and run the network. */
  outagesView: ['support1', 'support2', 'support3', 'operation', 'engineering'],
  /** The outage's note (ticket, estimated time back): operation staff keep it (docs/outages.md). */
  outagesNote: ['operation'],
  /**
   * Speed test, ping, traceroute and Wi-Fi scan from the device (docs/device-tests.md): every agent who takes
   * the customer's call, and install and operation; engineering keeps the targets.
   */
  deviceTests: ALL,
  /** The Wi-Fi optimisation changes the home's channels: those who may reset a device. */
  wifiOptimise: ['support2', 'support3', 'operation', 'engineering'],
};

export function isRoleKey(value: unknown): value is RoleKey {
  return typeof value === 'string' && (ROLE_KEYS as readonly string[]).includes(value);
}

/** Keeps only known role keys from an untrusted claim value. */
export function rolesFromClaim(claim: unknown): RoleKey[] {
  return Array.isArray(claim) ? claim.filter(isRoleKey) : [];
}

export function can(roles: readonly RoleKey[], capability: Capability): boolean {
  return roles.some((role) => CAPABILITY_MATRIX[capability].includes(role));
}

export function capabilitiesOf(roles: readonly RoleKey[]): Capability[] {
  return CAPABILITIES.filter((capability) => can(roles, capability));
}

/** A signed-in user with no role key sees the no-access page. */
export function hasAnyRole(roles: readonly RoleKey[]): boolean {
  return roles.length > 0;
}
