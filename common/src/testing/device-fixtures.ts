/**
 * One healthy GPON device's upstream records, for the tests on both sides of the API: the functions'
 * upstream answers (functions/src/testing/fixtures.ts) and the 360 view's sections
 * (hosting/src/features/insight360/components/view.fixtures.ts) build on these, each overriding what its
 * tests look at. Shaped by the contracts in common/src/upstream and common/src/customer360.ts.
 */
import type { Lan } from '../customer360';
import type { ExternalLinks } from '../external-links';
import type { BirthCertificate } from '../upstream/birth-certificate';
import type { TelephonySubscriber } from '../upstream/telephony';
import type { OnuDetails, OnuFirmware, OnuState } from '../upstream/wan';

export const DEVICE_MAC = 'AABBCCDDEEFF';

export const onuDetails = (over: Partial<OnuDetails> = {}): OnuDetails => ({
  mac: DEVICE_MAC,
  serialNumber: 'ALCL10000001',
  model: 'Nokia G-010G-Q',
  vendor: 'Nokia',
  networkType: 'GPON',
  networkGroup: 'ON-OTT-01',
  hostIpMta: null,
  cpeMacs: [{ mac: '001122334455', ip: '100.64.0.2', type: 'router' }],
  productSpeeds: { downloadMbps: 1000, uploadMbps: 1000, productName: 'Fibre Internet 1 Gbps' },
  ...over,
});

export const onuState = (over: Partial<OnuState> = {}): OnuState => ({
  fsan: 'ALCL10000001',
  ip_address: '100.64.0.2',
  olt: 'OLT-OTT-1',
  port: '1/1/1',
  olt_id: 'OTT-101',
  us_if: 'us-1',
  ds_if: 'ds-1',
  rx_pwr: -19.5,
  tx_pwr: 2.1,
  cpe: 1,
  max_cpe: 4,
  speed_mode: 'XGS-PON',
  upload_speed: 1000,
  download_speed: 1000,
  date_update: '2026-11-20T10:00:00.000Z',
  adminStatus: 1,
  operStatus: 1,
  oltRxPower: -21,
  fiberTraffic: [],
  ethernetTraffic: [],
  powerHistory: [],
  ...over,
});

export const onuFirmware = (over: Partial<OnuFirmware> = {}): OnuFirmware => ({
  model: 'Nokia G-010G-Q',
  revision: 'R1.0',
  current: 'B',
  latest: 'C',
  approved: ['B', 'C'],
  score: 0,
  ...over,
});

/** The gateway, Plume and Wi-Fi of the device (the LAN answer without its MAC). */
export const lanOf = (
  over: { gateway?: Partial<Lan['gateway']>; plume?: Partial<Lan['plume']> } = {},
): Lan => ({
  gateway: {
    model: 'x',
    firmware: 'y',
    wanIp: '1.1.1.1',
    lanIp: '192.168.1.1',
    uptimeSeconds: 10,
    ethernetPorts: [],
    ...over.gateway,
  },
  plume: {
    locationId: 'l',
    loginUrl: 'https://p',
    frontlineUrl: 'https://f',
    health: { score: 90, status: 'pass' },
    license: { type: 'HomePass', status: 'active' },
    ...over.plume,
  },
  ssids: [],
  pods: [],
  clients: [],
});

export const birthCertificate = ({
  id,
  ts,
  ...over
}: Partial<BirthCertificate> & { id: string; ts: string }): BirthCertificate => ({
  id,
  ts,
  mac: DEVICE_MAC,
  created: ts,
  source: 'TECH_APP',
  results: { overall: 'pass', modem: 'pass', wifi: 'n/a' },
  woId: 'WO1',
  referral: null,
  openSync: false,
  customerType: 'Residential',
  extenderPodsRequired: 0,
  ethernetInstalled: false,
  techId: 'T1',
  regenerated: false,
  regeneratedBy: null,
  power: { tx: 2, rx: -19 },
  oltReceivePower: -21,
  rssi: null,
  bandsteering: true,
  servicesAdded: ['INTERNET'],
  bcEpicoDevices: [],
  ...over,
});

/** The 360 view's links as the params give them (GET /api/links), on the given top-level domain. */
export const externalLinks = (domain: string): ExternalLinks => ({
  tools: {
    compass: `https://compass.${domain}/devices/{mac}`,
    diagnosticPortal: `https://diagnostic.${domain}/?mac={mac}`,
    epon: `https://epon.${domain}/onu/{mac}`,
    networkConsole: `https://nmc.${domain}/nodes/{node}`,
    thorLocation: `https://thor.${domain}/location?node={node}`,
  },
  crmObject: `https://crm.${domain}/object?id={account}`,
  voipTemplate: `https://voip.${domain}/templates`,
});

/** A voice line of the subscriber, on hook, with the usual features. */
export const voicePort = (port: number, active = true): TelephonySubscriber['ports'][number] => ({
  port,
  phoneNumber: `613555000${port}`,
  lineStatus: { active, hook: 'on', inUse: false },
  features: {
    callBlock: false,
    callForward: { enabled: false, number: null },
    callerId: true,
    callWaiting: true,
    voicemail: { enabled: true, language: 'en', messageWaiting: false },
  },
});
