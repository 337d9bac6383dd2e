/**
 * The 360 API's answers and operation requests: one schema per shape, used by the functions (to build
 * and validate) and by the web app (forms and types).
 */
import { z } from 'zod';
import { REGENERATION_PUT_AFTER_MS, SECTIONS, type Section } from './constants';
import type { ErrorCode } from './errors';
import { optionalTimestamp } from './network';
import type { Grading } from './threshold-grading';
import type { BirthCertificate } from './upstream/birth-certificate';
import type { TelephonySubscriber } from './upstream/telephony';
import {
  OLT_NAME,
  type OnuDetails,
  type OnuFirmware,
  type OnuRegistration,
  type OnuState,
  type ProvisioningStatus,
} from './upstream/wan';

export { SECTIONS, type Section };

/** A section-level failure: the other sections still render. */
export interface SectionError {
  code: ErrorCode;
  message: string;
  /** The failing upstream path shape, e.g. /api/fe/wan/v1/pon/onu/{mac}/state. */
  path?: string;
}

export interface SectionResponse<T> {
  data: T;
  /** When the oldest upstream answer used was fetched (ISO). */
  fetchedAt: string;
  cached: boolean;
}

export interface ServiceTreeNode {
  id: string;
  name: string;
  children: ServiceTreeNode[];
}

export interface Customer {
  mac: string;
  name: { line1: string; line2: string | null };
  addresses: Array<{ address: string; lines: string[]; fiberNode: string | null; services: string[] }>;
  phone: string;
  customerAccountId: string;
  customerAccountType: string;
  customerAccountTypeName: string;
  customerAccount: string;
  billingAccount: string | null;
  billingAccountStatus: string | null;
  billingAccountCount: number;
  email: string | null;
  /** Every contact's 10-digit phone number (the SMS dialog says when another number is typed). */
  phones: string[];
  node: string | null;
  servicesTree: ServiceTreeNode[];
  /**
   * The Internet plan's speeds, as the product service states them on the product (the first product that
   * has them), or null: the speed test reads the plan from here (docs/device-tests.md).
   */
  plan?: { offerName: string; downloadMbps: number; uploadMbps: number } | null;
  lokiData: Array<{ mac: string; deviceType: string; lastSeen: string }> | { error: SectionError };
}

export type FirmwareScoreLabel = 'correct' | 'wrong' | 'noApproved';
export function firmwareScoreLabel(score: number): FirmwareScoreLabel {
  return score === 0 ? 'correct' : score === 1 ? 'wrong' : 'noApproved';
}

export interface WanSection {
  details: OnuDetails;
  state: OnuState;
  firmware: OnuFirmware & { scoreLabel: FirmwareScoreLabel };
  /** Only fetched when the customer lookup has no error; otherwise the reason. */
  registration: OnuRegistration | { error: SectionError } | null;
  provisioning: ProvisioningStatus | { error: SectionError } | null;
  /** The signal graded by the threshold manager's rules for the device's technology and model. */
  grades: WanGrades;
}

/**
 * The device's PON port and the ONUs on it (docs/diagnosis.md, "Neighbourhood"): each ONU's state and
 * receive power graded by the same rules as the device's own, and the counts the finding reads.
 */
export interface NeighbourhoodSection {
  olt: string;
  /** shelf/slot/port */
  port: string;
  technology: 'EPON' | 'GPON';
  split: number;
  status: 'up' | 'down';
  onus: NeighbourOnu[];
  counts: NeighbourhoodCounts;
}
export interface NeighbourOnu {
  mac: string;
  onuId: number;
  status: 'online' | 'offline';
  lastDownCause: 'dyingGasp' | 'los' | 'adminDown' | null;
  rxPower: Grading;
  /** This view's own device. */
  self: boolean;
}
/** Counts of the neighbours (the device itself left out). */
export interface NeighbourhoodCounts {
  /** ONUs on the port besides the device. */
  neighbours: number;
  /** Down without a dying gasp (a fibre fault, as NMS vendors count it; suspended ONUs left out). */
  down: number;
  /** Down after a dying gasp (power at their home). */
  dyingGasp: number;
  /** Online with a receive power that does not pass. */
  lowLight: number;
}

export interface WanGrades {
  rxPower: Grading;
  txPower: Grading;
  oltRxPower: Grading;
  /** The receive power's pass range for this device (the chart draws its lower bound). */
  rxPowerPass: { rangeMin: number | null; rangeMax: number | null } | null;
  /** The firmware score (0 correct, 1 wrong, -1 no approved version), by the `firmware` rules. */
  firmware: Grading;
}

/** The LAN's graded values: by the `rssi` and `wifiHealth` rules. */
export interface LanGrades {
  /** Each Wi-Fi client's RSSI, by client MAC. */
  clients: Record<string, Grading>;
  /** Each Wi-Fi client's health word (excellent, good, fair, poor), by client MAC. */
  health: Record<string, Grading>;
  /** The Plume network's health score (0 to 100). */
  plumeHealth: Grading;
}

/** A Wi-Fi extender (Plume pod). */
export interface WifiPod {
  id: string;
  nickname: string;
  model: string;
  firmware: string;
  connectionState: 'connected' | 'disconnected';
  backhaul: 'wired' | 'wireless';
  connectedDevices: number;
}

/** A device on the customer's Wi-Fi. */
export interface WifiClient {
  mac: string;
  ip: string;
  hostname: string;
  band: '2.4GHz' | '5GHz' | '6GHz';
  channel: number;
  rssi: number;
  connectionState: 'connected' | 'disconnected';
  health: 'excellent' | 'good' | 'fair' | 'poor';
  /** The pod it is connected through; null when through the gateway. */
  podId: string | null;
}

/**
 * The LAN / Wi-Fi of a device as the portal shows it: the project's own type, which the LAN client maps
 * the upstream answer into (its shape is the project's design, docs/requirements.md, "Upstream calls"; it may change without the screens).
 */
export interface Lan {
  gateway: {
    model: string;
    firmware: string;
    wanIp: string;
    lanIp: string;
    uptimeSeconds: number;
    ethernetPorts: Array<{ port: number; linkUp: boolean; speedMbps: number }>;
  };
  plume: {
    locationId: string;
    loginUrl: string;
    frontlineUrl: string;
    health: { score: number; status: 'pass' | 'warn' | 'fail' };
    license: { type: string; status: 'active' | 'expired' | 'none' };
  };
  ssids: Array<{
    name: string;
    band: '2.4GHz' | '5GHz' | '6GHz' | 'all';
    enabled: boolean;
    security: string;
  }>;
  pods: WifiPod[];
  clients: WifiClient[];
}

export type LanSection = Lan & { grades: LanGrades };

export interface VoiceSection {
  networkType: 'EPON' | 'GPON';
  /** Null when the device has no telephony subscriber (no voice service). */
  subscriber: (Omit<TelephonySubscriber, 'ports'> & { ports: TelephonySubscriber['ports'] }) | null;
}

export interface BirthCertificatesSection {
  networkType: 'EPON' | 'GPON';
  /** Newest first; empty when the device has no birth certificate yet. */
  certificates: BirthCertificate[];
  /** Each certificate's measurements graded, by certificate id (Epico devices by MAC). */
  grades: Record<string, BirthCertificateGrades>;
}

export interface BirthCertificateGrades {
  txPower: Grading;
  rxPower: Grading;
  oltRxPower: Grading;
  epico: Record<string, Grading>;
}

/** Device reset. */
/** `repeat`: the agent was told of a reset sent a moment ago (RESET_REPEAT_WINDOW_MS) and asks again. */
export const resetRequestSchema = z.object({ repeat: z.boolean().optional() }).strict();
export type ResetRequest = z.infer<typeof resetRequestSchema>;

/** A second reset within this window is refused (409) until the agent confirms it, told when the first went out. */
export const RESET_REPEAT_WINDOW_MS = 10 * 60_000;
export { RESET_BACK_SECONDS } from './constants';

/** Voice operations on one port (same schema on the API and in the web forms). */
export const voiceOperationSchema = z.discriminatedUnion('operation', [
  z.object({
    operation: z.literal('callForwarding'),
    enabled: z.boolean(),
    number: z
      .string()
      .regex(/^\d{10}$/)
      .nullable(),
  }),
  z.object({ operation: z.literal('voicemailPasswordReset') }),
  z.object({ operation: z.literal('mwiReset') }),
  z.object({ operation: z.literal('voicemailLanguage'), language: z.enum(['en', 'fr']) }),
]);
export type VoiceOperation = z.infer<typeof voiceOperationSchema>;

export const regenerateRequestSchema = z.object({}).strict();

/**
 * A North American number: 10 digits (area code and exchange starting 2–9), optionally written with
 * +1, spaces, dots, dashes or parentheses. Anything else — letters, markup, too few or too many
 * digits — is refused, never stripped down to digits.
 */
export const NANP_PHONE = /^(?:\+?1[ .-]?)?\(?([2-9]\d{2})\)?[ .-]?([2-9]\d{2})[ .-]?(\d{4})$/;
export const phoneSchema = z
  .string()
  .max(20)
  .trim()
  .regex(NANP_PHONE)
  .transform((value) => value.replace(NANP_PHONE, '$1$2$3'));

export const sendSmsRequestSchema = z
  .object({
    phone: phoneSchema,
    certificateId: z.string().min(1).max(200),
    language: z.enum(['en', 'fr']).default('en'),
  })
  .strict();
export type SendSmsRequest = z.input<typeof sendSmsRequestSchema>;

export interface OperationResult {
  status: 'sent';
  requestId: string;
}
/** A reset also says when it went out, who sent it, and when the device is expected back. */
export interface ResetResult extends OperationResult {
  sentAt: string;
  sentBy: string | null;
  expectedBackSeconds: number;
}
/** The details of the 409 answered to a reset within RESET_REPEAT_WINDOW_MS of the last one. */
export interface RecentResetDetails {
  kind: 'recentReset';
  at: string;
  by: string | null;
}
export interface RegenerateResult {
  status: 'sent';
  method: 'PUT' | 'POST';
  certificate: BirthCertificate;
}

export const OPERATIONS = [
  'deviceReset',
  'callForwarding',
  'voicemailPasswordReset',
  'mwiReset',
  'voicemailLanguage',
  'regenerateBc',
  'sendBcSms',
  'setRoles',
  // Admin-list changes (common/src/change-history.ts) and the count repair of network management.
  'listCreate',
  'listUpdate',
  'listDelete',
  'recountDependencies',
  // An outage's note kept by operation staff (docs/outages.md).
  'outageNote',
  // Tests run from the device through the ACS, and the Wi-Fi optimisation (docs/device-tests.md).
  'deviceTest',
  'wifiOptimise',
] as const;
export type AuditOperation = (typeof OPERATIONS)[number];

export interface AuditRecord {
  uid: string;
  email: string | null;
  mac: string | null;
  customerAccountNumber: string | null;
  operation: AuditOperation;
  parameters: Record<string, unknown>;
  /** 'unknown': the upstream did not answer in time, so the operation may have run. */
  outcome: (typeof AUDIT_OUTCOMES)[number];
  errorCode: ErrorCode | null;
  /** Admin-list changes: the collection and document changed (filters of /audit). */
  collection?: string;
  docId?: string;
}

export const AUDIT_OUTCOMES = ['sent', 'failed', 'unknown'] as const;

/**
 * An audit_log record as read (the /audit page): lenient, so that a record of an operation or outcome
 * this version does not know still shows (the log hides nothing it can read); `at` as a Date.
 */
export const auditDocumentSchema = z.object({
  uid: z.string(),
  email: z.string().nullable().default(null),
  mac: z.string().nullable().default(null),
  customerAccountNumber: z.string().nullable().default(null),
  operation: z.string(),
  parameters: z.record(z.string(), z.unknown()).default({}),
  outcome: z.enum(AUDIT_OUTCOMES).catch('unknown'),
  errorCode: z.string().nullable().default(null),
  collection: z.string().optional(),
  docId: z.string().optional(),
  at: optionalTimestamp,
});
export type AuditDocument = z.output<typeof auditDocumentSchema>;

/** docs/requirements.md, "Birth certificates": PUT when the last certificate is more than 24 hours old or absent, else POST. */
export function regenerationMethod(lastCertificateTs: string | null, now: number): 'PUT' | 'POST' {
  if (!lastCertificateTs) return 'PUT';
  return now - Date.parse(lastCertificateTs) > REGENERATION_PUT_AFTER_MS ? 'PUT' : 'POST';
}

/** The port page's address: an OLT name and shelf, slot and port (checked the same way on both sides). */
export const ponPortAddressSchema = z.object({
  olt: z.string().regex(OLT_NAME),
  shelf: z.string().regex(/^\d{1,2}$/),
  slot: z.string().regex(/^\d{1,2}$/),
  port: z.string().regex(/^\d{1,2}$/),
});
