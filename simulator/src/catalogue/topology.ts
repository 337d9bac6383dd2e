/**
 * The simulated access network (docs/simulated-network.md): every catalogue customer hangs off a PON port
 * of an OLT in its city, so that the ONUs of one port share the port's fate. Built once per seed and
 * catalogue size from the seed alone (the same seed gives the same network on every start), in O(customers).
 *
 * Each technology (GPON: even indices, EPON: odd) fills its own OLTs: an OLT in a city drawn by its weight,
 * with cards of 16 ports, each port a 1:32 split taking a drawn share of its 32 legs. Port and card faults are
 * drawn at their documented rates; each fault kind is present at least once per technology (on a port drawn
 * from the healthy ones), so that every kind of the catalogue has a device whatever the seed or size.
 */
import { CITIES, type City } from './places';
import { createRng, int, weighted, type Rng } from './random';

/** What is wrong above the home, for a whole port. */
export type PortFault =
  /** A feeder fibre or the splitter damaged: every ONU behind it loses 8–14 dB (low or dark). */
  | 'feeder'
  /** One branch of a two-stage split dark: the ONUs on that branch down, the others fine. */
  | 'branch'
  /** One drop cable damaged among healthy neighbours. */
  | 'bad-drop'
  /** The OLT's line card is down: every port of the card dark. */
  | 'card-down';
export const PORT_FAULTS: readonly PortFault[] = ['feeder', 'branch', 'bad-drop', 'card-down'];

/** The documented rates (docs/simulated-network.md, "Faults above the home"). */
export const PORT_FAULT_RATES = { feeder: 0.015, branch: 0.015, 'bad-drop': 0.03 } as const;
export const CARD_DOWN_RATE = 0.01;
export const SPLIT = 32;
/** ONUs per second-stage splitter (a 1:4 then 1:8 split): a dark branch takes this many legs. */
export const BRANCH_LEGS = 8;
export const PORTS_PER_CARD = 16;

export interface PonPort {
  /** 'OLT-OTT-3:1/2/7' */
  key: string;
  olt: string;
  /** shelf/slot/port, e.g. '1/2/7'. */
  port: string;
  technology: 'GPON' | 'EPON';
  province: 'ON' | 'QC';
  city: City;
  headEnd: string;
  /** Catalogue indices of the ONUs on the port, by ONU id (1…). */
  members: number[];
  fault: PortFault | null;
  /** For a dark branch: the first ONU id of the branch; for a bad drop: the ONU id whose drop is bad. */
  faultOnuId: number | null;
}

export interface Place {
  port: PonPort;
  /** The ONU's id on its port (1…32). */
  onuId: number;
}

export interface Topology {
  ports: PonPort[];
  placeOf(index: number): Place | null;
  port(olt: string, port: string): PonPort | null;
}

/** Rough shares of the provider's lines per city (the two provinces' larger markets weigh more). */
const CITY_WEIGHT: Record<string, number> = {
  OTT: 8,
  KAN: 3,
  KGN: 2,
  TOR: 12,
  MSS: 6,
  HAM: 4,
  LON: 3,
  SUD: 1,
  MTL: 12,
  LVL: 4,
  QUE: 5,
  TRV: 2,
  GAT: 3,
  SHE: 2,
  LNG: 3,
};
const ALL_CITIES = (['ON', 'QC'] as const).flatMap((province) =>
  CITIES[province].map((city) => ({ province, city })),
);

/** How many of a 1:32 port's legs are taken: mostly 12–30, sometimes a new build with a handful. */
function drawFill(rng: Rng): number {
  return weighted(rng, [
    ['full', 85],
    ['new', 15],
  ] as const) === 'full'
    ? int(rng, 12, 30)
    : int(rng, 1, 6);
}

function buildTechnology(
  rng: Rng,
  technology: 'GPON' | 'EPON',
  indices: number[],
  oltCounters: Map<string, number>,
): PonPort[] {
  const ports: PonPort[] = [];
  let next = 0;
  while (next < indices.length) {
    const { province, city } = weighted(
      rng,
      ALL_CITIES.map((item) => [item, CITY_WEIGHT[item.city.code] ?? 1] as const),
    );
    const n = (oltCounters.get(city.code) ?? 0) + 1;
    oltCounters.set(city.code, n);
    const olt = `OLT-${city.code}-${n}`;
    const headEnd = `${province}-${city.code}-0${1 + ((n - 1) % 3)}`;
    // The catalogue's slice of the OLT: 1–2 cards, a few of each card's ports.
    const cards = int(rng, 1, 2);
    for (let slot = 1; slot <= cards && next < indices.length; slot++) {
      const used = int(rng, 2, 6);
      const cardDown = rng() < CARD_DOWN_RATE;
      for (let p = 1; p <= used && next < indices.length; p++) {
        const fill = Math.min(drawFill(rng), indices.length - next);
        const members = indices.slice(next, next + fill);
        next += fill;
        const roll = rng();
        const fault: PortFault | null = cardDown
          ? 'card-down'
          : roll < PORT_FAULT_RATES.feeder
            ? 'feeder'
            : roll < PORT_FAULT_RATES.feeder + PORT_FAULT_RATES.branch
              ? 'branch'
              : roll < PORT_FAULT_RATES.feeder + PORT_FAULT_RATES.branch + PORT_FAULT_RATES['bad-drop']
                ? 'bad-drop'
                : null;
        const port = `1/${slot}/${p}`;
        ports.push({
          key: `${olt}:${port}`,
          olt,
          port,
          technology,
          province,
          city,
          headEnd,
          members,
          fault,
          faultOnuId: faultOnu(rng, fault, members.length),
        });
      }
    }
  }
  ensureEveryFault(rng, ports);
  return ports;
}

function faultOnu(rng: Rng, fault: PortFault | null, size: number): number | null {
  if (fault === 'bad-drop') return int(rng, 1, size);
  // The branch holding ONU ids first…first+7 (the last branch may be partly filled).
  if (fault === 'branch')
    return 1 + BRANCH_LEGS * int(rng, 0, Math.max(0, Math.ceil(size / BRANCH_LEGS) - 1));
  return null;
}

/**
 * Every fault kind at least once per technology, on a port of 8+ ONUs (a branch fault then leaves healthy
 * neighbours): a small catalogue still has a device of each kind.
 */
function ensureEveryFault(rng: Rng, ports: PonPort[]): void {
  for (const fault of PORT_FAULTS) {
    if (ports.some((port) => port.fault === fault)) continue;
    const candidates = ports.filter((port) => port.fault === null && port.members.length >= 2 * BRANCH_LEGS);
    const pool = candidates.length > 0 ? candidates : ports.filter((port) => port.fault === null);
    const chosen = pool[Math.floor(rng() * pool.length)];
    if (!chosen) continue;
    chosen.fault = fault;
    chosen.faultOnuId = faultOnu(rng, fault, chosen.members.length);
  }
}

/** Builds the network of `count` catalogue customers for a seed. */
export function buildTopology(seed: number, count: number): Topology {
  const rng = createRng(seed ^ 0x70b0_1091);
  const oltCounters = new Map<string, number>();
  const byTechnology = (parity: number) =>
    Array.from({ length: Math.ceil((count - parity) / 2) }, (_, k) => 2 * k + parity).filter(
      (i) => i < count,
    );
  const ports = [
    ...buildTechnology(rng, 'GPON', byTechnology(0), oltCounters),
    ...buildTechnology(rng, 'EPON', byTechnology(1), oltCounters),
  ];
  const places: Array<Place | undefined> = new Array(count);
  const byKey = new Map<string, PonPort>();
  for (const port of ports) {
    byKey.set(port.key, port);
    port.members.forEach((index, at) => (places[index] = { port, onuId: at + 1 }));
  }
  return {
    ports,
    placeOf: (index) => places[index] ?? null,
    port: (olt, port) => byKey.get(`${olt}:${port}`) ?? null,
  };
}

const built = new Map<string, Topology>();
/** The network of a seed and catalogue size, built on first use and kept. */
export function topologyFor(seed: number, count: number): Topology {
  const key = `${seed}:${count}`;
  let topology = built.get(key);
  if (!topology) {
    topology = buildTopology(seed, count);
    built.set(key, topology);
  }
  return topology;
}
