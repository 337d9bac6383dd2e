/**
 * `npm run soak`: a fault soak of the API, loopback only, bounded in count and time. The functions' app
 * runs in-process against the simulator (in its own process) with an error rate of 0.2 and a latency spread
 * around the upstream timeout; it sends SOAK_VIEWS streamed 360 views and SOAK_OPERATIONS operations
 * (resets, and SMS of each device's newest birth certificate, on distinct devices), then checks:
 *   lost            views or operations that got no complete answer (a view must list all five sections),
 *                   counting those not sent before SOAK_DEADLINE_MS
 *   unhandled       unhandled rejections and uncaught exceptions in the process
 *   audit_mismatch  operations without exactly one audit record, or whose outcome disagrees with what
 *                   the simulator recorded (sent: recorded, to the number asked, naming the certificate;
 *                   failed: not recorded; unknown: either) or with the answer (2xx exactly when sent)
 *   rss_growth_mb   resident memory after the run minus after the warm-up (after a GC)
 * Ends with `soak: views=<n> lost=<a> unhandled=<b> audit_mismatch=<c> rss_growth_mb=<d>`, and exits
 * non-zero when a target is missed (lost, unhandled or audit_mismatch above 0, RSS growth above 50 MB).
 */
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { SECTIONS } from '../common/src/customer360';
import { createApp, createClients } from '../functions/src/app';
import { MemoryAuditSink } from '../functions/src/domain/audit/audit-sink';
import { MemoryUserDirectory } from '../functions/src/domain/users/user-directory';
import { httpTransport } from '../functions/src/adapters/upstream';
import { simulatorUpstream } from '../functions/src/config/upstream';
import { ROOT, waitForUrl } from './lib/emulator-env';
import { stop } from './lib/processes';
import { cpuReference } from './lib/cpu-reference';

// The machine's speed in this run, printed beside the figures (docs/performance.md).
const cpuRef = cpuReference('soak');

const VIEWS = Number(process.env.SOAK_VIEWS ?? 10_000);
const OPERATIONS = Number(process.env.SOAK_OPERATIONS ?? 500);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 100);
const TIMEOUT_MS = 300;
const DEADLINE_MS = Number(process.env.SOAK_DEADLINE_MS ?? 15 * 60_000);
const RSS_GROWTH_TARGET_MB = 50;
const SMS_PHONE = '6135550100';

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
const upstreamOf = (timeoutMs: number) => simulatorUpstream(simBase, timeoutMs, transport);
const sim = { base: simBase, upstream: upstreamOf(TIMEOUT_MS) };
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

const items: Array<{ mac: string; kinds: string[] }> = [];
while (items.length < Math.min(5000, VIEWS + OPERATIONS)) {
  const page = (await (
    await fetch(`${sim.base}/_sim/catalogue?limit=1000&offset=${items.length}`)
  ).json()) as {
    items: Array<{ mac: string; kinds: string[] }>;
  };
  if (page.items.length === 0) break;
  items.push(...page.items);
}
const macs = items.map((item) => item.mac);

// Operations: each on its own device (the last of the catalogue), by its own user; resets and SMS in
// turn, an SMS on a device with a birth certificate, naming its newest (read before the faults are on).
const direct = createClients(upstreamOf(10_000));
type Operation = { mac: string; kind: 'reset' | 'sms'; certificateId: string | null };
const planned: Operation[] = [];
for (let i = items.length - 1; i >= 0 && planned.length < OPERATIONS; i -= 1) {
  const item = items[i]!;
  if (planned.length % 2 === 0) {
    planned.push({ mac: item.mac, kind: 'reset', certificateId: null });
    continue;
  }
  if (item.kinds.includes('no-bc')) continue;
  const details = await direct.wan.details(item.mac);
  const certificates = await direct.birthCertificates.list(
    details.networkType,
    details.networkGroup,
    item.mac,
  );
  const newest = (certificates ?? []).sort((a, b) => b.ts.localeCompare(a.ts))[0];
  if (newest) planned.push({ mac: item.mac, kind: 'sms', certificateId: newest.id });
}
if (planned.length < OPERATIONS)
  throw new Error(`only ${planned.length} devices for ${OPERATIONS} operations`);

// Latency from 0.4× to 1.2× the timeout: some calls answer, some time out; a fifth fail outright.
await fetch(`${sim.base}/_sim/config`, {
  method: 'PUT',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ latencyMs: TIMEOUT_MS * 0.4, jitterMs: TIMEOUT_MS * 0.8, errorRate: 0.2 }),
});

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

/** Views answered in full; the others (failed, incomplete, or not sent before the deadline) are lost. */
let complete = 0;
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
    if (res.statusCode === 200 && SECTIONS.every((section) => sections.has(section))) complete += 1;
  } catch {
    // Lost: counted as a view without a complete answer.
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
complete = 0;
await pool(VIEWS, (index) => view(index + WARMUP));
let lost = VIEWS - complete;

const operations: Array<Operation & { status: number }> = [];
await pool(planned.length, async (index) => {
  const { mac, kind, certificateId } = planned[index]!;
  const path = kind === 'reset' ? `/api/360/${mac}/reset` : `/api/360/${mac}/birth-certificates/sms`;
  const body = kind === 'reset' ? {} : { phone: SMS_PHONE, certificateId };
  try {
    const res = await request(`${api}${path}`, {
      dispatcher: agent,
      method: 'POST',
      headers: { authorization: `Bearer operator-${index}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      headersTimeout: 30_000,
    });
    await res.body.text();
    operations.push({ mac, kind, certificateId, status: res.statusCode });
  } catch {
    lost += 1;
  }
});

// Every operation: exactly one audit record, and its outcome agrees with the simulator's records.
const recorded = async (kind: 'reset' | 'sms') => {
  const records = await fetch(`${sim.base}/_sim/records?kind=${kind}`).then(
    (r) => r.json() as Promise<Array<{ mac: string; body: { to?: string; body?: string } }>>,
  );
  return new Map(records.map((record) => [record.mac, record.body]));
};
const done = { reset: await recorded('reset'), sms: await recorded('sms') };
/** Done upstream: a reset recorded for the device; an SMS recorded to the number asked, naming the certificate. */
const doneUpstream = (operation: Operation) => {
  const body = done[operation.kind].get(operation.mac);
  if (!body || operation.kind === 'reset') return Boolean(body);
  return (
    body.to === SMS_PHONE &&
    Boolean(body.body?.endsWith(`/bc/${encodeURIComponent(operation.certificateId!)}`))
  );
};
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
  const upstream = doneUpstream(operation);
  const answeredOk = operation.status >= 200 && operation.status < 300;
  if ((outcome === 'sent' && !upstream) || (outcome === 'failed' && upstream)) auditMismatch += 1;
  else if (answeredOk !== (outcome === 'sent')) auditMismatch += 1;
}
lost += OPERATIONS - operations.length;

const rssGrowth = memory() - rssAfterWarmup;
await agent.close();
server.close();
await stop(child);
const outcomes = audit.records.reduce<Record<string, number>>((acc, record) => {
  const key = `${record.operation}:${record.outcome}`;
  acc[key] = (acc[key] ?? 0) + 1;
  return acc;
}, {});
console.log(
  `soak: ${((Date.now() - started) / 1000).toFixed(0)} s; operations ${operations.length} (audit outcomes ${JSON.stringify(outcomes)}); targets: lost = 0, unhandled = 0, audit_mismatch = 0, RSS growth ≤ ${RSS_GROWTH_TARGET_MB} MB`,
);
console.log(
  `soak: views=${VIEWS} lost=${lost} unhandled=${unhandled} audit_mismatch=${auditMismatch} rss_growth_mb=${rssGrowth.toFixed(1)} ${cpuRef.figure}`,
);
const missed = [
  lost > 0 && 'lost',
  unhandled > 0 && 'unhandled',
  auditMismatch > 0 && 'audit_mismatch',
  rssGrowth > RSS_GROWTH_TARGET_MB && 'rss_growth_mb',
].filter(Boolean);
if (missed.length > 0) console.error(`soak: target missed: ${missed.join(', ')}`);
process.exit(missed.length > 0 ? 1 : 0);
