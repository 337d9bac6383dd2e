import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { gradeMetric } from '@insight/common/grading';
import { ponPortListingSchema, type PonPortListing } from '@insight/common/upstream/wan';
import { seedNumber } from '../config';
import { createSimulator } from '../server';
import type { CatalogueItem } from '../routes/sim';
import { generateCustomer } from './generate';
import { customerMac, resolveMac } from './macs';
import { buildTopology, PORT_FAULTS, SPLIT } from './topology';

const EPOCH = Date.UTC(2026, 10, 20);
const SEED = seedNumber('topology-tests');

describe('the simulated network', () => {
  it('when built twice from one seed, then it is the same network; another seed gives another', () => {
    const shape = (seed: number) =>
      buildTopology(seed, 2000).ports.map((port) => [port.key, port.members.join(','), port.fault]);
    expect(shape(SEED)).toEqual(shape(SEED));
    expect(shape(SEED)).not.toEqual(shape(SEED + 1));
  });

  for (const count of [800, 5000]) {
    it(`when built for ${count} customers, then each sits once on a port of one technology and city, at most 1:${SPLIT}, and every fault kind is present`, () => {
      const topology = buildTopology(SEED, count);
      const seen = new Set<number>();
      for (const port of topology.ports) {
        expect(port.members.length).toBeGreaterThan(0);
        expect(port.members.length).toBeLessThanOrEqual(SPLIT);
        expect(new Set(port.members.map((index) => index % 2)).size).toBe(1);
        expect(port.technology).toBe(port.members[0]! % 2 === 0 ? 'GPON' : 'EPON');
        expect(port.olt).toMatch(new RegExp(`^OLT-${port.city.code}-\\d+$`));
        for (const index of port.members) {
          expect(seen.has(index)).toBe(false);
          seen.add(index);
        }
      }
      expect(seen.size).toBe(count);
      for (const fault of PORT_FAULTS)
        for (const technology of ['GPON', 'EPON'])
          expect(
            topology.ports.some((port) => port.fault === fault && port.technology === technology),
            `${fault} ${technology}`,
          ).toBe(true);
      // A few percent of ports each: most of the network is healthy (a small catalogue still holds one of
      // each kind per technology, which is more than its share).
      const faulty = topology.ports.filter((port) => port.fault !== null).length;
      if (count >= 5000) expect(faulty / topology.ports.length).toBeLessThan(0.12);
      // Customers share a port: the median port holds more than ten ONUs.
      const sizes = topology.ports.map((port) => port.members.length).sort((a, b) => a - b);
      expect(sizes[Math.floor(sizes.length / 2)]).toBeGreaterThan(10);
    });
  }

  it('when the ordinary catalogue is measured, then most links pass and faults come at a few percent each', () => {
    const grades = { pass: 0, warn: 0, fail: 0, down: 0 };
    const n = 1200;
    for (let index = 0; index < n; index++) {
      const customer = generateCustomer(SEED, resolveMac(customerMac(index))!, EPOCH);
      if (!customer.link.online) grades.down++;
      else {
        const grade = gradeMetric(customer.networkType, 'rxPower', customer.state.rx_pwr).grade;
        grades[grade as 'pass']++;
      }
      // The ONU's own answers name the port it hangs off.
      expect(customer.state.olt).toBe(customer.link.olt);
      expect(customer.registration.ponPort).toBe(customer.link.port);
    }
    expect(grades.pass / n).toBeGreaterThan(0.85);
    expect(grades.warn / n).toBeLessThan(0.05);
    expect(grades.fail / n).toBeLessThan(0.06);
    expect(grades.down / n).toBeLessThan(0.08);
  });
});

describe('the port listing', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createSimulator({
      seed: 'topology-tests',
      config: { latencyMs: 0, jitterMs: 0, errorRate: 0 },
    });
  });
  afterAll(() => app.close());

  const catalogue = async (kind: string) =>
    (await app.inject(`/_sim/catalogue?kind=${kind}&limit=3`)).json<{ items: CatalogueItem[] }>().items;
  const listingOf = async (item: { olt: string; port: string }) => {
    const res = await app.inject(`/api/fe/wan/v1/pon/olt/${item.olt}/port/${item.port}/onus`);
    expect(res.statusCode).toBe(200);
    return ponPortListingSchema.parse(res.json()) as PonPortListing;
  };
  const share = (listing: PonPortListing, test: (onu: PonPortListing['onus'][number]) => boolean) =>
    listing.onus.filter(test).length / listing.onus.length;
  const low = (listing: PonPortListing) => (onu: PonPortListing['onus'][number]) =>
    onu.status === 'offline' || gradeMetric(listing.technology, 'rxPower', onu.rxPower).grade !== 'pass';

  it('when a device is on a port with a feeder fault, then every ONU of its port is low or down', async () => {
    const [item] = await catalogue('port-feeder');
    const listing = await listingOf(item!);
    expect(listing.onus.map((onu) => onu.mac)).toContain(item!.mac);
    expect(share(listing, low(listing))).toBe(1);
  });

  it('when a branch of the splitter is dark, then its ONUs are down (loss of signal) and the others fine', async () => {
    const [item] = await catalogue('port-branch-dark');
    const listing = await listingOf(item!);
    const down = listing.onus.filter((onu) => onu.status === 'offline');
    expect(down.map((onu) => onu.mac)).toContain(item!.mac);
    expect(down.every((onu) => onu.lastDownCause !== 'dyingGasp' || onu.mac !== item!.mac)).toBe(true);
    expect(listing.onus.find((onu) => onu.mac === item!.mac)?.lastDownCause).toBe('los');
    if (listing.onus.length > 8) expect(share(listing, (onu) => onu.status === 'online')).toBeGreaterThan(0);
  });

  it('when one drop is bad, then its ONU is low or down among neighbours that are mostly fine', async () => {
    const [item] = await catalogue('bad-drop');
    const listing = await listingOf(item!);
    const self = listing.onus.find((onu) => onu.mac === item!.mac)!;
    expect(low(listing)(self)).toBe(true);
    if (listing.onus.length >= 4) expect(share(listing, low(listing))).toBeLessThan(0.5);
  });

  it('when an OLT card is down, then the port is down and every ONU lost its signal', async () => {
    const [item] = await catalogue('olt-card-down');
    const listing = await listingOf(item!);
    expect(listing.status).toBe('down');
    expect(listing.onus.every((onu) => onu.status === 'offline' && onu.lastDownCause === 'los')).toBe(true);
  });

  it('when a home lost power, then its ONU is offline with a dying gasp, and its 360 answers agree', async () => {
    const [item] = await catalogue('dying-gasp');
    const listing = await listingOf(item!);
    expect(listing.onus.find((onu) => onu.mac === item!.mac)).toMatchObject({
      status: 'offline',
      lastDownCause: 'dyingGasp',
      rxPower: null,
    });
    const state = (await app.inject(`/api/fe/wan/v1/pon/onu/${item!.mac}/state`)).json();
    expect(state.operStatus).not.toBe(1);
  });

  it('when a diagnosis scenario device is listed, then it is alone on its lab port', async () => {
    const [item] = await catalogue('dx-healthy');
    const listing = await listingOf(item!);
    expect(listing.onus.map((onu) => onu.mac)).toEqual([item!.mac]);
    expect(listing.onus[0]?.status).toBe('online');
  });

  it('when the OLT or port is malformed, unknown or the answer is faulted, then it answers 400, 404 or the fault', async () => {
    const base = '/api/fe/wan/v1/pon/olt';
    expect((await app.inject(`${base}/olt%20ott/port/1/1/1/onus`)).statusCode).toBe(400);
    expect((await app.inject(`${base}/OLT-OTT-1/port/1/x/1/onus`)).statusCode).toBe(400);
    expect((await app.inject(`${base}/OLT-ZZZ-9/port/1/1/1/onus`)).statusCode).toBe(404);
    const [item] = await catalogue('gpon');
    const path = `${base}/${item!.olt}/port/${item!.port}/onus`;
    expect((await app.inject({ url: path, headers: { 'x-sim-fault': 'error' } })).statusCode).toBe(500);
    const garbage = await app.inject({ url: path, headers: { 'x-sim-fault': 'garbage' } });
    expect(ponPortListingSchema.safeParse(garbage.json()).success).toBe(false);
  });
});
