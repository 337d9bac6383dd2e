/**
 * `npm run cost:view`: what each thing an agent does costs the API, measured on the deployed wiring
 * (`buildApp` of functions/src/api-app.ts: Firestore adapters, caches, the upstream transport) in this
 * process, against the Firestore emulator and the simulator (started here, 40 ms per upstream call):
 * - upstream calls, by endpoint (the path template the adapters call);
 * - Firestore document reads and writes, by collection (scripts/lib/firestore-meter.ts), including what
 *   the API does after the answer has left (the look it stores);
 * - the API's CPU time, the requests' time, and the GB-s of a 512 MiB instance that serves only them;
 * - the bytes sent, compressed as the browser asks (`accept-encoding: br, gzip`).
 * Each row is the mean over COST_VIEWS devices (default 20), after a warm-up that fills the per-instance
 * caches a running instance has (threshold rules, playbook). docs/performance.md, "What a view costs",
 * holds the output and the floor derived from it.
 *
 *   node --import tsx scripts/emulators.ts exec --only firestore -- "node --import tsx scripts/cost-view.ts"
 */
import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { ROLE_KEYS } from '@insight/common/roles';
import { PROVINCES, STAGING_KINDS } from '@insight/common/staging';
import { seedThresholdSet } from '@insight/common/threshold-seed';
import { THRESHOLD_FULL_READ_MS } from '../functions/src/adapters/firestore';
import { THRESHOLD_CACHE } from '../functions/src/config/cache-ages';
import { PORT_LISTING } from '../functions/src/adapters/upstream';
import { PROMETHEUS_QUERY_RANGE_PATH } from '@insight/common/upstream/prometheus';
import { writeCounted } from '../harness/counted-seed';
import { freePort } from '../functions/src/testing/free-port';
import { MemoryUserDirectory } from '../functions/src/domain/users/user-directory';
import { cpuReference } from './lib/cpu-reference';
import { FLOOR, FLOOR_DAY_SECONDS, firestoreMonth, perSecondAtFloor, PRICES } from './lib/cost-floor';
import { PORTS, PROJECT_ID, ROOT, waitForUrl } from './lib/emulator-env';
import { meterFirestore, type FirestoreCounts } from './lib/firestore-meter';
import { seedPlaybook } from './lib/playbook-seed';
import { stop } from './lib/processes';
import { thresholdLists } from './seed';

const cpuRef = cpuReference('cost:view');

/** The threshold manager's lists (collection ids) and their records in the seeded set. */
const THRESHOLD_LISTS = ['definitions', 'rules', 'variants'];
const THRESHOLD_LIST_SIZE = (['definitions', 'rules', 'variants'] as const).reduce(
  (acc, list) => acc + seedThresholdSet()[list].length,
  0,
);
/** The api function as deployed (functions/src/index.ts). */
const FUNCTION = { concurrency: 80, maxInstances: 10, vcpu: 1, gib: 0.5 };
const VIEWS = Number(process.env.COST_VIEWS ?? 20);
/** The staging row: pages held open at once, and for how long (COST_STAGING_SECONDS). */
const STAGING_PAGES = 8;
const STAGING_SECONDS = Number(process.env.COST_STAGING_SECONDS ?? 20);
/** The window of a repeat view (FLOOR.repeatShare: "again within 5 min"). */
const REPEAT_WINDOW_MS = 5 * 60_000;
const LATENCY = 40;
/** The api function's memory (functions/src/index.ts). */
const INSTANCE_GIB = 0.5;

// The deployed configuration of the demo project, every upstream pointed at this script's simulator.
const simPort = await freePort();
const sim = `http://127.0.0.1:${simPort}`;
const deployed = parseEnv(readFileSync(path.join(ROOT, 'functions/.env.demo-insight'), 'utf8'));
for (const [name, value] of Object.entries(deployed))
  process.env[name] = value?.replace('http://127.0.0.1:9100', sim);
process.env.GCLOUD_PROJECT = PROJECT_ID;
process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${PORTS.firestore}`;

const child = spawn(process.execPath, ['--import', 'tsx', 'simulator/src/main.ts'], {
  cwd: ROOT,
  env: {
    ...process.env,
    SIM_PORT: String(simPort),
    SIM_LATENCY_MS: String(LATENCY),
    SIM_JITTER_MS: '0',
    SIM_ERROR_RATE: '0',
  },
  stdio: 'ignore',
});

/** Upstream calls by endpoint since the last take. */
let upstream: Record<string, number> = {};
/** The directory reads the role checks make (Firebase Auth's getUser in production). */
let identity = 0;
const meter = meterFirestore();

try {
  await waitForUrl(`${sim}/_sim/health`, 30_000);
  initializeApp({ projectId: PROJECT_ID });
  const db = getFirestore();
  await writeCounted(db, thresholdLists());
  await seedPlaybook(db);

  const { buildApp } = await import('../functions/src/api-app');
  const { cachedCurrentRoles } = await import('../functions/src/domain/users/current-roles');
  const roles = [...ROLE_KEYS];
  const user = {
    uid: 'cost',
    email: 'cost@insight.test',
    displayName: 'Cost',
    roles,
    lastSignIn: null,
    disabled: false,
  };
  /** The directory the role checks read (Firebase Auth's getUser when deployed), counted. */
  class CountedDirectory extends MemoryUserDirectory {
    constructor() {
      super([user]);
    }
    override async get(uid: string) {
      identity++;
      return super.get(uid);
    }
  }
  const app = buildApp({
    transport: (transport) => (baseUrl, request, timeoutMs) => {
      const endpoint = `${request.method ?? 'GET'} ${request.path}`;
      upstream[endpoint] = (upstream[endpoint] ?? 0) + 1;
      return transport(baseUrl, request, timeoutMs);
    },
    deps: {
      verifyToken: async () => ({ uid: 'cost', email: 'cost@insight.test', email_verified: true, roles }),
      // As deployed: the roles of every call from the directory, kept 5 s per user (counted, not read).
      currentRoles: cachedCurrentRoles(new CountedDirectory()),
    },
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };

  /** One request as the browser sends it; the bytes that came over the wire (compressed) and its time. */
  const send = (method: 'GET' | 'POST', apiPath: string, body?: unknown) =>
    new Promise<{ status: number; bytes: number; ms: number }>((resolve, reject) => {
      const started = performance.now();
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method,
          path: `/api${apiPath}`,
          headers: {
            authorization: 'Bearer cost',
            'accept-encoding': 'br, gzip',
            ...(payload
              ? { 'content-type': 'application/json', 'idempotency-key': `cost-${crypto.randomUUID()}` }
              : {}),
          },
        },
        (res) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - started }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

  const catalogue = (await (await fetch(`${sim}/_sim/catalogue?limit=1000`)).json()) as {
    items: Array<{ mac: string; kind: string }>;
  };
  const devices = catalogue.items.map((item) => item.mac);
  let nextDevice = 0;
  const freshDevice = () => devices[nextDevice++]!;

  /** The work the API does after an answer has left (the stored look) ends before the next row counts. */
  const settled = async () => {
    const deadline = Date.now() + 10_000;
    while (meter.inFlight() > 0 && Date.now() < deadline)
      await new Promise((resolve) => setImmediate(resolve));
  };

  type Row = Measured;
  /** `action` done VIEWS times; the mean of each figure per time. */
  async function measure(
    name: string,
    action: () => Promise<Array<{ status: number; bytes: number; ms: number }>>,
  ) {
    await settled();
    upstream = {};
    identity = 0;
    meter.take();
    let bytes = 0;
    let ms = 0;
    let requests = 0;
    const cpuBefore = process.cpuUsage();
    for (let i = 0; i < VIEWS; i++) {
      const answers = await action();
      for (const answer of answers) {
        if (answer.status >= 400) throw new Error(`${name}: HTTP ${answer.status}`);
        bytes += answer.bytes;
        ms += answer.ms;
      }
      requests += answers.length;
      await settled();
    }
    const cpu = process.cpuUsage(cpuBefore);
    const per = (value: number) => value / VIEWS;
    const perRecord = (record: Record<string, number>) =>
      Object.fromEntries(Object.entries(record).map(([key, value]) => [key, per(value)]));
    const firestore = meter.take();
    const row: Row = {
      name,
      requests: per(requests),
      upstream: perRecord(upstream),
      firestore: { reads: perRecord(firestore.reads), writes: perRecord(firestore.writes) },
      identity: per(identity),
      cpuMs: per((cpu.user + cpu.system) / 1000),
      ms: per(ms),
      bytes: per(bytes),
    };
    return row;
  }

  // What the 360 page asks for: the streamed view, its looks (what changed, the trend) and, once drawn, the
  // history (hosting/src/features/insight360/api).
  const view = (mac: string) => [
    () => send('GET', `/360/${mac}?language=en`),
    () => send('GET', `/360/${mac}/looks`),
    () => send('GET', `/360/${mac}/history`),
  ];
  const all = async (calls: Array<() => ReturnType<typeof send>>) => {
    const answers = [];
    for (const call of calls) answers.push(await call());
    return answers;
  };
  /**
   * Staging pages: STAGING_PAGES event streams held STAGING_SECONDS, spread over the four streams (Plume
   * and ONU, Ontario and Québec) as installers open them. Per page and minute: the API's CPU, the bytes
   * sent; and the upstream streams the instance holds for them (one per stream it serves, StagingHub).
   */
  async function measureStaging(): Promise<Staging> {
    await settled();
    const streams = STAGING_KINDS.flatMap((kind) =>
      PROVINCES.map((province) => `/staging/${kind}/${province}`),
    );
    let bytes = 0;
    const open: Array<{ destroy(): void }> = [];
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < STAGING_PAGES; i++) {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: `/api${streams[i % streams.length]}`,
          headers: { authorization: 'Bearer cost', 'accept-encoding': 'br, gzip' },
        },
        (res) => res.on('data', (chunk: Buffer) => (bytes += chunk.length)),
      );
      req.on('error', () => undefined);
      req.end();
      open.push(req);
    }
    await new Promise((resolve) => setTimeout(resolve, STAGING_SECONDS * 1000));
    const stats = (await new Promise<string>((resolve, reject) =>
      httpRequest(
        { host: '127.0.0.1', port, path: '/api/staging/stats', headers: { authorization: 'Bearer cost' } },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve(text));
        },
      )
        .on('error', reject)
        .end(),
    )) as string;
    const cpu = process.cpuUsage(cpuBefore);
    const minutes = (performance.now() - started) / 60_000;
    for (const req of open) req.destroy();
    const { upstreamOpen, viewers } = JSON.parse(stats) as { upstreamOpen: number; viewers: number };
    return {
      pages: STAGING_PAGES,
      viewers,
      upstreamOpen,
      cpuMsPerPageMinute: (cpu.user + cpu.system) / 1000 / STAGING_PAGES / minutes,
      bytesPerPageMinute: bytes / STAGING_PAGES / minutes,
    };
  }

  // Warm-up: the per-instance caches of a running instance (threshold rules, playbook, connections).
  for (let i = 0; i < 3; i++) await all(view(freshDevice()));

  const rows: Row[] = [];
  rows.push(await measure('360 view, a device not seen for 5 min', () => all(view(freshDevice()))));
  const seen = devices.slice(0, nextDevice).slice(-VIEWS);
  let again = 0;
  rows.push(
    await measure('360 view again within 5 min (another agent)', () =>
      all(view(seen[again++ % seen.length]!)),
    ),
  );
  rows.push(
    await measure('search by name', () =>
      all([() => send('GET', `/search?q=${encodeURIComponent('Tremblay')}`)]),
    ),
  );
  rows.push(
    await measure('reset a device', () => all([() => send('POST', `/360/${freshDevice()}/reset`, {})])),
  );
  const staging = await measureStaging();
  server.close();

  const sum = (record: Record<string, number>) => Object.values(record).reduce((a, b) => a + b, 0);
  const list = (record: Record<string, number>) =>
    Object.entries(record)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, value]) => `${key} ${value.toFixed(2)}`)
      .join('; ') || 'none';
  console.log(`cost:view: ${VIEWS} per row, upstream latency ${LATENCY} ms, instance ${INSTANCE_GIB} GiB`);
  for (const row of rows) {
    console.log(`\n${row.name} (${row.requests} requests)`);
    console.log(`  upstream calls ${sum(row.upstream).toFixed(2)}: ${list(row.upstream)}`);
    console.log(`  Firestore reads ${sum(row.firestore.reads).toFixed(2)}: ${list(row.firestore.reads)}`);
    console.log(`  Firestore writes ${sum(row.firestore.writes).toFixed(2)}: ${list(row.firestore.writes)}`);
    console.log(`  directory reads (role checks) ${row.identity.toFixed(2)}`);
    console.log(
      `  API CPU ${row.cpuMs.toFixed(2)} ms; requests' time ${row.ms.toFixed(0)} ms = ${((row.ms / 1000) * INSTANCE_GIB).toFixed(4)} GB-s alone on an instance; sent ${(row.bytes / 1024).toFixed(1)} KiB`,
    );
  }
  console.log(`\nstaging page, held ${STAGING_SECONDS} s (${staging.pages} pages over the four streams)`);
  console.log(
    `  upstream streams held by the instance ${staging.upstreamOpen} for ${staging.viewers} viewers; per page and minute: API CPU ${staging.cpuMsPerPageMinute.toFixed(2)} ms, sent ${(staging.bytesPerPageMinute / 1024).toFixed(1)} KiB; Firestore none`,
  );
  printFloor(rows, staging, sum);
  console.log(`\ncost:view ${cpuRef.figure}`);
  await stop(child);
  process.exit(0);
} catch (error) {
  await stop(child);
  throw error;
}

interface Staging {
  pages: number;
  viewers: number;
  upstreamOpen: number;
  cpuMsPerPageMinute: number;
  bytesPerPageMinute: number;
}

interface Measured {
  name: string;
  requests: number;
  upstream: Record<string, number>;
  firestore: FirestoreCounts;
  identity: number;
  cpuMs: number;
  ms: number;
  bytes: number;
}

/** The floor's peak hour and month from the measured rows (first view, view again, search, operation). */
function printFloor(rows: Measured[], staging: Staging, sum: (record: Record<string, number>) => number) {
  const [fresh, again, search, operation] = rows as [Measured, Measured, Measured, Measured];
  const perSecond = perSecondAtFloor;
  const viewsPerSecond = perSecond(FLOOR.viewsPerAgentHour);
  /**
   * The load on `instances` instances. The "again" row was measured on the instance that holds the first
   * view's copies, seconds after it: a view of the same device reaches that instance one time in
   * `instances` (requests are spread over them), and finds the call cache's copies only within its time to
   * live (CALL_TTL_MS of the repeat window, the repeats spread evenly over it); later, only the history (kept
   * REPEAT_WINDOW_MS). Anywhere else it costs a first view's calls.
   */
  // The call cache's time to live as deployed (CACHE_TTL_SECONDS of functions/.env.demo-insight, read above).
  const CALL_TTL_MS = Number(process.env.CACHE_TTL_SECONDS ?? 30) * 1000;
  const withinTtl = Math.min(1, CALL_TTL_MS / REPEAT_WINDOW_MS);
  const historyOnly: Measured = {
    ...fresh,
    upstream: Object.fromEntries(
      Object.entries(fresh.upstream).filter(([endpoint]) => !endpoint.endsWith(PROMETHEUS_QUERY_RANGE_PATH)),
    ),
  };
  const loadOn = (instances: number) => {
    const repeat = viewsPerSecond * FLOOR.repeatShare;
    const onItsInstance = repeat / instances;
    return [
      { row: fresh, rate: viewsPerSecond - onItsInstance },
      { row: again, rate: onItsInstance * withinTtl },
      { row: historyOnly, rate: onItsInstance * (1 - withinTtl) },
      { row: search, rate: perSecond(FLOOR.searchesPerAgentHour) },
      { row: operation, rate: perSecond(FLOOR.operationsPerAgentHour) },
    ];
  };
  const total = (load: ReturnType<typeof loadOn>, figure: (row: Measured) => number) =>
    load.reduce((acc, { row, rate }) => acc + rate * figure(row), 0);
  // Requests in flight: each request's time (Little's law); the staging pages hold one stream each. The
  // instances decide how often a repeat view finds its copies, which changes the load a little: computed
  // again until it holds.
  const instancesFor = (load: ReturnType<typeof loadOn>) => {
    const inFlight = total(load, (row) => row.ms / 1000) + FLOOR.stagingWatchers;
    const cpuShare =
      (total(load, (row) => row.cpuMs / 1000) +
        (FLOOR.stagingWatchers * staging.cpuMsPerPageMinute) / 60_000) /
      FUNCTION.vcpu;
    const instances = Math.max(Math.ceil(inFlight / FUNCTION.concurrency), Math.ceil(cpuShare / 0.6));
    return { inFlight, cpuShare, instances };
  };
  let instances = 1;
  for (let round = 0; round < 10; round++) {
    const next = instancesFor(loadOn(instances)).instances;
    if (next === instances) break;
    instances = next;
  }
  const load = loadOn(instances);
  const { inFlight, cpuShare } = instancesFor(load);
  const viewsInFlight = total(load.slice(0, 3), (row) => row.ms / 1000);
  const requestsPerSecond = total(load, (row) => row.requests);
  // The threshold lists are read per instance, not per view: while it serves, an instance checks their marks
  // (six reads) once per THRESHOLD_CACHE.refreshAfterMs and reads them whole once per THRESHOLD_FULL_READ_MS.
  const perView = (row: Measured) =>
    sum(row.firestore.reads) -
    THRESHOLD_LISTS.reduce((acc, list) => acc + (row.firestore.reads[list] ?? 0), 0);
  const thresholdReads =
    instances *
    (6 / (THRESHOLD_CACHE.refreshAfterMs / 1000) + THRESHOLD_LIST_SIZE / (THRESHOLD_FULL_READ_MS / 1000));
  const reads = total(load, perView) + thresholdReads;
  const writes = total(load, (row) => sum(row.firestore.writes));
  const day = FLOOR_DAY_SECONDS;
  // The port listing is kept a minute per instance: a view's listing is asked again only when no view of the
  // same port reached this instance in the last minute.
  const ports = FLOOR.onus / FLOOR.onusPerPort;
  const listingsPerView = Object.entries(fresh.upstream).reduce(
    (acc, [endpoint, calls]) => acc + (endpoint.endsWith(PORT_LISTING) ? calls : 0),
    0,
  );
  const portHit = 1 - Math.exp(-(((viewsPerSecond * listingsPerView) / instances / ports) * 60));
  const upstream = new Map<string, number>();
  for (const { row, rate } of load)
    for (const [endpoint, calls] of Object.entries(row.upstream)) {
      const asked = endpoint.endsWith(PORT_LISTING) ? rate * calls * (1 - portHit) : rate * calls;
      upstream.set(endpoint, (upstream.get(endpoint) ?? 0) + asked);
    }
  // The history is kept 5 minutes per device and instance: a view finds it only as the "again" row did.
  const historyCalls = (row: Measured) =>
    Object.entries(row.upstream).reduce(
      (acc, [endpoint, calls]) => acc + (endpoint.endsWith(PROMETHEUS_QUERY_RANGE_PATH) ? calls : 0),
      0,
    );
  const historyAsked = total(load.slice(0, 3), historyCalls);
  const historyNeeded = viewsPerSecond * historyCalls(fresh);
  // Billed instance time: every instance busy all the peak hour (requests arrive every few milliseconds).
  const instanceSecondsPerMonth = instances * day * 30;
  const compute =
    instanceSecondsPerMonth * (FUNCTION.vcpu * PRICES.vcpuSecond + FUNCTION.gib * PRICES.gibSecond) +
    ((requestsPerSecond * day * 30) / 1e6) * PRICES.perMillionRequests;
  const firestore = firestoreMonth(reads, writes);
  console.log(
    `\nfloor: ${FLOOR.agents} agents, ${FLOOR.viewsPerAgentHour} views (${FLOOR.repeatShare * 100} % again within 5 min), ${FLOOR.searchesPerAgentHour} searches and ${FLOOR.operationsPerAgentHour} operations per agent and hour, ${FLOOR.stagingWatchers} staging pages open, ${FLOOR.peakHoursPerDay} peak hours a day`,
  );
  console.log(`  ${viewsPerSecond.toFixed(1)} views/s, ${requestsPerSecond.toFixed(1)} API requests/s`);
  console.log(
    `  in flight ${inFlight.toFixed(0)} (${viewsInFlight.toFixed(1)} views' requests, ${FLOOR.stagingWatchers} staging streams), CPU ${(cpuShare * 100).toFixed(0)} % of one vCPU: ${instances} instance(s) at concurrency ${FUNCTION.concurrency} (maxInstances ${FUNCTION.maxInstances})`,
  );
  console.log(
    `  staging: ${FLOOR.stagingWatchers} pages held, ${(((FLOOR.stagingWatchers * staging.cpuMsPerPageMinute) / 60_000) * 100).toFixed(1)} % of one vCPU, ${((FLOOR.stagingWatchers * staging.bytesPerPageMinute) / 60 / 1024).toFixed(0)} KiB/s sent; upstream streams: at most ${STAGING_KINDS.length * PROVINCES.length} per instance (${staging.upstreamOpen} held for ${staging.viewers} pages here), ${STAGING_KINDS.length * PROVINCES.length * instances} at ${instances} instances`,
  );
  console.log(
    `  a repeat view reaches the instance of the first 1 time in ${instances}; ${(withinTtl * 100).toFixed(0)} % of those within the call cache's ${CALL_TTL_MS / 1000} s: ${((FLOOR.repeatShare / instances) * withinTtl * 100).toFixed(2)} % of views answered from the call cache, ${((FLOOR.repeatShare / instances) * 100).toFixed(1)} % find the history there`,
  );
  console.log(
    `  Firestore (the API): ${reads.toFixed(1)} reads/s (${thresholdReads.toFixed(1)} of them the threshold lists' checks), ${writes.toFixed(1)} writes/s; ${((reads * day) / 1e6).toFixed(2)} M reads and ${((writes * day) / 1e6).toFixed(2)} M writes a day`,
  );
  console.log(
    `  upstream calls/s: ${[...upstream]
      .sort((a, b) => b[1] - a[1])
      .map(([endpoint, rate]) => `${endpoint} ${rate.toFixed(1)}`)
      .join('; ')}`,
  );
  console.log(
    `  port listing: ${(portHit * 100).toFixed(1)} % of the views that need one find it on their instance (${ports.toFixed(0)} ports, kept a minute)`,
  );
  console.log(
    `  history (${PROMETHEUS_QUERY_RANGE_PATH}): ${historyAsked.toFixed(1)} asked/s of ${historyNeeded.toFixed(1)} views/s that show it: ${((1 - historyAsked / historyNeeded) * 100).toFixed(1)} % from an instance's cache`,
  );
  console.log(
    `  a month (30 days): functions $${compute.toFixed(0)}, Firestore (the API) $${firestore.toFixed(0)} (list prices of ${PRICES.date}, northamerica-northeast1); the browsers' own Firestore operations: cost:browser`,
  );
}
