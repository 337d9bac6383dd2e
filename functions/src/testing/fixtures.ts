/**
 * Upstream answers for the API tests, shaped by the contracts in common/src/upstream; the device's records
 * come from common/src/testing/device-fixtures.ts, shared with the 360 view's component tests.
 */
import type { BillingAccount, Contact, CustomerAccount, Product } from '@insight/common/upstream/customer';
import type { OnuDetails, OnuFirmware, OnuState } from '@insight/common/upstream/wan';
import type { BirthCertificate } from '@insight/common/upstream/birth-certificate';
import type { TelephonySubscriber } from '@insight/common/upstream/telephony';
import type { LanCpe } from '@insight/common/upstream/lan';
import type { ExternalLinks } from '@insight/common/external-links';
import {
  birthCertificate,
  DEVICE_MAC,
  externalLinks,
  lanOf,
  onuDetails,
  onuFirmware,
  onuState,
} from '@insight/common/testing/device-fixtures';

export const MAC = DEVICE_MAC;

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

export const details = (over: Partial<OnuDetails> = {}): OnuDetails => onuDetails({ mac: MAC, ...over });
export const state = (): OnuState => onuState();
export const firmware = (over: Partial<OnuFirmware> = {}): OnuFirmware => onuFirmware(over);
export const lan = (): LanCpe => ({ mac: MAC, ...lanOf() });
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
export const certificate = (id: string, ts: string): BirthCertificate =>
  birthCertificate({ id, ts, mac: MAC });

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
    'GET /api/fe/wan/v1/pon/olt/{olt}/port/{shelf}/{slot}/{port}/onus': { status: 200, body: portListing() },
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
export const links = (): ExternalLinks => externalLinks('example');

/** The device's PON port (OLT-OTT-1 1/1/1): the device and three healthy neighbours. */
export function portListing() {
  const onu = (mac: string, onuId: number) => ({
    mac,
    serialNumber: `ALCL${onuId}`,
    onuId,
    status: 'online' as const,
    lastDownCause: null,
    rxPower: -19,
    txPower: 2.1,
    oltRxPower: -21,
  });
  return {
    olt: 'OLT-OTT-1',
    port: '1/1/1',
    technology: 'GPON' as const,
    split: 32,
    status: 'up' as const,
    onus: [onu(MAC, 1), onu('A4C1E8000002', 2), onu('A4C1E8000004', 3), onu('A4C1E8000006', 4)],
  };
}
