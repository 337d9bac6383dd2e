import type { Faker } from '@faker-js/faker';
import type { LanCpe, PlumeClient, PlumePod } from '@insight/common/upstream/lan';
import { chance, int, pick, weighted, type Rng } from '../random';
import { hex, type Draw, type Plan } from './draw';
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

/** The LAN / Plume service's CPE: the gateway, the Plume location, SSIDs, pods and Wi-Fi clients. */
export function generateLan(draw: Draw, plan: Plan, wan: CatalogueWan): LanCpe {
  const { rng, faker, mac, index, customerAccountNumber } = draw;
  const { podCount } = plan;
  const pods = makePods(rng, faker, podCount);
  const clients = makeClients(rng, faker, plan.clientCount, pods);
  for (const pod of pods)
    pod.connectedDevices = clients.filter(
      (c) => c.podId === pod.id && c.connectionState === 'connected',
    ).length;
  const healthScore = int(rng, 40, 100);
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
}
