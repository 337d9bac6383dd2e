/**
 * `npm run bench:api`: the functions' app, bundled as deployed and run on Node 22 in a process of its own
 * (scripts/bench-api-server.ts), against the simulator (another process) with a
 * fixed upstream latency (BENCH_LATENCY_MS, default 40 ms, no jitter). Fetches complete 360 views (all
 * five sections in one streamed request, each view on a device not seen before so that nothing is
 * cached) at concurrency 1 and, after a warm-up, at 50, each asking for the answer as it is; then at 50
 * again with the answers compressed as a browser asks (BENCH_ACCEPT_ENCODING); prints per phase p50/p95 of
 * a complete view against the critical-path lower bound, views per second and the CPU time per view of
 * the API, the simulator and the bench client (and the compressed bytes a view).
 */
// First: the bench runs on the functions' deploy runtime (Node 22).
import './lib/on-deploy-node';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { SECTIONS } from '../common/src/customer360';
import { ROOT, waitForUrl } from './lib/emulator-env';
import { stop } from './lib/processes';
import { benchApiBundle } from './lib/bench-api-build';
import { cpuReference } from './lib/cpu-reference';
import { spread } from '../harness/stats';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { summarise } from './profile-summary';

// The machine's speed in this run, printed beside the figures (docs/performance.md).
const cpuRef = cpuReference('bench:api');
// The functions' code bundled as deployed (scripts/lib/bench-api-build.ts): the API's process loads it,
// the bench's client takes its keep-alive pool from it.
const { keepAlivePool, requestText } = await benchApiBundle();

const LATENCY = Number(process.env.BENCH_LATENCY_MS ?? 40);
const SIM_PORT = Number(process.env.BENCH_SIM_PORT ?? 9191);
/** BENCH_SIM_URL: use a simulator that is already running (with its own latency) instead of starting one. */
const sim = process.env.BENCH_SIM_URL ?? `http://127.0.0.1:${SIM_PORT}`;
/**
 * The longest chain of dependent upstream calls of a 360 view: customer account → billing accounts →
 * products. (WAN: account → registration; voice and certificates: details → their call; all shorter.)
 */
const CRITICAL_CHAIN = ['customer-accounts', 'billing-accounts', 'products'];
const criticalPathMs = CRITICAL_CHAIN.length * LATENCY;
/**
 * What the browser's requests say they accept (BENCH_ACCEPT_ENCODING, default `br, gzip` as Chromium asks;
 * `none` leaves the compressed phase out). The phases before it ask for the answer as it is, as every run
 * before 2026-11-28 did: their figures stay comparable.
 */
const BROWSER_ENCODING =
  process.env.BENCH_ACCEPT_ENCODING === 'none' ? null : (process.env.BENCH_ACCEPT_ENCODING ?? 'br, gzip');

/** BENCH_PROFILE=<dir>: the simulator writes a CPU profile there too (the API's: below). */
const profile = process.env.BENCH_PROFILE
  ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
  : [];
const child = process.env.BENCH_SIM_URL
  ? null
  : spawn(process.execPath, [...profile, '--import', 'tsx', 'simulator/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        SIM_PORT: String(SIM_PORT),
        SIM_LATENCY_MS: String(LATENCY),
        SIM_JITTER_MS: '0',
        SIM_ERROR_RATE: '0',
      },
      stdio: 'ignore',
    });

let apiProcess: ChildProcess | null = null;
try {
  await waitForUrl(`${sim}/_sim/health`, 30_000);
  // Every view is on a device not seen before (nothing cached by the API): as many catalogue MACs as views.
  const phases = {
    warmup: 20,
    c1: Number(process.env.BENCH_C1_VIEWS ?? 60),
    c50Warmup: Number(process.env.BENCH_C50_WARMUP_VIEWS ?? 200),
    c50: Number(process.env.BENCH_C50_VIEWS ?? 1000),
    // The same at 50, the answers compressed as a browser asks (BENCH_ACCEPT_ENCODING=none: left out).
    c50CompressedWarmup: BROWSER_ENCODING ? 100 : 0,
    c50Compressed: BROWSER_ENCODING ? Number(process.env.BENCH_C50_VIEWS ?? 1000) : 0,
  };
  const needed = Object.values(phases).reduce((sum, n) => sum + n, 0);
  const items: Array<{ mac: string }> = [];
  while (items.length < needed) {
    const page = (await (await fetch(`${sim}/_sim/catalogue?limit=1000&offset=${items.length}`)).json()) as {
      items: Array<{ mac: string }>;
    };
    if (page.items.length === 0)
      throw new Error(`the catalogue has ${items.length} devices, ${needed} needed`);
    items.push(...page.items);
  }
  // Warm the simulator's own catalogue cache: its first-touch generation of a device is not ours to measure.
  for (let i = 0; i < needed; i += 100)
    await Promise.all(
      items
        .slice(i, Math.min(i + 100, needed))
        .map(({ mac }) => fetch(`${sim}/_sim/warm/${mac}`).then((r) => r.arrayBuffer())),
    );
  // The API in a process of its own (scripts/bench-api-server.ts), with the young generation it is deployed
  // with: its CPU per view is then its own, not the bench client's too.
  apiProcess = spawn(
    process.execPath,
    [
      '--max-semi-space-size=64',
      '--min-semi-space-size=64',
      ...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(/\s+/).filter(Boolean) : []),
      '--import',
      'tsx',
      'scripts/bench-api-server.ts',
    ],
    { cwd: ROOT, env: { ...process.env, BENCH_SIM_URL: sim }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const { origin, control } = JSON.parse(
    (await once(createInterface({ input: apiProcess.stdout! }), 'line'))[0] as string,
  ) as { origin: string; control: string };
  const post = (pathAndQuery: string) =>
    fetch(`${control}${pathAndQuery}`, { method: 'POST' }).then((r) => r.arrayBuffer());
  const api = new URL(`${origin}/api/360`);

  // The browser's side of the bench: its own connection pool, like a separate client.
  const client = keepAlivePool(256);
  // With an Accept-Encoding, the API compresses the streamed answer; the client takes its bytes whole and
  // decodes them (as a browser does, on its own thread).
  let compressedBytes = 0;
  const viewText = async (path: string, encoding: string | null) => {
    if (!encoding)
      return requestText(client, {
        origin: api.origin,
        path,
        method: 'GET',
        headers: { authorization: 'Bearer bench' },
      });
    const res = await client.request({
      origin: api.origin,
      path,
      method: 'GET',
      headers: { authorization: 'Bearer bench', 'accept-encoding': encoding },
    });
    const body = Buffer.from(await res.body.arrayBuffer());
    const coding = res.headers['content-encoding'];
    if (coding !== 'br' && coding !== 'gzip')
      throw new Error(`the API answered ${coding ?? 'identity'} for ${encoding}`);
    compressedBytes += body.length;
    const text = (coding === 'br' ? brotliDecompressSync(body) : gunzipSync(body)).toString('utf8');
    return { status: res.statusCode, text };
  };
  let next = 0;
  async function view(encoding: string | null): Promise<number> {
    const mac = items[next++]!.mac;
    const started = performance.now();
    // The whole view in one streamed request (what the 360 page does): done when the last section line is in.
    const res = await viewText(`${api.pathname}/${mac}`, encoding);
    // The browser parses these lines; the bench only checks each line's status, to keep its own CPU out of the figures.
    const statuses = [...res.text.matchAll(/^\{"section":"([\w-]+)","status":(\d+)/gm)].map((m) => ({
      section: m[1],
      status: Number(m[2]),
    }));
    if (
      res.status !== 200 ||
      statuses.length !== SECTIONS.length ||
      statuses.some((line) => line.status >= 500)
    ) {
      throw new Error(
        `a section failed for ${mac}: ${statuses.map((line) => `${line.section}=${line.status}`).join(',')}`,
      );
    }
    return performance.now() - started;
  }

  /** A process's CPU time so far in µs, from its `cpu` route (the simulator's, the API's control server's). */
  const cpuOf = async (url: string) => {
    const { userMicros, systemMicros } = (await (await fetch(url)).json()) as Record<string, number>;
    return userMicros! + systemMicros!;
  };
  const simCpu = () => cpuOf(`${sim}/_sim/cpu`);
  const apiCpu = () => cpuOf(`${control}/cpu`);

  async function run(concurrency: number, views: number, encoding: string | null = null) {
    const times: number[] = [];
    let remaining = views;
    const simCpuBefore = await simCpu();
    const apiCpuBefore = await apiCpu();
    const clientCpuBefore = process.cpuUsage();
    const bytesBefore = compressedBytes;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (remaining-- > 0) times.push(await view(encoding));
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const apiCpuMs = ((await apiCpu()) - apiCpuBefore) / 1000 / times.length;
    const simCpuMs = ((await simCpu()) - simCpuBefore) / 1000 / times.length;
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const clientCpuMs = (clientCpu.user + clientCpu.system) / 1000 / times.length;
    const { p50, p95 } = spread(times);
    return {
      p50,
      p95,
      rps: times.length / seconds,
      views: times.length,
      apiCpuMs,
      simCpuMs,
      clientCpuMs,
      bytesPerView: (compressedBytes - bytesBefore) / times.length,
    };
  }

  await run(5, phases.warmup); // warm-up: connections, JIT
  const c1 = await run(1, phases.c1);
  // Steady state at 50: the pool's connections opened and the code optimised for this load first.
  await run(50, phases.c50Warmup);
  // BENCH_PROFILE=<dir>: the API's own CPU profile of each concurrency-50 phase, and where its time went.
  const profiled = async (name: string, measure: () => ReturnType<typeof run>) => {
    const file = process.env.BENCH_PROFILE
      ? path.resolve(process.env.BENCH_PROFILE, `api-${name}.cpuprofile`)
      : null;
    if (file) await post('/profile/start');
    const result = await measure();
    if (file) {
      await post(`/profile/stop?file=${encodeURIComponent(file)}`);
      const profile = JSON.parse(readFileSync(file, 'utf8')) as Parameters<typeof summarise>[0];
      const { byModule, busyMs } = summarise(profile);
      console.log(`API profile of the ${name} phase (${file}), self time by module:`);
      for (const [module, ms] of [...byModule].sort((a, b) => b[1] - a[1]).slice(0, 20))
        console.log(
          `  ${((ms / busyMs) * 100).toFixed(1).padStart(5)} %  ${(ms / result.views).toFixed(3)} ms per view  ${module}`,
        );
    }
    return result;
  };
  const c50 = await profiled('c50', () => run(50, phases.c50));
  let c50Compressed: Awaited<ReturnType<typeof run>> | null = null;
  if (BROWSER_ENCODING) {
    await run(50, phases.c50CompressedWarmup, BROWSER_ENCODING);
    c50Compressed = await profiled('c50-compressed', () => run(50, phases.c50Compressed, BROWSER_ENCODING));
  }

  const line = (name: string, r: Awaited<ReturnType<typeof run>>) =>
    console.log(
      `${name.padEnd(15)} views ${String(r.views).padStart(4)}  p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  p50/critical ${(r.p50 / criticalPathMs).toFixed(3)}  ${r.rps.toFixed(1)} views/s (${(r.rps * SECTIONS.length).toFixed(0)} sections/s)  CPU per view: API ${r.apiCpuMs.toFixed(2)} ms, simulator ${r.simCpuMs.toFixed(2)} ms, bench client ${r.clientCpuMs.toFixed(2)} ms${r.bytesPerView ? `, ${Math.round(r.bytesPerView)} bytes compressed` : ''}`,
    );
  console.log(
    `upstream latency ${LATENCY} ms, critical path ${CRITICAL_CHAIN.join(' → ')} = ${criticalPathMs} ms`,
  );
  line('concurrency 1', c1);
  line('concurrency 50', c50);
  if (c50Compressed) line(`concurrency 50, accept-encoding ${BROWSER_ENCODING}`, c50Compressed);
  console.log(
    `bench:api c1_p50_ratio=${(c1.p50 / criticalPathMs).toFixed(3)} c50_p50_ratio=${(c50.p50 / criticalPathMs).toFixed(3)} c50_rps=${c50.rps.toFixed(1)} c50_api_cpu_ms=${c50.apiCpuMs.toFixed(2)}${c50Compressed ? ` c50_compressed_p50_ratio=${(c50Compressed.p50 / criticalPathMs).toFixed(3)} c50_compressed_api_cpu_ms=${c50Compressed.apiCpuMs.toFixed(2)}` : ''} ${cpuRef.figure}`,
  );
} finally {
  if (apiProcess) await stop(apiProcess);
  if (child) await stop(child);
}
