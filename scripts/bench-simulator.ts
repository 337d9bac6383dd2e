/**
 * `npm run bench:simulator`: 200 concurrent clients for 10 s against a simulator process on loopback,
 * a mix of every read endpoint over catalogue MACs. Prints requests, failures, throughput, latency
 * percentiles and the simulator's resident memory over the run (it should stay flat).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ROOT, waitForUrl } from './lib/emulator-env';
import { stop } from './lib/processes';
import { cpuReference } from './lib/cpu-reference';
import { percentile } from '../harness/stats';

// The machine's speed in this run, printed beside the figures (docs/performance.md).
const cpuRef = cpuReference('bench:simulator');

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 200);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const PORT = Number(process.env.BENCH_SIM_PORT ?? 9190);
const base = `http://127.0.0.1:${PORT}`;

const rssMb = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
};
/** Live heap after a forced collection: what stays allocated, without garbage waiting to be collected. */
const heapAfterGc = async () =>
  ((await (await fetch(`${base}/_sim/memory`)).json()) as { heapUsedMb: number }).heapUsedMb;

const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'simulator/src/main.ts'], {
  cwd: ROOT,
  env: { ...process.env, SIM_PORT: String(PORT) },
  stdio: 'ignore',
});
try {
  await waitForUrl(`${base}/_sim/health`, 30_000);
  const catalogue = (await (await fetch(`${base}/_sim/catalogue?limit=1000`)).json()) as {
    items: Array<{
      mac: string;
      serialNumber: string;
      networkType: string;
      hostIpMta: string | null;
      customerAccountNumber: string;
    }>;
  };
  const paths = catalogue.items.flatMap((item) => [
    `/customer-accounts?deviceMac=${item.mac}&language=en`,
    `/customer-accounts/${item.customerAccountNumber}/billing-accounts?language=en`,
    `/api/fe/wan/v1/pon/onu/${item.mac}/details`,
    `/api/fe/wan/v1/pon/onu/${item.mac}/state`,
    `/api/fe/wan/v1/pon/onu/${item.mac}/firmware`,
    `/api/fe/lan/v1/cpe/${item.mac}`,
  ]);
  // Warm-up pass so that the memory figures compare steady states.
  for (let i = 0; i < paths.length; i += 50)
    await Promise.all(paths.slice(i, i + 50).map((p) => fetch(`${base}${p}`).then((r) => r.arrayBuffer())));
  const rssStart = rssMb(child.pid!);
  const heapStart = await heapAfterGc();
  const samples: number[] = [rssStart];
  const sampler = setInterval(() => samples.push(rssMb(child.pid!)), 1000);

  const latencies: number[] = [];
  let sent = 0;
  let failed = 0;
  const statuses = new Map<number, number>();
  const deadline = Date.now() + DURATION_MS;
  async function worker(offset: number) {
    let i = offset;
    while (Date.now() < deadline) {
      const path = paths[i++ % paths.length]!;
      const started = performance.now();
      sent++;
      try {
        const res = await fetch(`${base}${path}`);
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status !== 200) failed++;
      } catch {
        failed++;
      }
      latencies.push(performance.now() - started);
    }
  }
  const started = Date.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, n) => worker(n * 37)));
  const elapsed = (Date.now() - started) / 1000;
  clearInterval(sampler);
  const rssEnd = rssMb(child.pid!);
  const heapEnd = await heapAfterGc();
  const pct = (p: number) => percentile(latencies, p).toFixed(1);
  console.log(`requests sent        ${sent}`);
  console.log(
    `answered             ${[...statuses.values()].reduce((a, b) => a + b, 0)}  (statuses: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')})`,
  );
  console.log(`lost or failed       ${failed}`);
  console.log(
    `throughput           ${(sent / elapsed).toFixed(0)} req/s over ${elapsed.toFixed(1)} s at concurrency ${CONCURRENCY}`,
  );
  console.log(`latency p50/p95/p99  ${pct(50)} / ${pct(95)} / ${pct(99)} ms`);
  console.log(
    `simulator RSS        start ${rssStart.toFixed(1)} MB, max ${Math.max(...samples).toFixed(1)} MB, end ${rssEnd.toFixed(1)} MB`,
  );
  console.log(
    `live heap after GC   start ${heapStart.toFixed(1)} MB, end ${heapEnd.toFixed(1)} MB (${(heapEnd - heapStart >= 0 ? '+' : '') + (heapEnd - heapStart).toFixed(1)} MB)`,
  );
  console.log(
    `bench:simulator requests=${sent} failed=${failed} rps=${(sent / elapsed).toFixed(0)} heap_start_mb=${heapStart.toFixed(1)} heap_end_mb=${heapEnd.toFixed(1)} rss_end_mb=${rssEnd.toFixed(1)} ${cpuRef.figure}`,
  );
} finally {
  await stop(child);
}
