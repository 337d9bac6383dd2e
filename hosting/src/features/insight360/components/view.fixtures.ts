/**
 * Answers of the 360 API for the view's component tests, shaped by common/src/customer360.ts; the device's
 * records come from common/src/testing/device-fixtures.ts, shared with the API tests.
 */
import type {
  BirthCertificatesSection,
  Customer,
  LanSection,
  Section,
  VoiceSection,
  WanSection,
} from '@insight/common/customer360';
import type { ExternalLinks } from '@insight/common/external-links';
import type { Grading } from '@insight/common/threshold-grading';
import {
  birthCertificate,
  externalLinks,
  lanOf,
  onuDetails,
  onuFirmware,
  onuState,
} from '@insight/common/testing/device-fixtures';
import type { BirthCertificate } from '@insight/common/upstream/birth-certificate';
import type { Routes, StreamReply } from '../../../testing/fake-api';

const FETCHED = '2026-11-20T14:00:00.000Z';
const graded = (grade: Grading['grade'], value: number): Grading => ({
  grade,
  value,
  unit: 'dBm',
  source: {
    kind: 'default',
    definition: 'DEF-rxPower',
    rule: `GPON-rxPower-${grade}`,
    variant: null,
    range: null,
  },
});

export const customer = (mac: string, over: Partial<Customer> = {}): Customer => ({
  mac,
  name: { line1: 'Marie Tremblay', line2: null },
  addresses: [
    {
      address: '12 Elgin St',
      lines: ['12 Elgin St', 'Ottawa ON K1P 1A1'],
      fiberNode: 'OTT 101',
      services: ['Internet'],
    },
  ],
  phone: '613-555-1234',
  customerAccountId: '800000003',
  customerAccountType: 'RES',
  customerAccountTypeName: 'Residential',
  customerAccount: '800000003',
  billingAccount: '500000001',
  billingAccountStatus: 'ACTIVE',
  billingAccountCount: 1,
  email: 'marie@example.ca',
  phones: ['6135551234'],
  node: 'OTT 101',
  servicesTree: [{ id: 'INT-1', name: 'Fibre Internet 1 Gbps', children: [] }],
  lokiData: [],
  ...over,
});

export const wan = (mac: string): WanSection => ({
  details: onuDetails({
    mac,
    serialNumber: 'ALCL00000010',
    model: 'Nokia XS-010X-Q',
    cpeMacs: [{ mac: '001122334455', ip: '100.64.0.10', type: 'router' }],
  }),
  state: onuState({
    fsan: 'ALCL00000010',
    ip_address: '100.64.0.10',
    us_if: 'us-1/1/1',
    ds_if: 'ds-1/1/1',
    rx_pwr: -18.4,
    date_update: FETCHED,
    oltRxPower: -20.1,
  }),
  firmware: {
    ...onuFirmware({
      model: 'Nokia XS-010X-Q',
      current: '3FE49362IJLK02',
      latest: '3FE49362IJLK02',
      approved: ['3FE49362IJLK02'],
    }),
    scoreLabel: 'correct',
  },
  registration: null,
  provisioning: null,
  grades: {
    rxPower: graded('pass', -18.4),
    txPower: graded('pass', 2.1),
    oltRxPower: graded('pass', -20.1),
    rxPowerPass: { rangeMin: -25, rangeMax: -8 },
    firmware: { ...graded('pass', 0), unit: '' },
  },
});

export const lan = (): LanSection => ({
  ...lanOf({
    gateway: { model: 'Nokia XS-010X-Q', firmware: 'f', wanIp: '100.64.0.10', uptimeSeconds: 90000 },
    plume: {
      locationId: 'loc-1',
      loginUrl: 'https://plume.test/login',
      frontlineUrl: 'https://frontline.test/c/1',
    },
  }),
  grades: { clients: {}, health: {}, plumeHealth: { ...graded('pass', 90), unit: '' } },
});

export const noVoice = (): VoiceSection => ({ networkType: 'GPON', subscriber: null });
export const noCertificate = (): BirthCertificatesSection => ({
  networkType: 'GPON',
  certificates: [],
  grades: {},
});

export const certificate = (mac: string, id: string): BirthCertificate =>
  birthCertificate({
    id,
    ts: FETCHED,
    mac,
    source: 'INSIGHT_UI',
    woId: null,
    techId: 'T12345',
    power: { tx: 2.1, rx: -18.4 },
    oltReceivePower: -20.1,
  });

/** A section's line of the streamed view: the data, or the API's error for it. */
export const line = (section: Section, data: unknown) => ({
  section,
  status: 200,
  body: { data, fetchedAt: FETCHED, cached: false },
});
export const failedLine = (section: Section, status: number, code: string, path?: string) => ({
  section,
  status,
  body: { error: { code, message: code, path } },
});

export const LINKS: ExternalLinks = externalLinks('test');

/** The fake API of one device's view: its streamed sections and the links. */
export function viewApi(mac: string, stream: StreamReply, extra: Routes = {}): Routes {
  return { [`GET /360/${mac}`]: stream, 'GET /links': { status: 200, body: LINKS }, ...extra };
}

/** Every section answered, as for a device with Internet only. */
export const everySection = (mac: string) => [
  line('customer', customer(mac)),
  line('wan', wan(mac)),
  line('lan', lan()),
  line('voice', noVoice()),
  line('birth-certificates', noCertificate()),
  line('neighbourhood', portOfOne(mac)),
];

/** The device alone on its PON port (no neighbour to compare with). */
export const portOfOne = (mac: string) => ({
  olt: 'OLT-OTT-1',
  port: '1/1/1',
  technology: 'GPON',
  split: 32,
  status: 'up',
  onus: [
    {
      mac,
      onuId: 1,
      status: 'online',
      lastDownCause: null,
      rxPower: {
        grade: 'pass',
        value: -19,
        unit: 'dBm',
        source: { kind: 'none', definition: null, rule: null, variant: null, range: null },
      },
      self: true,
    },
  ],
  counts: { neighbours: 0, down: 0, dyingGasp: 0, lowLight: 0 },
});
