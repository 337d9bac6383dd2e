/**
 * Diagnosis scenarios: devices that are healthy in every respect but one, so that the 360 view's
 * diagnosis (common/src/diagnosis.ts) can be held to naming that one cause first. MACs `D1A600 00000N`;
 * `GET /_sim/catalogue?kind=dx-<name>` (or `kind=diagnosis` for all of them).
 */
import type { TelephonySubscriber } from '@insight/common/upstream/telephony';
import type { CatalogueCustomer } from './customer';
import { FIRMWARE, HOUR, OFFERS } from './generators/draw';

import { SCENARIOS, type ScenarioName } from './scenario-names';

export { SCENARIOS, type ScenarioName };

export const SCENARIO_DESCRIPTIONS: Record<ScenarioName, string> = {
  healthy: 'every measurement passes, voice lines up, a recent birth certificate',
  'power-fail': 'healthy but for the ONU receive power, in the fail range',
  'power-warn': 'healthy but for the ONU receive power, in the warn range',
  'firmware-wrong': 'healthy but for a firmware that is not approved',
  'firmware-none': 'healthy but the model has no approved firmware',
  'wifi-poor': 'every Wi-Fi client poor while the fibre is fine (a placement problem)',
  'onu-down': 'the ONU is not ranged (operational status down)',
  'voice-down': 'a phone line is not active',
  'no-bc': 'no birth certificate',
  'bc-stale': 'the newest birth certificate predates the device’s last registration',
  'plume-poor': 'the Plume network health score is in the fail range',
  'slow-decline': 'receive power fell 2–4 dB over the week (simulator/src/history), today in the warn range',
  flapping: 'several losses of signal a day and no dying gasp (simulator/src/history), up today',
  'evening-congestion': 'Wi-Fi health falls every evening, 19:00–23:00 in Toronto (simulator/src/history)',
  'power-cuts': 'dying gasps on several days of the week (simulator/src/history), up today',
  'wifi-crowded':
    'a Plume home whose gateway sits on 2.4 GHz channel 6 among 10–14 neighbours, several strong (the ACS scan, simulator/src/acs); 5 GHz clear',
};

/** The scenarios whose fault is in the device's history: listed under their own name too (`?kind=flapping`). */
export const HISTORY_SCENARIOS: readonly ScenarioName[] = [
  'slow-decline',
  'flapping',
  'evening-congestion',
  'power-cuts',
];

/** Receive powers in the pass, warn and fail ranges of the seeded rules, per technology. */
const RX = { GPON: { pass: -18, warn: -26, fail: -29.5 }, EPON: { pass: -17, warn: -25, fail: -28.5 } };

function healthyTelephony(customer: CatalogueCustomer): TelephonySubscriber {
  const existing = customer.telephony;
  const port = (n: number): TelephonySubscriber['ports'][number] => ({
    port: n,
    phoneNumber: `613555${String(1000 + n + (customer.index % 8000)).slice(-4)}`,
    lineStatus: { active: true, hook: 'on', inUse: false },
    features: {
      callBlock: false,
      callForward: { enabled: false, number: null },
      callerId: true,
      callWaiting: true,
      voicemail: { enabled: true, language: 'en', messageWaiting: false },
    },
  });
  return {
    serialNumber: existing?.serialNumber ?? customer.serialNumber,
    ata: {
      ...(existing?.ata ?? { model: 'Built-in ATA', firmware: '1.0.4', mac: customer.mac }),
      status: 'online',
    },
    ports: (existing && existing.ports.length > 0 ? existing.ports : [port(1)]).map((item) => ({
      ...item,
      lineStatus: { active: true, hook: 'on', inUse: false },
    })),
  };
}

/** The customer made healthy in every respect, then broken in the scenario's one. */
export function applyScenario(
  base: CatalogueCustomer,
  scenario: ScenarioName,
  epoch: number,
): CatalogueCustomer {
  const networkType = base.networkType;
  const registeredAt = new Date(epoch - 400 * HOUR).toISOString();
  const customer: CatalogueCustomer = {
    ...base,
    state: {
      ...base.state,
      rx_pwr: RX[networkType].pass,
      tx_pwr: 2.5,
      oltRxPower: -20,
      adminStatus: 1,
      operStatus: 1,
    },
    link: {
      ...base.link,
      condition: 'healthy',
      online: true,
      downCause: null,
      rx: RX[networkType].pass,
      tx: 2.5,
      oltRx: -20,
    },
    firmware: {
      ...base.firmware,
      current: FIRMWARE[networkType][2],
      latest: FIRMWARE[networkType][2],
      approved: FIRMWARE[networkType].slice(1),
      score: 0,
    },
    registration: { ...base.registration, registered: true, registeredAt, status: 'registered' },
    provisioning: {
      status: 'provisioned',
      steps: base.provisioning.steps.map((step) => ({ ...step, status: 'pass' })),
    },
    lan: {
      ...base.lan,
      plume: { ...base.lan.plume, health: { score: 92, status: 'pass' } },
      pods: base.lan.pods.map((pod) => ({ ...pod, connectionState: 'connected' })),
      // At least four clients, every one close to the gateway.
      clients: (base.lan.clients.length >= 4
        ? base.lan.clients
        : [0, 1, 2, 3].map((i) => ({
            mac: `02D1A6${customer_hex(base.index, i)}`,
            ip: `192.168.1.${20 + i}`,
            hostname: `device-${i + 1}`,
            band: '5GHz' as const,
            channel: 36,
            rssi: -50,
            connectionState: 'connected' as const,
            health: 'excellent' as const,
            podId: null,
          }))
      ).map((client) => ({ ...client, rssi: -48, health: 'excellent', connectionState: 'connected' })),
    },
    telephony: healthyTelephony(base),
    birthCertificates: (base.birthCertificates.length > 0 ? base.birthCertificates : []).map((bc, i) => ({
      ...bc,
      ts: new Date(epoch - (48 + i * 24 * 30) * HOUR).toISOString(),
      results: { overall: 'pass', modem: 'pass', wifi: 'pass' },
      power: { tx: 2.5, rx: RX[networkType].pass },
      oltReceivePower: -20,
    })),
  };
  switch (scenario) {
    case 'healthy':
      break;
    case 'power-fail':
    case 'power-warn':
    case 'slow-decline':
      customer.state = {
        ...customer.state,
        rx_pwr: RX[networkType][scenario === 'power-fail' ? 'fail' : 'warn'],
      };
      break;
    case 'firmware-wrong':
      customer.firmware = { ...customer.firmware, current: FIRMWARE[networkType][0], score: 1 };
      break;
    case 'firmware-none':
      customer.firmware = { ...customer.firmware, approved: [], score: -1 };
      break;
    case 'wifi-poor':
      customer.lan = {
        ...customer.lan,
        clients: customer.lan.clients.map((client) => ({ ...client, rssi: -82, health: 'poor' })),
      };
      break;
    case 'plume-poor':
      customer.lan = {
        ...customer.lan,
        plume: { ...customer.lan.plume, health: { score: 41, status: 'fail' } },
      };
      break;
    case 'onu-down':
      customer.state = { ...customer.state, operStatus: 2 };
      customer.link = { ...customer.link, condition: 'drop-cut', online: false, downCause: 'los' };
      customer.registration = {
        ...customer.registration,
        registered: false,
        registeredAt: null,
        status: 'deregistered',
      };
      break;
    case 'voice-down':
      customer.telephony = {
        ...customer.telephony!,
        ports: customer.telephony!.ports.map((port, i) =>
          i === 0 ? { ...port, lineStatus: { active: false, hook: 'on', inUse: false } } : port,
        ),
      };
      break;
    case 'no-bc':
      customer.birthCertificates = [];
      break;
    case 'wifi-crowded':
      customer.lan = plumeHome(customer);
      customer.products = withWifiProduct(customer);
      break;
    case 'bc-stale':
      // Registered again a day after the newest certificate.
      customer.registration = {
        ...customer.registration,
        registeredAt: new Date(epoch - 24 * HOUR).toISOString(),
      };
      break;
  }
  return customer;
}

/** A Plume home (a pod, a HomePass licence) whose 2.4 GHz clients share the gateway's channel 6. */
function plumeHome(customer: CatalogueCustomer): CatalogueCustomer['lan'] {
  const pods =
    customer.lan.pods.length > 0
      ? customer.lan.pods
      : [
          {
            id: `pod-${customer_hex(customer.index, 9)}`,
            nickname: 'Living room',
            model: 'SuperPod WiFi 6',
            firmware: '6.4.2-3',
            connectionState: 'connected' as const,
            backhaul: 'wireless' as const,
            connectedDevices: 0,
          },
        ];
  return {
    ...customer.lan,
    plume: { ...customer.lan.plume, license: { type: 'HomePass', status: 'active' } },
    pods,
    clients: customer.lan.clients.map((client) =>
      client.band === '2.4GHz' ? { ...client, channel: 6 } : client,
    ),
  };
}

/** The Internet product of each billing account with the whole-home Wi-Fi (Plume) offer under it. */
function withWifiProduct(customer: CatalogueCustomer): CatalogueCustomer['products'] {
  return Object.fromEntries(
    Object.entries(customer.products).map(([billing, products]) => [
      billing,
      products.map((product) =>
        !product.id.startsWith('INT-') ||
        product.childProductInstances.some((child) => child.id.startsWith('WIFI-'))
          ? product
          : {
              ...product,
              childProductInstances: [
                {
                  id: `WIFI-${customer.account.customerAccountNumber}`,
                  offerName: OFFERS.wifi.en,
                  offerNames: OFFERS.wifi,
                  childProductInstances: [],
                },
                ...product.childProductInstances,
              ],
            },
      ),
    ]),
  );
}

function customer_hex(index: number, i: number): string {
  return ((index * 4 + i) & 0xffffff).toString(16).toUpperCase().padStart(6, '0');
}
