/**
 * `npm run bench:edge`: what the page-shell function costs a signed-in deep link (docs/performance.md,
 * "Protected pages at the edge"). Time to first byte (fetch resolved on the answer's headers, over a kept
 * connection) of a protected page through the function (`__session` cookie verified with revocation,
 * the shell from memory) against the static landing, in the same run, alternating, median of N each
 * after a warm-up: a warm instance and a cached shell. The first request through the function is printed
 * apart (a new emulator worker: not what a deployed cold start costs, see README "Deploy").
 * Ends with `bench:edge deep_link_ttfb_ms=<a> landing_ttfb_ms=<b> ratio=<a/b>`. BENCH_EDGE_N sets N (default 40).
 */
import { launchBrowser, PORTAL } from '../harness/browser';
import { closeAdmin, createUser, sessionCookie, signInFast } from '../harness/users';
import { cpuReference } from './lib/cpu-reference';
import { median } from '../harness/stats';

// The machine's speed in this run, printed beside the figures (docs/performance.md).
const cpuRef = cpuReference('bench:edge');

const N = Number(process.env.BENCH_EDGE_N ?? 40);
const WARM_UP = 5;
const DEEP_LINK = '/i/mac/A4C1E8000000?tab=wan';

/** Time to the answer's headers; the body is read after the clock stops (the shells are the same size). */
async function ttfb(path: string, cookie?: string): Promise<{ ms: number; status: number }> {
  const start = performance.now();
  const res = await fetch(`${PORTAL}${path}`, {
    redirect: 'manual',
    headers: cookie ? { cookie: `__session=${cookie}` } : {},
  });
  const ms = performance.now() - start;
  await res.arrayBuffer();
  return { ms, status: res.status };
}

const { browser, close } = await launchBrowser();
try {
  const page = await (await browser.newContext({ baseURL: PORTAL })).newPage();
  await signInFast(page, await createUser('bench-edge', ['support3']));
  const { value } = await sessionCookie(page.context());
  await page.close();

  const first = await ttfb(DEEP_LINK, value);
  if (first.status !== 200) throw new Error(`the deep link answered ${first.status}, not 200 with the shell`);
  for (let index = 0; index < WARM_UP; index++) {
    await ttfb(DEEP_LINK, value);
    await ttfb('/');
  }
  const deep: number[] = [];
  const landing: number[] = [];
  for (let index = 0; index < N; index++) {
    deep.push((await ttfb(DEEP_LINK, value)).ms);
    landing.push((await ttfb('/')).ms);
  }
  const [deepMs, landingMs] = [median(deep), median(landing)];
  console.log(
    `bench:edge first request through the function (a new emulator worker): ${first.ms.toFixed(0)} ms`,
  );
  console.log(
    `bench:edge time to first byte, median of ${N}: signed-in deep link through the function ${deepMs.toFixed(1)} ms, static landing ${landingMs.toFixed(1)} ms`,
  );
  console.log(
    `bench:edge deep_link_ttfb_ms=${deepMs.toFixed(1)} landing_ttfb_ms=${landingMs.toFixed(1)} ratio=${(deepMs / landingMs).toFixed(2)} ${cpuRef.figure}`,
  );
} finally {
  await close();
  await closeAdmin();
}
