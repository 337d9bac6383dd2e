/**
 * The generic staging lists (docs/requirements.md, "Staging"): warehouses → racks → host devices (ordered by
 * rackOrder) → connected devices, and the approved firmwares. A warehouse counts its racks and a rack its
 * host devices in `childCount`, kept by the functions, so the rules can refuse a delete that would orphan
 * them (as with the CMTS lists).
 */
import { z } from 'zod';
import { isValidMac, normalizeMac } from './mac';
import { optionalTimestamp } from './network';
import { PROVINCES } from './staging';
import { encodeMessage, maxLength, notReserved, required, validatedText, type Validator } from './validators';

export const STAGING_LISTS = {
  warehouses: 'staging_warehouses',
  racks: 'staging_racks',
  hosts: 'staging_host_devices',
  connected: 'connected_devices',
  firmwares: 'staging_firmwares',
  events: 'staging_device_events',
} as const;
export type StagingList = Exclude<keyof typeof STAGING_LISTS, 'events'>;

/** Where a connected device is in its staging; the activity of the staging systems moves it along. */
export const DEVICE_STATES = ['waiting', 'provisioning', 'upgrading', 'staged', 'failed'] as const;
export type DeviceState = (typeof DEVICE_STATES)[number];

export const CHILD_COUNT_FIELD = 'childCount';

/** The lists whose rows hold others: the child list, the field that names the parent, the parent list. */
export const STAGING_PARENTS = [
  { child: STAGING_LISTS.racks, field: 'warehouseId', parent: STAGING_LISTS.warehouses },
  { child: STAGING_LISTS.hosts, field: 'rackId', parent: STAGING_LISTS.racks },
  { child: STAGING_LISTS.connected, field: 'hostDeviceId', parent: STAGING_LISTS.hosts },
] as const;

const text = validatedText;
const optional = (...validators: Validator[]) =>
  z.union([z.literal(''), z.null(), z.undefined(), text(...validators)]).transform((value) => value || null);
/** A whole number typed in a form or stored. */
const count = (max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d+$/, encodeMessage({ key: 'integer' })),
    ])
    .transform(Number)
    .pipe(
      z
        .number()
        .int(encodeMessage({ key: 'integer' }))
        .min(0)
        .max(max, encodeMessage({ key: 'integer' })),
    );

const name = text(required, maxLength(80));
const reference = text(required, notReserved, maxLength(80));

export const warehouseFieldsSchema = z
  .object({ name, province: z.enum(PROVINCES, { error: encodeMessage({ key: 'required' }) }) })
  .strict();
export const rackFieldsSchema = z.object({ name, warehouseId: reference }).strict();
export const hostFieldsSchema = z
  .object({
    name,
    rackId: reference,
    rackOrder: count(1000),
    model: optional(maxLength(60)),
    firmware: optional(maxLength(40)),
  })
  .strict();
export const connectedFieldsSchema = z
  .object({
    macAddress: z
      .string()
      .refine(isValidMac, encodeMessage({ key: 'mac' }))
      .transform((value) => normalizeMac(value)!),
    hostDeviceId: reference,
    portNumber: count(4096),
    state: z.enum(DEVICE_STATES, { error: encodeMessage({ key: 'required' }) }),
  })
  .strict();
export const firmwareFieldsSchema = z
  .object({
    model: text(required, maxLength(80)),
    version: text(required, maxLength(40)),
    approved: z.boolean(),
  })
  .strict();

const stamp = { updatedBy: z.string().nullable().default(null), updatedAt: optionalTimestamp };
// Any integer: a count out of range (a missed trigger) is flagged on the screens, never hides the row.
const childCount = { [CHILD_COUNT_FIELD]: z.number().int().default(0) };
export const warehouseDocumentSchema = z.object({
  name: z.string(),
  province: z.enum(PROVINCES).catch('ON'),
  ...childCount,
  ...stamp,
});
export const rackDocumentSchema = z.object({
  name: z.string(),
  warehouseId: z.string(),
  ...childCount,
  ...stamp,
});
export const hostDocumentSchema = z.object({
  name: z.string(),
  rackId: z.string(),
  rackOrder: z.number().int(),
  model: z.string().nullable().default(null),
  firmware: z.string().nullable().default(null),
  ...childCount,
  ...stamp,
});
export const connectedDocumentSchema = z.object({
  macAddress: z.string(),
  hostDeviceId: z.string(),
  portNumber: z.number().int().nullable().default(null),
  state: z.enum(DEVICE_STATES).catch('waiting'),
  ...stamp,
});
export const firmwareDocumentSchema = z.object({
  model: z.string(),
  version: z.string(),
  approved: z.boolean(),
  ...stamp,
});

/** `staging_device_events`: what the staging systems report of a device (written server side only). */
export const deviceEventSchema = z.object({
  macAddress: z.string(),
  hostDeviceId: z.string(),
  warehouseId: z.string(),
  state: z.enum(DEVICE_STATES).catch('waiting'),
  message: z.string().nullable().default(null),
  at: optionalTimestamp,
});

/** How a child write changes its parents' counts (+1 / −1 per parent id), as countChanges does for CMTS. */
export function childCountChanges(
  parent: string,
  field: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Array<{ collection: string; id: string; delta: 1 | -1 }> {
  const was = typeof before?.[field] === 'string' ? (before[field] as string) : null;
  const now = typeof after?.[field] === 'string' ? (after[field] as string) : null;
  if (was === now) return [];
  return [
    ...(was ? [{ collection: parent, id: was, delta: -1 as const }] : []),
    ...(now ? [{ collection: parent, id: now, delta: 1 as const }] : []),
  ];
}

/** A host device's firmware against the approved list: approved, not approved, or unknown (no entry). */
export function firmwareStatus(
  host: { model: string | null; firmware: string | null },
  firmwares: ReadonlyArray<{ model: string; version: string; approved: boolean }>,
): 'approved' | 'notApproved' | 'unknown' {
  if (!host.model || !host.firmware) return 'unknown';
  const entry = firmwares.find(
    (firmware) =>
      firmware.model.toLowerCase() === host.model!.toLowerCase() && firmware.version === host.firmware,
  );
  return entry ? (entry.approved ? 'approved' : 'notApproved') : 'unknown';
}
