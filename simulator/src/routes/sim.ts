import { Router } from 'express';
import { z } from 'zod';
import { gradeMetric } from '@insight/common/grading';
import {
  BC_AGE_HOURS,
  bcAgeMac,
  CUSTOMER_COUNT,
  customerMac,
  faultMac,
  FAULTS,
  resolveMac,
  type FaultName,
} from '../catalogue/macs';
import type { CatalogueCustomer } from '../catalogue/generate';
import { generateCustomer } from '../catalogue/generate';
import { runtimeConfigSchema, seedNumber, type RuntimeConfig } from '../config';
import { FAULT_DESCRIPTIONS } from '../faults';
import { badRequest, type SimContext } from './context';

export interface CatalogueItem {
  mac: string;
  kinds: string[];
  networkType: 'EPON' | 'GPON';
  province: 'ON' | 'QC';
  serialNumber: string;
  hostIpMta: string | null;
  customerAccountNumber: string;
  description?: string;
}

/** The kinds a catalogue customer exercises, for GET /_sim/catalogue?kind=… */
function kindsOf(customer: CatalogueCustomer): string[] {
  const kinds: string[] = [customer.networkType.toLowerCase(), customer.province.toLowerCase()];
  const ports = customer.telephony?.ports.length ?? 0;
  kinds.push(ports > 0 ? 'voice' : 'no-voice');
  if (customer.lan.pods.length > 0) kinds.push('pods');
  if (customer.lan.pods.length >= 4) kinds.push('many-pods');
  if (customer.lan.clients.length >= 30) kinds.push('many-clients');
  if (customer.birthCertificates.length === 0) kinds.push('no-bc');
  if (customer.billingAccounts.length > 1) kinds.push('multi-billing');
  if (!customer.billingAccounts.some((b) => b.accountStatus === 'ACTIVE')) kinds.push('no-active-billing');
  if (!customer.account.contactList.some((c) => !c.isPrimaryContact)) kinds.push('single-contact');
  if (customer.firmware.score === 1) kinds.push('firmware-wrong');
  if (customer.firmware.score === -1) kinds.push('firmware-none');
  const grade = gradeMetric(customer.networkType, 'rxPower', customer.state.rx_pwr).grade;
  kinds.push(grade === 'fail' ? 'power-fail' : grade === 'warn' ? 'power-warn' : 'power-pass');
  return kinds;
}

const catalogueQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(20),
  offset: z.coerce.number().int().min(0).default(0),
  kind: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/)
    .optional(),
});

/** The simulator's own endpoints: health, catalogue, runtime config, records. */
export function simRoutes(
  ctx: SimContext,
  config: { get(): RuntimeConfig; set(value: RuntimeConfig): void },
): Router {
  const router = Router();
  let summary: CatalogueItem[] | null = null;

  function buildSummary(): CatalogueItem[] {
    const seed = seedNumber(ctx.options.seed);
    const item = (customer: CatalogueCustomer, kinds: string[], description?: string): CatalogueItem => ({
      mac: customer.mac,
      kinds,
      networkType: customer.networkType,
      province: customer.province,
      serialNumber: customer.serialNumber,
      hostIpMta: customer.hostIpMta,
      customerAccountNumber: customer.account.customerAccountNumber,
      ...(description ? { description } : {}),
    });
    const items: CatalogueItem[] = [];
    for (let index = 0; index < CUSTOMER_COUNT; index++) {
      // Generated without the LRU so that listing does not evict the working set.
      const customer = generateCustomer(seed, resolveMac(customerMac(index))!, ctx.options.epoch);
      items.push(item(customer, kindsOf(customer)));
    }
    for (const fault of Object.keys(FAULTS) as FaultName[]) {
      const customer = generateCustomer(seed, resolveMac(faultMac(fault))!, ctx.options.epoch);
      items.push(
        item(customer, ['fault', `fault-${fault}`, ...kindsOf(customer)], FAULT_DESCRIPTIONS[fault]),
      );
    }
    for (const hours of BC_AGE_HOURS) {
      const customer = generateCustomer(seed, resolveMac(bcAgeMac(hours))!, ctx.options.epoch);
      items.push(
        item(
          customer,
          [`bc-${hours}h`, ...kindsOf(customer).filter((k) => k !== 'no-bc')],
          `only birth certificate is ${hours} hours old`,
        ),
      );
    }
    return items;
  }

  router.get('/_sim/health', (_req, res) => {
    res.json({ status: 'ok', customers: CUSTOMER_COUNT, seed: ctx.options.seed });
  });

  // Memory figures for benchmarks; collects garbage first when the process runs with --expose-gc.
  router.get('/_sim/memory', (_req, res) => {
    (globalThis as { gc?: () => void }).gc?.();
    const usage = process.memoryUsage();
    res.json({ rssMb: usage.rss / 2 ** 20, heapUsedMb: usage.heapUsed / 2 ** 20 });
  });

  // The process's CPU time so far (benchmarks take differences to report CPU per request).
  router.get('/_sim/cpu', (_req, res) => {
    const { user, system } = process.cpuUsage();
    res.json({ userMicros: user, systemMicros: system });
  });

  // Generates a device into the catalogue cache without any latency (benchmarks warm up with it).
  router.get('/_sim/warm/:mac', (req, res) => {
    const entry = ctx.store.entry(req.params.mac.toUpperCase());
    if (!entry) return badRequest(res, 'unknown MAC');
    ctx.store.get(entry);
    res.status(204).end();
  });

  router.get('/_sim/catalogue', (req, res) => {
    const query = catalogueQuery.safeParse(req.query);
    if (!query.success)
      return badRequest(res, 'limit 1-1000, offset ≥ 0, kind in lower-case letters, digits and dashes');
    summary ??= buildSummary();
    const matching = query.data.kind
      ? summary.filter((item) => item.kinds.includes(query.data.kind!))
      : summary;
    const kinds = [...new Set(summary.flatMap((item) => item.kinds))].sort();
    res.json({
      total: matching.length,
      kinds,
      items: matching.slice(query.data.offset, query.data.offset + query.data.limit),
    });
  });

  router.get('/_sim/config', (_req, res) => {
    res.json(config.get());
  });
  router.put('/_sim/config', (req, res) => {
    const parsed = runtimeConfigSchema.partial().safeParse(req.body);
    if (!parsed.success) return badRequest(res, 'latencyMs, jitterMs: 0-60000 ms; errorRate: 0-1');
    config.set({ ...config.get(), ...parsed.data });
    res.json(config.get());
  });

  router.get('/_sim/records', (req, res) => {
    const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
    res.json(
      ctx.records.list({
        kind: str(req.query.kind),
        mac: str(req.query.mac)?.toUpperCase(),
        to: str(req.query.to),
      }),
    );
  });
  router.delete('/_sim/records', (_req, res) => {
    ctx.records.clear();
    res.status(204).end();
  });

  return router;
}
