/** Upstream contracts: the staging event streams (docs/requirements.md, "Upstream calls"). */
import { z } from 'zod';

export const managedSwitchSchema = z.object({
  name: z.string(),
  mac: z.string(),
  status: z.enum(['online', 'offline', 'provisioning']),
  firmware: z.string().optional(),
  ports: z.array(
    z.object({
      port: z.number(),
      deviceMac: z.string().nullable(),
      state: z.enum(['idle', 'staging', 'done', 'failed']),
    }),
  ),
});
/** The Plume stream's payload; `mangedSwitches` is spelled so by the upstream. */
export const plumeStreamPayloadSchema = z.object({
  province: z.enum(['ON', 'QC']),
  ts: z.string(),
  mangedSwitches: z.array(managedSwitchSchema),
});
export const switchStatusEventSchema = z.object({
  name: z.string(),
  status: z.enum(['online', 'offline', 'provisioning']),
  ts: z.string(),
});
export const PLUME_SWITCH_STATUS_EVENT = 'switchStatus';

export const onuStreamPayloadSchema = z.object({
  province: z.enum(['ON', 'QC']),
  ts: z.string(),
  onuDevices: z.array(
    z.object({
      portNumber: z.number(),
      macAddress: z.string(),
      state: z.enum(['discovered', 'ranging', 'provisioning', 'ready', 'failed']),
      rxPower: z.number(),
    }),
  ),
  oltDevices: z.array(
    z.object({ name: z.string(), portNumber: z.number(), macAddress: z.string(), onuCount: z.number() }),
  ),
});

export type ManagedSwitch = z.infer<typeof managedSwitchSchema>;
export type PlumeStreamPayload = z.infer<typeof plumeStreamPayloadSchema>;
export type OnuStreamPayload = z.infer<typeof onuStreamPayloadSchema>;
