/**
 * What every generator of one catalogue customer shares: the customer's seeded random streams, who and
 * where they are, and the services they take. The generators draw from the streams in a fixed order
 * (see generate.ts): a change of order changes every answer.
 */
import { fakerEN_CA, fakerFR_CA, type Faker } from '@faker-js/faker';
import { accountNumberOf, hostIpMtaOf, serialNumberOf, type MacEntry } from '../macs';
import type { City } from '../places';
import { chance, createRng, int, pick, weighted, type Rng } from '../random';

export const HOUR = 3_600_000;
export const MODELS = {
  GPON: ['Nokia G-010G-Q', 'Nokia XS-010X-Q', 'Sagemcom F@st 5689'],
  EPON: ['ZTE F8648P', 'Calix 803G', 'Sercomm FG1000B'],
} as const;
export const FIRMWARE: Record<'EPON' | 'GPON', readonly [string, string, string]> = {
  GPON: ['3FE49362IJHK46', '3FE49362IJJK18', '3FE49362IJLK02'],
  EPON: ['V2.0.10P3N5', 'V2.0.12P1N2', 'V2.1.0P1N1'],
};
export const OFFERS = {
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

/** One catalogue customer's streams and identity, drawn first. */
export interface Draw {
  rng: Rng;
  faker: Faker;
  index: number;
  mac: string;
  province: 'ON' | 'QC';
  language: 'en' | 'fr';
  networkType: 'EPON' | 'GPON';
  city: City;
  headEnd: string;
  fiberNode: string;
  customerAccountNumber: string;
  serialNumber: string;
  hostIpMta: string | null;
}

/** Where the customer lives: the province, city and head end of the OLT its port hangs off. */
export interface Home {
  province: 'ON' | 'QC';
  city: City;
  headEnd: string;
}

export function startDraw(seed: number, entry: MacEntry, home: Home): Draw {
  const index = entry.index;
  const rng = createRng(seed ^ Math.imul(index + 1, 0x9e3779b1));
  const { province, city, headEnd } = home;
  const language = province === 'QC' ? (chance(rng, 0.85) ? 'fr' : 'en') : chance(rng, 0.1) ? 'fr' : 'en';
  const faker = language === 'fr' ? fakerFR_CA : fakerEN_CA;
  faker.seed(seed + index * 7919);
  const networkType = index % 2 === 0 ? 'GPON' : 'EPON';
  const mac = entry.mac;
  return {
    rng,
    faker,
    index,
    mac,
    province,
    language,
    networkType,
    city,
    headEnd,
    fiberNode: `${city.code}${String(int(rng, 100, 999))}`,
    customerAccountNumber: accountNumberOf(mac),
    serialNumber: serialNumberOf(mac, networkType),
    hostIpMta: networkType === 'EPON' ? hostIpMtaOf(mac) : null,
  };
}

/** The services the customer takes (drawn once the accounts are). */
export interface Plan {
  voiceCount: 0 | 1 | 2 | 3;
  podCount: number;
  clientCount: number;
  hasTv: boolean;
  internet: (typeof OFFERS.internet)[number];
}

export function drawPlan({ rng }: Draw): Plan {
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
  return { voiceCount, podCount, clientCount, hasTv, internet };
}

export function hex(rng: Rng, bytes: number): string {
  let out = '';
  for (let i = 0; i < bytes; i++) out += int(rng, 0, 255).toString(16).toUpperCase().padStart(2, '0');
  return out;
}

export function phone(rng: Rng, shape: 'ten' | 'nine' | 'none'): string | null {
  if (shape === 'none') return null;
  const area = pick(rng, ['613', '416', '647', '905', '514', '438', '418', '819', '450']);
  const rest = String(int(rng, 2000000, 9999999));
  return shape === 'ten' ? `${area}${rest}` : `${area}${rest}`.slice(0, 9);
}
