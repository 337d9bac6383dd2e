import type { Faker } from '@faker-js/faker';
import type { LanCpe, PlumeClient, PlumePod } from '@insight/common/upstream/lan';
import { chance, int, pick, weighted, type Rng } from '../random';
import { hex, type Draw, type Plan } from './draw';
import { normal } from './optics';
import type { CatalogueWan } from './wan';

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

/**
 * A Wi-Fi client's RSSI (docs/simulated-network.md, "Wi-Fi"): most devices sit in a room with the gateway or
 * a pod (about −45 to −65 dBm), some a floor away, a few at the edge; in a home whose gateway sits badly
 * (in a cabinet, a basement corner) every device is far.
 */
function clientRssi(rng: Rng, badPlacement: boolean): number {
  if (badPlacement) return -int(rng, 76, 88);
  const where = weighted(rng, [
    ['near', 80],
    ['floor', 16],
    ['edge', 4],
  ] as const);
  const rssi =
    where === 'near' ? normal(rng, -54, 6) : where === 'floor' ? normal(rng, -66, 4) : normal(rng, -78, 3);
  return Math.round(Math.min(-30, Math.max(-92, rssi)));
}

/** Plume's health score: mostly good, fair in some homes, poor in a few. */
function healthScore(rng: Rng): number {
  const band = weighted(rng, [
    ['good', 92],
    ['fair', 6],
    ['poor', 2],
  ] as const);
  return band === 'good' ? int(rng, 78, 100) : band === 'fair' ? int(rng, 56, 74) : int(rng, 35, 54);
}
/** Homes whose gateway and pods sit badly for every device (docs/simulated-network.md). */
export const BAD_PLACEMENT_RATE = 0.02;

function makeClients(
  rng: Rng,
  faker: Faker,
  count: number,
  pods: PlumePod[],
  badPlacement: boolean,
): PlumeClient[] {
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
    const rssi = clientRssi(rng, badPlacement);
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

/** The LAN / Plume service's CPE: the gateway, the Plume location, SSIDs, pods and Wi-Fi clients. */
export function generateLan(draw: Draw, plan: Plan, wan: CatalogueWan): LanCpe {
  const { rng, faker, mac, index, customerAccountNumber } = draw;
  const { podCount } = plan;
  const pods = makePods(rng, faker, podCount);
  const badPlacement = chance(rng, BAD_PLACEMENT_RATE);
  const clients = makeClients(rng, faker, plan.clientCount, pods, badPlacement);
  for (const pod of pods)
    pod.connectedDevices = clients.filter(
      (c) => c.podId === pod.id && c.connectionState === 'connected',
    ).length;
  const score = badPlacement ? int(rng, 35, 60) : healthScore(rng);
  const ssidName = `${faker.person.lastName().replace(/\W/g, '')}-${hex(rng, 2)}`;
  return {
    mac,
    gateway: {
      model: wan.details.model,
      firmware: wan.firmware.current,
      wanIp: wan.state.ip_address,
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
        score,
        status: score >= 75 ? 'pass' : score >= 55 ? 'warn' : 'fail',
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
}
