/**
 * Builds one catalogue customer, with every upstream answer, from (seed, index) alone: the same seed
 * gives byte-identical data on every start. Times are offsets from the simulator's epoch.
 */
import { fakerEN_CA, fakerFR_CA, type Faker } from '@faker-js/faker';
import type {
  Address,
  BillingAccount,
  Contact,
  CustomerAccount,
  Product,
  ProductInstance,
} from '@insight/common/upstream/customer';
import type {
  OnuDetails,
  OnuFirmware,
  OnuRegistration,
  OnuState,
  ProvisioningStatus,
} from '@insight/common/upstream/wan';
import type { LanCpe, PlumeClient, PlumePod } from '@insight/common/upstream/lan';
import type { TelephonySubscriber, VoicePort } from '@insight/common/upstream/telephony';
import type { BirthCertificate } from '@insight/common/upstream/birth-certificate';
import {
  accountNumberOf,
  billingNumberOf,
  customerMac,
  hostIpMtaOf,
  serialNumberOf,
  type MacEntry,
} from './macs';
import { CITIES, DIRECTIONS, STREET_TYPES_EN, STREET_TYPES_FR } from './places';
import { DEFAULT_THRESHOLDS, type Threshold } from '@insight/common/grading';
import { chance, createRng, int, pick, round, weighted, type Rng } from './random';

export interface CatalogueCustomer {
  index: number;
  mac: string;
  province: 'ON' | 'QC';
  networkType: 'EPON' | 'GPON';
  serialNumber: string;
  hostIpMta: string | null;
  account: Omit<CustomerAccount, 'customerAccountTypeName'> & { typeNames: { en: string; fr: string } };
  billingAccounts: BillingAccount[];
  /** Products per billing account number. */
  products: Record<string, Array<Omit<Product, 'offerName'> & { offerNames: { en: string; fr: string } }>>;
  lokiMacs: Array<{ mac: string; deviceType: string; lastSeen: string }>;
  details: OnuDetails;
  state: OnuState;
  firmware: OnuFirmware;
  registration: OnuRegistration;
  provisioning: { status: ProvisioningStatus['status']; steps: ProvisioningStatus['steps'] };
  lan: LanCpe;
  telephony: TelephonySubscriber | null;
  birthCertificates: BirthCertificate[];
}

const HOUR = 3_600_000;
const MODELS = {
  GPON: ['Nokia G-010G-Q', 'Nokia XS-010X-Q', 'Sagemcom F@st 5689'],
  EPON: ['ZTE F8648P', 'Calix 803G', 'Sercomm FG1000B'],
} as const;
const FIRMWARE: Record<'EPON' | 'GPON', readonly [string, string, string]> = {
  GPON: ['3FE49362IJHK46', '3FE49362IJJK18', '3FE49362IJLK02'],
  EPON: ['V2.0.10P3N5', 'V2.0.12P1N2', 'V2.1.0P1N1'],
};
const OFFERS = {
  internet: [
    { en: 'Fibre Internet 1 Gbps', fr: 'Internet Fibre 1 Gbit/s', down: 1000, up: 1000 },
    { en: 'Fibre Internet 500', fr: 'Internet Fibre 500', down: 500, up: 500 },
    { en: 'Fibre Internet 3 Gbps', fr: 'Internet Fibre 3 Gbit/s', down: 3000, up: 3000 },
    { en: 'Fibre Internet 150', fr: 'Internet Fibre 150', down: 150, up: 150 },
  ],
  phone: { en: 'Home Phone', fr: 'Téléphonie résidentielle' },
  tv: { en: 'TiVo TV', fr: 'Télé TiVo' },
  wifi: { en: 'Whole-Home Wi-Fi (Plume)', fr: 'Wi-Fi pour toute la maison (Plume)' },
};

function hex(rng: Rng, bytes: number): string {
  let out = '';
  for (let i = 0; i < bytes; i++) out += int(rng, 0, 255).toString(16).toUpperCase().padStart(2, '0');
  return out;
}

function phone(rng: Rng, shape: 'ten' | 'nine' | 'none'): string | null {
  if (shape === 'none') return null;
  const area = pick(rng, ['613', '416', '647', '905', '514', '438', '418', '819', '450']);
  const rest = String(int(rng, 2000000, 9999999));
  return shape === 'ten' ? `${area}${rest}` : `${area}${rest}`.slice(0, 9);
}

function makeAddress(rng: Rng, faker: Faker, province: 'ON' | 'QC', fiberNode: string): Address {
  const city = pick(rng, CITIES[province]);
  const french = province === 'QC';
  const postal = faker.location.zipCode('?#? #?#').toUpperCase();
  return {
    unitValue: chance(rng, 0.25) ? String(int(rng, 1, 1800)) : null,
    unitType: null,
    streetNumber: String(int(rng, 1, 9999)),
    streetTypePrefix: french ? pick(rng, STREET_TYPES_FR) : null,
    streetName: faker.person.lastName(),
    streetTypeSuffix: french ? null : pick(rng, STREET_TYPES_EN),
    directionalSuffix: chance(rng, 0.08) ? pick(rng, DIRECTIONS) : null,
    city: city.city,
    province,
    postalCode: `${city.postal}${postal.slice(1)}`,
    ruralRoute: null,
    poBox: null,
    stationType: null,
    fiberNode,
  };
}

function opticalPower(rng: Rng, networkType: 'EPON' | 'GPON') {
  // Spread over the default pass / warn / fail ranges of common/src/grading.ts.
  const { warnBelow: warnAt, failBelow: failAt } = DEFAULT_THRESHOLDS[networkType]
    .rxPower as Required<Threshold>;
  const band = weighted(rng, [
    ['pass', 70],
    ['warn', 18],
    ['fail', 12],
  ] as const);
  if (band === 'pass') return round(warnAt + 0.1 + rng() * 14, 1);
  if (band === 'warn') return round(failAt + 0.1 + rng() * (warnAt - failAt - 0.2), 1);
  return round(failAt - 0.1 - rng() * 6, 1);
}

function traffic(rng: Rng, epoch: number, peak: number) {
  return Array.from({ length: 24 }, (_, hour) => ({
    ts: new Date(epoch - (23 - hour) * HOUR).toISOString(),
    rxMbps: round(peak * (0.05 + 0.6 * rng() * (hour > 17 ? 1.4 : 0.7)), 1),
    txMbps: round(peak * (0.02 + 0.2 * rng()), 1),
  }));
}

function makePods(rng: Rng, faker: Faker, count: number): PlumePod[] {
  const rooms = ['Living room', 'Basement', 'Office', 'Bedroom', 'Kitchen', 'Garage', 'Sous-sol', 'Salon'];
  return Array.from({ length: count }, (_, i) => ({
    id: `pod-${hex(rng, 4)}`,
    nickname: `${pick(rng, rooms)}${i > 0 ? ` ${i + 1}` : ''}`,
    model: pick(rng, ['SuperPod WiFi 6', 'SuperPod WiFi 6E', 'PowerPod']),
    firmware: pick(rng, ['6.2.1-62', '6.4.0-14', '6.4.2-3']),
    connectionState: chance(rng, 0.9) ? ('connected' as const) : ('disconnected' as const),
    backhaul: chance(rng, 0.3) ? ('wired' as const) : ('wireless' as const),
    connectedDevices: 0,
  })).map((pod) => ({ ...pod, nickname: pod.nickname || faker.word.noun() }));
}

function makeClients(rng: Rng, faker: Faker, count: number, pods: PlumePod[]): PlumeClient[] {
  const kinds = [
    'iPhone',
    'Galaxy',
    'MacBook',
    'ThinkPad',
    'Chromecast',
    'Roku',
    'Echo',
    'iPad',
    'PS5',
    'Nest',
  ];
  return Array.from({ length: count }, (_, i) => {
    const band = weighted(rng, [
      ['2.4GHz', 35],
      ['5GHz', 50],
      ['6GHz', 15],
    ] as const);
    const rssi = -int(rng, 35, 85);
    return {
      mac: hex(rng, 6),
      ip: `192.168.1.${10 + i}`,
      hostname: `${faker.person.firstName()}s-${pick(rng, kinds)}`.normalize('NFD').replace(/[^\w-]/g, ''),
      band,
      channel:
        band === '2.4GHz'
          ? pick(rng, [1, 6, 11])
          : band === '5GHz'
            ? pick(rng, [36, 44, 149, 157])
            : pick(rng, [5, 37, 69]),
      rssi,
      connectionState: chance(rng, 0.85) ? 'connected' : 'disconnected',
      health: rssi > -55 ? 'excellent' : rssi > -65 ? 'good' : rssi > -75 ? 'fair' : 'poor',
      podId: pods.length > 0 && chance(rng, 0.6) ? pick(rng, pods).id : null,
    };
  });
}

function makeVoicePorts(rng: Rng, count: number, language: 'en' | 'fr'): VoicePort[] {
  const ports = Array.from({ length: count }, (_, i) => {
    const forward = chance(rng, 0.2);
    const active = chance(rng, 0.92);
    return {
      port: i + 1,
      phoneNumber: phone(rng, 'ten')!,
      lineStatus: {
        active,
        hook: chance(rng, 0.1) ? ('off' as const) : ('on' as const),
        inUse: active && chance(rng, 0.1),
      },
      features: {
        callBlock: chance(rng, 0.3),
        callForward: { enabled: forward, number: forward ? phone(rng, 'ten') : null },
        callerId: chance(rng, 0.9),
        callWaiting: chance(rng, 0.7),
        voicemail: { enabled: chance(rng, 0.8), language, messageWaiting: chance(rng, 0.3) },
      },
    };
  });
  // The upstream does not sort its ports; the API must.
  return ports.reverse();
}

export function generateCustomer(seed: number, entry: MacEntry, epoch: number): CatalogueCustomer {
  const index = entry.index;
  const rng = createRng(seed ^ Math.imul(index + 1, 0x9e3779b1));
  const province = chance(rng, 0.55) ? 'ON' : 'QC';
  const language = province === 'QC' ? (chance(rng, 0.85) ? 'fr' : 'en') : chance(rng, 0.1) ? 'fr' : 'en';
  const faker = language === 'fr' ? fakerFR_CA : fakerEN_CA;
  faker.seed(seed + index * 7919);
  const networkType = index % 2 === 0 ? 'GPON' : 'EPON';
  const mac = entry.mac;
  const city = pick(rng, CITIES[province]);
  const headEnd = `${province}-${city.code}-0${int(rng, 1, 3)}`;
  const fiberNode = `${city.code}${String(int(rng, 100, 999))}`;
  const customerAccountNumber = accountNumberOf(mac);
  const serialNumber = serialNumberOf(mac, networkType);
  const hostIpMta = networkType === 'EPON' ? hostIpMtaOf(mac) : null;

  // Customer account and contacts.
  const type = chance(rng, 0.9) ? 'RES' : 'BUS';
  const contactCount = chance(rng, 0.6) ? 2 : 1;
  const phoneShape = weighted(rng, [
    ['ten', 85],
    ['nine', 8],
    ['none', 7],
  ] as const);
  const contacts: Contact[] = Array.from({ length: contactCount }, (_, i) => ({
    firstName: faker.person.firstName(),
    middleName: chance(rng, 0.2) ? faker.person.firstName() : null,
    lastName: faker.person.lastName(),
    isPrimaryContact: i === 0,
    phoneNumber: i === 0 ? phone(rng, phoneShape) : phone(rng, 'ten'),
  }));
  // Upstream order is not guaranteed: the primary contact is sometimes second.
  if (contactCount === 2 && chance(rng, 0.3)) contacts.reverse();

  // Billing accounts: most have one ACTIVE; some several with one ACTIVE; a few several with none.
  const billingShape = weighted(rng, [
    ['single', 85],
    ['severalActive', 10],
    ['severalNoActive', 5],
  ] as const);
  const billingCount = billingShape === 'single' ? 1 : int(rng, 2, 3);
  const activeAt =
    billingShape === 'severalActive' ? int(rng, 0, billingCount - 1) : billingShape === 'single' ? 0 : -1;
  const primary = contacts.find((c) => c.isPrimaryContact)!;
  const billingAccounts: BillingAccount[] = Array.from({ length: billingCount }, (_, i) => ({
    billingAccountNumber: billingNumberOf(mac, i),
    customerAccountId: customerAccountNumber,
    ebillAddress: chance(rng, 0.8)
      ? faker.internet.email({ firstName: primary.firstName, lastName: primary.lastName }).toLowerCase()
      : null,
    accountStatus: i === activeAt ? 'ACTIVE' : pick(rng, ['SUSPENDED', 'CLOSED'] as const),
  }));

  // Services.
  const voiceCount = weighted(rng, [
    [0, 40],
    [1, 35],
    [2, 20],
    [3, 5],
  ] as const);
  const podCount = weighted(rng, [
    [0, 30],
    [1, 20],
    [2, 20],
    [3, 15],
    [4, 8],
    [5, 4],
    [6, 3],
  ] as const);
  const clientCount = int(rng, 0, 40);
  const hasTv = chance(rng, 0.4);
  const internet = pick(rng, OFFERS.internet);
  const home = makeAddress(rng, faker, province, fiberNode);
  const second = chance(rng, 0.1)
    ? makeAddress(rng, faker, province, `${city.code}${String(int(rng, 100, 999))}`)
    : null;
  const child = (
    name: string,
    offer: { en: string; fr: string },
  ): ProductInstance & { offerNames: { en: string; fr: string } } => ({
    id: `${name}-${customerAccountNumber}`,
    offerName: offer.en,
    offerNames: offer,
    childProductInstances: [],
  });
  const products: CatalogueCustomer['products'] = {};
  for (const account of billingAccounts) {
    const list: CatalogueCustomer['products'][string] = [];
    list.push({
      id: `INT-${account.billingAccountNumber}`,
      offerNames: { en: internet.en, fr: internet.fr },
      status: 'ACTIVE',
      address: home,
      childProductInstances: [
        ...(podCount > 0 ? [child('WIFI', OFFERS.wifi)] : []),
        child('MODEM', {
          en: `Fibre modem ${pick(rng, MODELS[networkType])}`,
          fr: `Modem fibre ${pick(rng, MODELS[networkType])}`,
        }),
      ],
    });
    if (voiceCount > 0)
      list.push({
        id: `VOI-${account.billingAccountNumber}`,
        offerNames: OFFERS.phone,
        status: 'ACTIVE',
        address: home,
        childProductInstances: [],
      });
    if (hasTv)
      list.push({
        id: `TV-${account.billingAccountNumber}`,
        offerNames: OFFERS.tv,
        status: 'ACTIVE',
        address: second ?? home,
        childProductInstances: [],
      });
    products[account.billingAccountNumber] = list;
  }

  // WAN.
  const rx = opticalPower(rng, networkType);
  const tx = round(0.5 + rng() * 4, 1);
  const olt = `OLT-${city.code}-${int(rng, 1, 12)}`;
  const port = `${int(rng, 1, 2)}/${int(rng, 1, 16)}/${int(rng, 1, 16)}`;
  const approved = chance(rng, 0.05) ? [] : FIRMWARE[networkType].slice(1);
  const current = weighted<string>(rng, [
    [FIRMWARE[networkType][2], 60],
    [FIRMWARE[networkType][1], 20],
    [FIRMWARE[networkType][0], 20],
  ]);
  const adminStatus = weighted(rng, [
    [1, 95],
    [2, 4],
    [3, 1],
  ] as const);
  const operStatus =
    adminStatus !== 1
      ? 2
      : rx < (networkType === 'GPON' ? -27 : -26) && chance(rng, 0.5)
        ? 7
        : weighted(rng, [
            [1, 92],
            [2, 3],
            [4, 1],
            [5, 2],
            [6, 1],
            [7, 1],
          ] as const);
  const details: OnuDetails = {
    mac,
    serialNumber,
    model: pick(rng, MODELS[networkType]),
    vendor: networkType === 'GPON' ? 'Nokia' : 'ZTE',
    networkType,
    networkGroup: headEnd,
    hostIpMta,
    cpeMacs: [
      {
        mac: hex(rng, 6),
        ip: `100.${64 + int(rng, 0, 63)}.${int(rng, 0, 255)}.${int(rng, 1, 254)}`,
        type: 'router',
      },
      ...(voiceCount > 0
        ? [
            {
              mac: hex(rng, 6),
              ip: hostIpMta ?? `10.200.${int(rng, 0, 255)}.${int(rng, 1, 254)}`,
              type: 'mta',
            },
          ]
        : []),
    ],
    productSpeeds: { downloadMbps: internet.down, uploadMbps: internet.up, productName: internet.en },
  };
  const state: OnuState = {
    fsan: serialNumber,
    ip_address: details.cpeMacs[0]!.ip,
    olt,
    port,
    olt_id: `${city.code}-${int(rng, 100, 999)}`,
    us_if: `us-${port}`,
    ds_if: `ds-${port}`,
    rx_pwr: rx,
    tx_pwr: tx,
    cpe: details.cpeMacs.length,
    max_cpe: 4,
    speed_mode: internet.down >= 1000 ? (networkType === 'GPON' ? 'XGS-PON' : '10G-EPON') : networkType,
    upload_speed: internet.up,
    download_speed: internet.down,
    date_update: new Date(epoch - int(rng, 1, 120) * 60_000).toISOString(),
    adminStatus,
    operStatus,
    oltRxPower: round(rx - 1 - rng() * 2, 1),
    fiberTraffic: traffic(rng, epoch, internet.down),
    ethernetTraffic: traffic(rng, epoch, Math.min(internet.down, 1000)),
    powerHistory: Array.from({ length: 24 }, (_, hour) => ({
      ts: new Date(epoch - (23 - hour) * HOUR).toISOString(),
      rx_pwr: round(rx + (rng() - 0.5) * 1.2, 1),
      tx_pwr: round(tx + (rng() - 0.5) * 0.4, 1),
    })),
  };
  const firmware: OnuFirmware = {
    model: details.model,
    revision: `R${int(rng, 1, 4)}.${int(rng, 0, 9)}`,
    current,
    latest: FIRMWARE[networkType][2],
    approved,
    score: approved.length === 0 ? -1 : approved.includes(current) ? 0 : 1,
  };
  const registration: OnuRegistration = {
    registered: operStatus === 1,
    registeredAt: operStatus === 1 ? new Date(epoch - int(rng, 1, 400) * HOUR).toISOString() : null,
    olt,
    ponPort: port,
    onuId: int(rng, 1, 128),
    status: operStatus === 1 ? 'registered' : 'deregistered',
  };
  const provisioningStatus = operStatus === 1 ? 'provisioned' : chance(rng, 0.5) ? 'pending' : 'failed';
  const provisioning = {
    status: provisioningStatus,
    steps: (['profile', 'services', 'voice', 'wifi'] as const).map((name) => ({
      name,
      status:
        provisioningStatus === 'provisioned'
          ? 'pass'
          : name === 'voice' && voiceCount === 0
            ? 'n/a'
            : chance(rng, 0.5)
              ? 'pass'
              : 'fail',
    })) as ProvisioningStatus['steps'],
  } as const;

  // LAN / Plume.
  const pods = makePods(rng, faker, podCount);
  const clients = makeClients(rng, faker, clientCount, pods);
  for (const pod of pods)
    pod.connectedDevices = clients.filter(
      (c) => c.podId === pod.id && c.connectionState === 'connected',
    ).length;
  const healthScore = int(rng, 40, 100);
  const ssidName = `${faker.person.lastName().replace(/\W/g, '')}-${hex(rng, 2)}`;
  const lan: LanCpe = {
    mac,
    gateway: {
      model: details.model,
      firmware: current,
      wanIp: state.ip_address,
      lanIp: '192.168.1.1',
      uptimeSeconds: int(rng, 600, 60 * 86400),
      ethernetPorts: [1, 2, 3, 4].map((p) => ({
        port: p,
        linkUp: chance(rng, 0.4),
        speedMbps: pick(rng, [100, 1000, 2500]),
      })),
    },
    plume: {
      locationId: `loc-${hex(rng, 6).toLowerCase()}`,
      loginUrl: `https://plume.example-telecom.ca/login?location=${index}`,
      frontlineUrl: `https://frontline.plume.example/customer/${customerAccountNumber}`,
      health: {
        score: healthScore,
        status: healthScore >= 75 ? 'pass' : healthScore >= 55 ? 'warn' : 'fail',
      },
      license: {
        type: podCount > 0 ? 'HomePass' : 'Basic',
        status: podCount > 0 ? 'active' : chance(rng, 0.3) ? 'expired' : 'none',
      },
    },
    ssids: [
      { name: ssidName, band: 'all', enabled: true, security: 'WPA2/WPA3' },
      { name: `${ssidName}-guest`, band: '2.4GHz', enabled: chance(rng, 0.3), security: 'WPA2' },
    ],
    pods,
    clients,
  };

  // Telephony.
  const telephony: TelephonySubscriber | null =
    voiceCount === 0
      ? null
      : {
          serialNumber,
          ata: {
            model: networkType === 'GPON' ? 'Integrated ATA (G-010G)' : 'Integrated ATA (F8648P)',
            firmware: current,
            mac: details.cpeMacs[1]!.mac,
            status: chance(rng, 0.93) ? 'online' : 'offline',
          },
          ports: makeVoicePorts(rng, voiceCount, language),
        };

  // Birth certificates: 15 % have none yet; the others 1-3, upstream order not guaranteed.
  const bcCount = entry.bcAgeHours !== null ? 1 : chance(rng, 0.15) ? 0 : int(rng, 1, 3);
  const birthCertificates: BirthCertificate[] = Array.from({ length: bcCount }, (_, i) => {
    const ageHours = entry.bcAgeHours ?? int(rng, 30, 24 * 400) + i * 24 * 30;
    const ts = new Date((entry.bcAgeHours !== null ? Date.now() : epoch) - ageHours * HOUR).toISOString();
    const result = weighted(rng, [
      ['pass', 80],
      ['warn', 12],
      ['fail', 8],
    ] as const);
    return {
      id: `bc-${mac}-${i + 1}`,
      ts,
      mac,
      created: ts,
      source: pick(rng, ['TECH_APP', 'SELF_INSTALL', 'INSIGHT_UI']),
      results: {
        overall: result,
        modem: result === 'fail' ? 'fail' : 'pass',
        wifi:
          podCount > 0
            ? weighted(rng, [
                ['pass', 85],
                ['warn', 15],
              ] as const)
            : 'n/a',
      },
      woId: chance(rng, 0.8) ? `WO${int(rng, 1000000, 9999999)}` : null,
      referral: chance(rng, 0.1) ? `REF-${int(rng, 1000, 9999)}` : null,
      openSync: chance(rng, 0.5),
      customerType: type === 'RES' ? 'Residential' : 'Business',
      extenderPodsRequired: Math.max(0, podCount - int(rng, 0, 2)),
      ethernetInstalled: chance(rng, 0.3),
      techId: `T${int(rng, 10000, 99999)}`,
      regenerated: i > 0,
      regeneratedBy: i > 0 ? `T${int(rng, 10000, 99999)}` : null,
      power: { tx, rx: round(rx + (rng() - 0.5), 1) },
      oltReceivePower: state.oltRxPower,
      rssi: podCount > 0 ? -int(rng, 40, 70) : null,
      bandsteering: chance(rng, 0.7),
      servicesAdded: [
        'INTERNET',
        ...(voiceCount > 0 ? ['VOICE'] : []),
        ...(hasTv ? ['TV'] : []),
        ...(podCount > 0 ? ['WIFI'] : []),
      ],
      bcEpicoDevices: pods.slice(0, 2).map((pod) => ({
        mac: hex(rng, 6),
        model: pod.model,
        rssi: -int(rng, 40, 70),
        result: 'pass' as const,
      })),
    };
  });
  if (birthCertificates.length > 1) birthCertificates.reverse();

  return {
    index,
    mac,
    province,
    networkType,
    serialNumber,
    hostIpMta,
    account: {
      customerAccountNumber,
      customerAccountType: type,
      typeNames:
        type === 'RES' ? { en: 'Residential', fr: 'Résidentiel' } : { en: 'Business', fr: 'Affaires' },
      contactList: contacts,
    },
    billingAccounts,
    products,
    lokiMacs: [
      { mac, deviceType: 'ONT', lastSeen: state.date_update },
      ...pods.map((pod) => ({ mac: hex(rng, 6), deviceType: `POD:${pod.id}`, lastSeen: state.date_update })),
    ],
    details,
    state,
    firmware,
    registration,
    provisioning,
    lan,
    telephony,
    birthCertificates,
  };
}

/** The MAC of catalogue customer `index` (not fault or fixture devices). */
export { customerMac };
