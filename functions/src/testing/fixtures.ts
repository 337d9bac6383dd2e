/** Upstream answers for the API tests, shaped by the contracts in common/src/upstream. */
import type { BillingAccount, Contact, CustomerAccount, Product } from '@insight/common/upstream/customer';
import type { OnuDetails, OnuFirmware, OnuState } from '@insight/common/upstream/wan';
import type { BirthCertificate } from '@insight/common/upstream/birth-certificate';
import type { TelephonySubscriber } from '@insight/common/upstream/telephony';
import type { LanCpe } from '@insight/common/upstream/lan';
import type { ExternalLinks } from '@insight/common/external-links';

export const MAC = 'AABBCCDDEEFF';

export const contact = (over: Partial<Contact> = {}): Contact => ({
  firstName: 'Marie',
  middleName: null,
  lastName: 'Tremblay',
  isPrimaryContact: true,
  phoneNumber: '6135551234',
  ...over,
});
export const account = (over: Partial<CustomerAccount> = {}): CustomerAccount => ({
  customerAccountNumber: '800000003',
  customerAccountType: 'RES',
  customerAccountTypeName: 'Residential',
  contactList: [
    contact(),
    contact({ firstName: 'Luc', lastName: 'Gagnon', isPrimaryContact: false, phoneNumber: '5145550000' }),
  ],
  ...over,
});
export const billing = (over: Partial<BillingAccount> = {}): BillingAccount => ({
  billingAccountNumber: '500000001',
  customerAccountId: '800000003',
  ebillAddress: 'marie@example.ca',
  accountStatus: 'ACTIVE',
  ...over,
});
const address = {
  unitValue: null,
  unitType: null,
  streetNumber: '12',
  streetTypePrefix: null,
  streetName: 'Elgin',
  streetTypeSuffix: 'St',
  directionalSuffix: null,
  city: 'Ottawa',
  province: 'ON' as const,
  postalCode: 'K1P 1A1',
  ruralRoute: null,
  poBox: null,
  stationType: null,
  fiberNode: 'OTT101',
};
export const product = (over: Partial<Product> = {}): Product => ({
  id: 'INT-1',
  offerName: 'Fibre Internet 1 Gbps',
  status: 'ACTIVE',
  address,
  childProductInstances: [{ id: 'MODEM-1', offerName: 'Fibre modem', childProductInstances: [] }],
  ...over,
});
export const otherAddress = { ...address, streetNumber: '99', streetName: 'Bank', fiberNode: 'OTT202' };

export const details = (over: Partial<OnuDetails> = {}): OnuDetails => ({
  mac: MAC,
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
export const state = (): OnuState => ({
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
});
export const firmware = (over: Partial<OnuFirmware> = {}): OnuFirmware => ({
  model: 'Nokia G-010G-Q',
  revision: 'R1.0',
  current: 'B',
  latest: 'C',
  approved: ['B', 'C'],
  score: 0,
  ...over,
});
export const lan = (): LanCpe => ({
  mac: MAC,
  gateway: {
    model: 'x',
    firmware: 'y',
    wanIp: '1.1.1.1',
    lanIp: '192.168.1.1',
    uptimeSeconds: 10,
    ethernetPorts: [],
  },
  plume: {
    locationId: 'l',
    loginUrl: 'https://p',
    frontlineUrl: 'https://f',
    health: { score: 90, status: 'pass' },
    license: { type: 'HomePass', status: 'active' },
  },
  ssids: [],
  pods: [],
  clients: [],
});
export const subscriber = (): TelephonySubscriber => ({
  serialNumber: 'ALCL10000001',
  ata: { model: 'ATA', firmware: 'f', mac: '001122334466', status: 'online' },
  ports: [3, 1, 2].map((port) => ({
    port,
    phoneNumber: `613555000${port}`,
    lineStatus: { active: true, hook: 'on' as const, inUse: false },
    features: {
      callBlock: false,
      callForward: { enabled: false, number: null },
      callerId: true,
      callWaiting: true,
      voicemail: { enabled: true, language: 'en' as const, messageWaiting: false },
    },
  })),
});
export const certificate = (id: string, ts: string): BirthCertificate => ({
  id,
  ts,
  mac: MAC,
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
});

const ONU = '/api/fe/wan/v1/pon/onu/{mac}';
/** A complete, healthy GPON device. */
export function healthyRoutes() {
  return {
    'GET /customer-accounts': { status: 200, body: account() },
    'GET /customer-accounts/{customerAccountNumber}/billing-accounts': { status: 200, body: [billing()] },
    'GET /billing-accounts/{billingAccountNumber}/products': { status: 200, body: [product()] },
    'GET /customer-accounts/{customerAccountNumber}/loki/macs': {
      status: 200,
      body: { customerAccountNumber: '800000003', macs: [] },
    },
    [`GET ${ONU}/details`]: { status: 200, body: details() },
    [`GET ${ONU}/state`]: { status: 200, body: state() },
    [`GET ${ONU}/firmware`]: { status: 200, body: firmware() },
    [`GET ${ONU}/registration`]: {
      status: 200,
      body: { registered: true, registeredAt: null, olt: 'o', ponPort: 'p', onuId: 1, status: 'registered' },
    },
    [`GET ${ONU}/provisioning/status`]: {
      status: 200,
      body: { status: 'provisioned', message: 'ok', steps: [] },
    },
    [`POST ${ONU}/action`]: { status: 202, body: { accepted: true, action: 'reset', requestId: 'r1' } },
    'GET /api/fe/lan/v1/cpe/{mac}': { status: 200, body: lan() },
    'GET /api/fe/telephony/subscriber/{serialNumber}': { status: 200, body: subscriber() },
    'GET /{networkType}/bc/bu/{prefix}/onumac/{mac}/all': {
      status: 200,
      body: [
        certificate('bc-1', '2026-01-01T00:00:00.000Z'),
        certificate('bc-2', '2026-06-01T00:00:00.000Z'),
      ],
    },
    'POST /v1/messages': { status: 202, body: { id: 'sms-1', status: 'queued' } },
  } as Record<string, { status: number; body: unknown }>;
}

/** The 360 view's links as the params give them (GET /api/links). */
export const links = (): ExternalLinks => ({
  tools: {
    compass: 'https://compass.example/devices/{mac}',
    diagnosticPortal: 'https://diagnostic.example/?mac={mac}',
    epon: 'https://epon.example/onu/{mac}',
    networkConsole: 'https://nmc.example/nodes/{node}',
    thorLocation: 'https://thor.example/location?node={node}',
  },
  crmObject: 'https://crm.example/object?id={account}',
  voipTemplate: 'https://voip.example/templates',
});
