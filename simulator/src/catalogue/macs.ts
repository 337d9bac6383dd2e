import { SCENARIOS, type ScenarioName } from './scenario-names';

/**
 * How simulator MACs are built, so that any MAC maps back to its catalogue entry without a lookup table:
 * a 3-byte prefix naming the family and 3 bytes of index.
 */
export const CUSTOMER_COUNT = Number(process.env.SIM_CUSTOMERS ?? 5000);

export const PREFIX = {
  GPON: 'A4C1E8',
  EPON: '3C7A8A',
  FAULT: 'FA17ED',
  BC_AGE: 'B0C0A0',
  SCENARIO: 'D1A600',
} as const;

export const FAULTS = {
  customer404: 1,
  customer500: 2,
  wanTimeout: 3,
  malformedJson: 4,
  slowSection: 5,
  telephonyDown: 6,
  bcServerError: 7,
  // The auto-configuration server's faults (simulator/src/acs).
  acsNeverCompletes: 8,
  acsBusy: 9,
  acsTimeout: 10,
  acsUnknown: 11,
} as const;
export type FaultName = keyof typeof FAULTS;
/** The ACS's faults: their devices are healthy in every other respect (what fails is the ACS alone). */
export const ACS_FAULTS: readonly FaultName[] = ['acsNeverCompletes', 'acsBusy', 'acsTimeout', 'acsUnknown'];

/** Devices whose only birth certificate is this many hours old (for the 24-hour PUT/POST rule). */
export const BC_AGE_HOURS = [2, 30] as const;

export interface MacEntry {
  mac: string;
  /** The catalogue customer the data comes from. */
  index: number;
  fault: FaultName | null;
  bcAgeHours: number | null;
  /** A diagnosis scenario device (catalogue/scenarios.ts). */
  scenario?: ScenarioName | null;
}

const hex6 = (value: number) => value.toString(16).toUpperCase().padStart(6, '0');

export function customerMac(index: number): string {
  return `${index % 2 === 0 ? PREFIX.GPON : PREFIX.EPON}${hex6(index)}`;
}
export function faultMac(fault: FaultName): string {
  return `${PREFIX.FAULT}${hex6(FAULTS[fault])}`;
}
export function bcAgeMac(hours: number): string {
  return `${PREFIX.BC_AGE}${hex6(hours)}`;
}
export function scenarioMac(scenario: ScenarioName): string {
  return `${PREFIX.SCENARIO}${hex6(SCENARIOS.indexOf(scenario))}`;
}

/** Resolves a normalised MAC (12 upper-case hex digits) to its catalogue entry, or null when unknown. */
export function resolveMac(mac: string): MacEntry | null {
  const prefix = mac.slice(0, 6);
  const value = parseInt(mac.slice(6), 16);
  if (prefix === PREFIX.GPON || prefix === PREFIX.EPON) {
    const expected = value % 2 === 0 ? PREFIX.GPON : PREFIX.EPON;
    return prefix === expected && value < CUSTOMER_COUNT
      ? { mac, index: value, fault: null, bcAgeHours: null }
      : null;
  }
  if (prefix === PREFIX.FAULT) {
    const fault = (Object.keys(FAULTS) as FaultName[]).find((name) => FAULTS[name] === value);
    // Fault devices borrow the data of a low customer index of the same parity as EPON/GPON alternate.
    return fault ? { mac, index: 100 + value, fault, bcAgeHours: null } : null;
  }
  if (prefix === PREFIX.SCENARIO && value < SCENARIOS.length) {
    // Built on a customer of an index of their own (GPON and EPON in turn), made healthy, then broken once.
    return { mac, index: 400 + value, fault: null, bcAgeHours: null, scenario: SCENARIOS[value]! };
  }
  if (prefix === PREFIX.BC_AGE && (BC_AGE_HOURS as readonly number[]).includes(value)) {
    return { mac, index: 200 + value, fault: null, bcAgeHours: value };
  }
  return null;
}

/** The simulator's MAC rule: 12 hex digits in any case, optionally with : - or . separators. */
export function parseMacParam(raw: string): string | null {
  const cleaned = raw.replace(/[:.-]/g, '');
  return /^[0-9a-fA-F]{12}$/.test(cleaned) ? cleaned.toUpperCase() : null;
}

/**
 * Identifiers derived from the MAC, and back: each device (customer, fault or fixture) has its own
 * account, billing and serial numbers, so lookups by any of them find the same device.
 */
const FAMILIES = [PREFIX.GPON, PREFIX.FAULT, PREFIX.BC_AGE, PREFIX.SCENARIO] as const;

function familyOf(mac: string): { family: number; value: number } {
  const prefix = mac.slice(0, 6);
  const family = prefix === PREFIX.EPON ? 0 : FAMILIES.indexOf(prefix as (typeof FAMILIES)[number]);
  return { family, value: parseInt(mac.slice(6), 16) };
}

function macOf(family: number, value: number): string | null {
  if (!Number.isInteger(value) || value < 0 || value > 0xffffff || family < 0 || family >= FAMILIES.length)
    return null;
  const prefix = family === 0 ? (value % 2 === 0 ? PREFIX.GPON : PREFIX.EPON) : FAMILIES[family]!;
  const mac = `${prefix}${hex6(value)}`;
  return resolveMac(mac) ? mac : null;
}

export function accountNumberOf(mac: string): string {
  const { family, value } = familyOf(mac);
  return String(800000000 + family * 10000000 + value * 7 + 3);
}
export function macFromAccountNumber(accountNumber: string): string | null {
  const n = Number(accountNumber) - 800000000;
  const family = Math.floor(n / 10000000);
  return macOf(family, (n - family * 10000000 - 3) / 7);
}
export function billingNumberOf(mac: string, k: number): string {
  const { family, value } = familyOf(mac);
  return String(500000000 + family * 10000000 + value * 11 + k);
}
export function macFromBillingNumber(billingNumber: string): string | null {
  const n = Number(billingNumber) - 500000000;
  const family = Math.floor(n / 10000000);
  return macOf(family, Math.floor((n - family * 10000000) / 11));
}
export function serialNumberOf(mac: string, networkType: 'EPON' | 'GPON'): string {
  const { family, value } = familyOf(mac);
  return `${networkType === 'GPON' ? 'ALCL' : 'ZTEG'}${(family * 0x1000000 + value).toString(16).toUpperCase().padStart(8, '0')}`;
}
export function macFromSerialNumber(serial: string): string | null {
  const match = /^(ALCL|ZTEG)([0-9A-F]{8})$/.exec(serial);
  if (!match) return null;
  const n = parseInt(match[2]!, 16);
  return macOf(Math.floor(n / 0x1000000), n % 0x1000000);
}
export function hostIpMtaOf(mac: string): string {
  const { family, value } = familyOf(mac);
  return `10.${64 + family * 16 + ((value >> 16) & 15)}.${(value >> 8) & 255}.${value & 255}`;
}

/**
 * The lab OLT: each device made for tests (fault, certificate age, diagnosis scenario) is alone on a port
 * of it, so that its neighbourhood is its own (a port of one) and no ordinary port's listing changes. Slot 1
 * holds the fault devices, slot 2 the certificate-age ones, slot 3 the scenarios; the port is the family's
 * number + 1.
 */
export const LAB_OLT = 'OLT-LAB-1';

export function labPortOf(mac: string): { olt: string; port: string } | null {
  const entry = resolveMac(mac);
  if (!entry) return null;
  if (entry.fault) return { olt: LAB_OLT, port: `1/1/${FAULTS[entry.fault]}` };
  if (entry.bcAgeHours !== null)
    return { olt: LAB_OLT, port: `1/2/${(BC_AGE_HOURS as readonly number[]).indexOf(entry.bcAgeHours) + 1}` };
  if (entry.scenario) return { olt: LAB_OLT, port: `1/3/${SCENARIOS.indexOf(entry.scenario) + 1}` };
  return null;
}

/** The device alone on a lab port, or null. */
export function labDeviceAt(port: string): string | null {
  const match = /^1\/([123])\/(\d{1,2})$/.exec(port);
  if (!match) return null;
  const n = Number(match[2]) - 1;
  const slot = Number(match[1]);
  const fault = (Object.keys(FAULTS) as FaultName[]).find((name) => FAULTS[name] === n + 1);
  if (slot === 1) return fault ? faultMac(fault) : null;
  if (slot === 2) return BC_AGE_HOURS[n] !== undefined ? bcAgeMac(BC_AGE_HOURS[n]) : null;
  return SCENARIOS[n] ? scenarioMac(SCENARIOS[n]) : null;
}
