/**
 * bench:api's API process (scripts/bench-api.ts starts it): the functions' code bundled as deployed
 * (scripts/lib/bench-api-build.ts, as the bench built it), on a free port of 127.0.0.1, against the simulator at
 * BENCH_SIM_URL, with the threshold rules from a short cache as deployed (BENCH_GRADING=off: nothing graded).
 * A control server beside it answers the process's CPU time (`GET /cpu`, like the simulator's `/_sim/cpu`)
 * and takes a CPU profile (`POST /profile/start`, `POST /profile/stop?file=…`). The API runs in its own
 * process so that its CPU per view is its own, not the bench client's too. Prints one JSON line:
 * `{"origin":…,"control":…}`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { loadBenchApiBundle } from './lib/bench-api-build';

const { simulatorUpstream, seedThresholdSet, cachedThresholds, startBenchApi } = loadBenchApiBundle();
const { origin } = await startBenchApi('support1', {
  upstream: simulatorUpstream(process.env.BENCH_SIM_URL!, 10_000),
  thresholds: cachedThresholds(
    async () =>
      process.env.BENCH_GRADING === 'off' ? { definitions: [], rules: [], variants: [] } : seedThresholdSet(),
    { maxAgeMs: 3000, refreshAfterMs: 1000 },
  ),
});

const session = new Session();
let connected = false;
const control = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://control');
  if (url.pathname === '/cpu') {
    const { user, system } = process.cpuUsage();
    res.end(JSON.stringify({ userMicros: user, systemMicros: system }));
  } else if (url.pathname === '/profile/start') {
    // One profile after another (bench:api profiles each concurrency-50 phase): connected once.
    if (!connected) session.connect();
    connected = true;
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    res.end('{}');
  } else if (url.pathname === '/profile/stop') {
    const { profile } = await session.post('Profiler.stop');
    const file = url.searchParams.get('file')!;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(profile));
    res.end('{}');
  } else {
    res.statusCode = 404;
    res.end();
  }
}).listen(0, '127.0.0.1');
await new Promise((resolve) => control.once('listening', resolve));
console.log(
  JSON.stringify({ origin, control: `http://127.0.0.1:${(control.address() as AddressInfo).port}` }),
);
