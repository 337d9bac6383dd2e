/** Upstream contracts: WAN PON ONU services (docs/requirements.md, "WAN, LAN and voice" and "Upstream calls"). */
import { z } from 'zod';

export const networkTypeSchema = z.enum(['EPON', 'GPON']);
export type NetworkType = z.infer<typeof networkTypeSchema>;

export const onuDetailsSchema = z.object({
  mac: z.string(),
  serialNumber: z.string(),
  model: z.string(),
  vendor: z.string(),
  networkType: networkTypeSchema,
  /** e.g. 'ON-OTT-01': the first two characters are the business unit used by the birth-certificate service. */
  networkGroup: z.string(),
  hostIpMta: z.string().nullable(),
  cpeMacs: z.array(z.object({ mac: z.string(), ip: z.string(), type: z.string() })),
  productSpeeds: z.object({ downloadMbps: z.number(), uploadMbps: z.number(), productName: z.string() }),
});

const trafficPointSchema = z.object({ ts: z.string(), rxMbps: z.number(), txMbps: z.number() });

export const onuStateSchema = z.object({
  fsan: z.string(),
  ip_address: z.string(),
  olt: z.string(),
  port: z.string(),
  olt_id: z.string(),
  us_if: z.string(),
  ds_if: z.string(),
  rx_pwr: z.number(),
  tx_pwr: z.number(),
  cpe: z.number(),
  max_cpe: z.number(),
  speed_mode: z.string(),
  upload_speed: z.number(),
  download_speed: z.number(),
  date_update: z.string(),
  /** 1 up, 2 down, 3 testing. */
  adminStatus: z.number().int().min(1).max(3),
  /** 1 up … 7 lowerLayerDown. */
  operStatus: z.number().int().min(1).max(7),
  oltRxPower: z.number(),
  fiberTraffic: z.array(trafficPointSchema),
  ethernetTraffic: z.array(trafficPointSchema),
  powerHistory: z.array(z.object({ ts: z.string(), rx_pwr: z.number(), tx_pwr: z.number() })),
});

export const onuFirmwareSchema = z.object({
  model: z.string(),
  revision: z.string(),
  current: z.string(),
  latest: z.string(),
  approved: z.array(z.string()),
  /** 0 correct firmware, 1 wrong firmware, -1 no approved version. */
  score: z.union([z.literal(0), z.literal(1), z.literal(-1)]),
});

export const onuRegistrationSchema = z.object({
  registered: z.boolean(),
  registeredAt: z.string().nullable(),
  olt: z.string(),
  ponPort: z.string(),
  onuId: z.number(),
  status: z.string(),
});

export const provisioningStatusSchema = z.object({
  status: z.enum(['provisioned', 'pending', 'failed']),
  message: z.string(),
  steps: z.array(z.object({ name: z.string(), status: z.enum(['pass', 'fail', 'warn', 'n/a']) })),
});

export const onuActionRequestSchema = z.object({ action: z.literal('reset') });
export const onuActionResponseSchema = z.object({
  accepted: z.boolean(),
  action: z.literal('reset'),
  requestId: z.string(),
});

export type OnuDetails = z.infer<typeof onuDetailsSchema>;
export type OnuState = z.infer<typeof onuStateSchema>;
export type OnuFirmware = z.infer<typeof onuFirmwareSchema>;
export type OnuRegistration = z.infer<typeof onuRegistrationSchema>;
export type ProvisioningStatus = z.infer<typeof provisioningStatusSchema>;

/**
 * The ONUs of one PON port, as OLT management systems list them (docs/simulated-network.md, "The port
 * listing"): each ONU's MAC, id on the port, status, why it last went down, and optical levels (null while
 * the OLT cannot hear it).
 */
export const ponPortOnuSchema = z.object({
  mac: z.string().regex(/^[0-9A-F]{12}$/),
  serialNumber: z.string(),
  onuId: z.number().int().min(1).max(256),
  status: z.enum(['online', 'offline']),
  /** dyingGasp: the ONU said it was losing power; los: the OLT lost its light; adminDown: suspended. */
  lastDownCause: z.enum(['dyingGasp', 'los', 'adminDown']).nullable(),
  rxPower: z.number().nullable(),
  txPower: z.number().nullable(),
  oltRxPower: z.number().nullable(),
});
export const ponPortListingSchema = z.object({
  olt: z.string(),
  /** shelf/slot/port */
  port: z.string(),
  technology: networkTypeSchema,
  /** The port's split ratio (32: a 1:32 splitter). */
  split: z.number().int().min(1),
  /** The port's (and its card's) operational status. */
  status: z.enum(['up', 'down']),
  onus: z.array(ponPortOnuSchema),
});

/** An OLT's name as the WAN service writes it (OLT-OTT-3); anything else never reaches an upstream URL. */
export const OLT_NAME = /^OLT-[A-Z]{3}-\d{1,3}$/;
/** A PON port as shelf/slot/port (1/2/7). */
export const PON_PORT = /^(\d{1,2})\/(\d{1,2})\/(\d{1,2})$/;

export type PonPortOnu = z.infer<typeof ponPortOnuSchema>;
export type PonPortListing = z.infer<typeof ponPortListingSchema>;
