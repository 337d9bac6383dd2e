/** Upstream contract: LAN / Plume (designed by the project; docs/requirements.md, "Upstream calls"). */
import { z } from 'zod';

export const plumePodSchema = z.object({
  id: z.string(),
  nickname: z.string(),
  model: z.string(),
  firmware: z.string(),
  connectionState: z.enum(['connected', 'disconnected']),
  backhaul: z.enum(['wired', 'wireless']),
  connectedDevices: z.number().int(),
});

export const plumeClientSchema = z.object({
  mac: z.string(),
  ip: z.string(),
  hostname: z.string(),
  band: z.enum(['2.4GHz', '5GHz', '6GHz']),
  channel: z.number().int(),
  rssi: z.number(),
  connectionState: z.enum(['connected', 'disconnected']),
  health: z.enum(['excellent', 'good', 'fair', 'poor']),
  podId: z.string().nullable(),
});

export const lanCpeSchema = z.object({
  mac: z.string(),
  gateway: z.object({
    model: z.string(),
    firmware: z.string(),
    wanIp: z.string(),
    lanIp: z.string(),
    uptimeSeconds: z.number(),
    ethernetPorts: z.array(z.object({ port: z.number(), linkUp: z.boolean(), speedMbps: z.number() })),
  }),
  plume: z.object({
    locationId: z.string(),
    loginUrl: z.string(),
    frontlineUrl: z.string(),
    health: z.object({ score: z.number(), status: z.enum(['pass', 'warn', 'fail']) }),
    license: z.object({ type: z.string(), status: z.enum(['active', 'expired', 'none']) }),
  }),
  ssids: z.array(
    z.object({
      name: z.string(),
      band: z.enum(['2.4GHz', '5GHz', '6GHz', 'all']),
      enabled: z.boolean(),
      security: z.string(),
    }),
  ),
  pods: z.array(plumePodSchema),
  clients: z.array(plumeClientSchema),
});

export type PlumePod = z.infer<typeof plumePodSchema>;
export type PlumeClient = z.infer<typeof plumeClientSchema>;
export type LanCpe = z.infer<typeof lanCpeSchema>;
