/**
 * `npm run soak`: a fault soak of the API, loopback only, bounded in count and time. The functions' app
 * runs in-process against the simulator (in-process too) with an error rate of 0.2 and a latency spread
 * around the upstream timeout; it sends SOAK_VIEWS streamed 360 views and SOAK_OPERATIONS operations
 * (resets and SMS on distinct devices), then checks:
 *   lost            views or operations that got no complete answer (a view must list all five sections)
 *   unhandled       unhandled rejections and uncaught exceptions in the process
 *   audit_mismatch  operations without exactly one audit record, or whose outcome disagrees with what
 *                   the simulator recorded (sent: recorded; failed: not recorded; unknown: either)
 *   rss_growth_mb   resident memory after the run minus after the warm-up (after a GC)
 * Ends with `soak: views=<n> lost=<a> unhandled=<b> audit_mismatch=<c> rss_growth_mb=<d>`.
 */
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { SECTIONS } from '../common/src/customer360';
import { createApp } from '../functions/src/app';
import { MemoryAuditSink } from '../functions/src/domain/audit/audit-sink';
import { MemoryUserDirectory } from '../functions/src/domain/users/user-directory';
import { httpTransport } from '../functions/src/adapters/upstream/transport';
import { ROOT, waitForUrl } from './lib/emulator-env';
import { stop } from './lib/processes';

const VIEWS = Number(process.env.SOAK_VIEWS ?? 10_000);
const OPERATIONS = Number(process.env.SOAK_OPERATIONS ?? 500);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 100);
const TIMEOUT_MS = 300;
const DEADLINE_MS = Number(process.env.SOAK_DEADLINE_MS ?? 15 * 60_000);

let unhandled = 0;
process.on('unhandledRejection', () => unhandled++);
process.on('uncaughtException', () => unhandled++);

const started = Date.now();
// The simulator in its own process, so that the memory measured here is the API's.
const SIM_PORT = Number(process.env.SOAK_SIM_PORT ?? 9192);
const simBase = `http://127.0.0.1:${SIM_PORT}`;
const child = spawn(process.execPath, ['--import', 'tsx', 'simulator/src/main.ts'], {
  cwd: ROOT,
  env: {
    ...process.env,
    SIM_PORT: String(SIM_PORT),
    SIM_SEED: 'soak',
    SIM_TIMEOUT_FAULT_MS: String(2 * TIMEOUT_MS),
  },
  stdio: 'ignore',
});
await waitForUrl(`${simBase}/_sim/health`, 30_000);
const transport = httpTransport();
const service = (baseUrl: string) => ({ baseUrl, timeoutMs: TIMEOUT_MS, transport });
const sim = {
  base: simBase,
  upstream: {
    customer: service(simBase),
    wan: service(simBase),
    lan: service(simBase),
    telephony: service(simBase),
    birthCertificates: service(`${simBase}/bc`),
    sms: service(`${simBase}/sms`),
    search: service(simBase),
  },
};
// Latency from 0.4× to 1.2× the timeout: some calls answer, some time out; a fifth fail outright.
await fetch(`${sim.base}/_sim/config`, {
  method: 'PUT',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ latencyMs: TIMEOUT_MS * 0.4, jitterMs: TIMEOUT_MS * 0.8, errorRate: 0.2 }),
});
const audit = new MemoryAuditSink();
const app = createApp({
  version: 'soak',
  // Token "uid" → that user with the roles operations need.
  verifyToken: async (token) => ({
    uid: token,
    email: `${token}@insight.test`,
    email_verified: true,
    roles: ['support3'],
  }),
  audit,
  directory: new MemoryUserDirectory([]),
  upstream: sim.upstream,
  cache: { ttlMs: 30_000, freshWindowMs: 2000, maxEntries: Number(process.env.SOAK_CACHE ?? 5000) },
});
const server = app.listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const agent = new Agent({ connections: CONCURRENCY, keepAliveTimeout: 10_000 });

const macs: string[] = [];
while (macs.length < Math.min(5000, VIEWS + OPERATIONS)) {
  const page = (await (
    await fetch(`${sim.base}/_sim/catalogue?limit=1000&offset=${macs.length}`)
  ).json()) as {
    items: Array<{ mac: string }>;
  };
  if (page.items.length === 0) break;
  macs.push(...page.items.map((item) => item.mac));
}

// The simulator keeps every device it has generated: generate them all first, so that its answers are
// as quick at the end as at the start.
for (let i = 0; i < macs.length; i += 200)
  await Promise.all(
    macs.slice(i, i + 200).map((mac) => fetch(`${sim.base}/_sim/warm/${mac}`).then((r) => r.arrayBuffer())),
  );

/** Runs `count` tasks with at most CONCURRENCY in flight; stops starting new ones past the deadline. */
async function pool(count: number, task: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count && Date.now() - started < DEADLINE_MS) await task(next++);
    }),
  );
}

let lost = 0;
let views = 0;
async function view(index: number): Promise<void> {
  const mac = macs[index % macs.length]!;
  try {
    const res = await request(`${api}/api/360/${mac}${index % 7 === 0 ? '?refresh=1' : ''}`, {
      dispatcher: agent,
      headers: { authorization: `Bearer viewer-${index % 50}` },
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    });
    const text = await res.body.text();
    const sections = new Set(
      text
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { section: string }).section),
    );
    if (res.statusCode !== 200 || SECTIONS.some((section) => !sections.has(section))) lost += 1;
    views += 1;
  } catch {
    lost += 1;
  }
}

const memory = () => {
  (globalThis as { gc?: () => void }).gc?.();
  const usage = process.memoryUsage();
  if (process.env.SOAK_DEBUG)
    console.log(
      `memory rss ${(usage.rss / 1048576).toFixed(0)} MB heap ${(usage.heapUsed / 1048576).toFixed(0)} MB external ${(usage.external / 1048576).toFixed(0)} MB arrayBuffers ${(usage.arrayBuffers / 1048576).toFixed(0)} MB`,
    );
  return usage.rss / 1024 / 1024;
};

// Warm-up (the API's cache fills, the allocator reaches its working size), then the views.
const WARMUP = Math.min(2000, VIEWS);
await pool(WARMUP, view);
const rssAfterWarmup = memory();
views = 0;
lost = 0;
await pool(VIEWS, (index) => view(index + WARMUP));

// Operations: each on its own device (the last MACs of the catalogue), by its own user.
const operationMacs = macs.slice(-OPERATIONS);
const operations: Array<{ mac: string; kind: 'reset' | 'sms'; status: number }> = [];
await pool(operationMacs.length, async (index) => {
  const mac = operationMacs[index]!;
  const kind = index % 2 === 0 ? 'reset' : 'sms';
  const path = kind === 'reset' ? `/api/360/${mac}/reset` : `/api/360/${mac}/birth-certificates/sms`;
  const body = kind === 'reset' ? {} : { phone: '6135550100', certificateId: 'unknown-certificate' };
  try {
    const res = await request(`${api}${path}`, {
      dispatcher: agent,
      method: 'POST',
      headers: { authorization: `Bearer operator-${index}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      headersTimeout: 30_000,
    });
    await res.body.text();
    operations.push({ mac, kind, status: res.statusCode });
  } catch {
    lost += 1;
  }
});

// Every operation: exactly one audit record, and its outcome agrees with the simulator's records.
const answered = await fetch(`${sim.base}/_sim/records?kind=reset`).then(
  (r) => r.json() as Promise<Array<{ mac: string }>>,
);
const resetDone = new Set(answered.map((record) => record.mac));
let auditMismatch = 0;
for (const operation of operations) {
  const records = audit.records.filter(
    (record) =>
      record.mac === operation.mac &&
      record.operation === (operation.kind === 'reset' ? 'deviceReset' : 'sendBcSms'),
  );
  if (records.length !== 1) {
    auditMismatch += 1;
    continue;
  }
  const outcome = records[0]!.outcome;
  const done = operation.kind === 'reset' ? resetDone.has(operation.mac) : false;
  if ((outcome === 'sent' && !done) || (outcome === 'failed' && done)) auditMismatch += 1;
}
lost += OPERATIONS - operations.length;

const rssGrowth = memory() - rssAfterWarmup;
await agent.close();
server.close();
await stop(child);
const outcomes = audit.records.reduce<Record<string, number>>((acc, record) => {
  acc[record.outcome] = (acc[record.outcome] ?? 0) + 1;
  return acc;
}, {});
console.log(
  `soak: ${((Date.now() - started) / 1000).toFixed(0)} s; operations ${operations.length} (audit outcomes ${JSON.stringify(outcomes)}); targets: lost = 0, unhandled = 0, audit_mismatch = 0, RSS growth ≤ 50 MB`,
);
console.log(
  `soak: views=${views} lost=${lost} unhandled=${unhandled} audit_mismatch=${auditMismatch} rss_growth_mb=${rssGrowth.toFixed(1)}`,
);
process.exit(0);
