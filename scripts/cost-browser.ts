/**
 * `npm run cost:browser`: the Firestore operations the agents' browsers make themselves (not through the
 * API, which `cost:view` measures), counted from the requests of the built portal in Chromium against the
 * emulators and the simulator:
 * - a 360 view opened from the top bar's search (the recent lookups' transaction; the open outages the
 *   view reads once it is drawn);
 * - a minute of a 360 page left open and visible (the roles' and the open outages' reads, every 10 s);
 * - Home opened (the recent lookups, the open outages).
 * Each read and write is counted as Firestore bills it: a document read or written, a query at least one
 * read. The figures are then scaled to the floor of `cost:view` (scripts/lib/cost-floor.ts).
 * docs/performance.md, "What a view costs", holds the output.
 */
import type { Page, Request } from 'playwright-core';
import { launchBrowser, PORTAL } from '../harness/browser';
import { closeAdmin, createUser, signInFast } from '../harness/users';
import { cpuReference } from './lib/cpu-reference';
import { FLOOR, FLOOR_DAY_SECONDS, firestoreMonth, perSecondAtFloor, PRICES } from './lib/cost-floor';

const cpuRef = cpuReference('cost:browser');
const SIMULATOR = process.env.SIMULATOR_URL ?? 'http://127.0.0.1:9100';
const VIEWS = Number(process.env.COST_VIEWS ?? 5);
/** How long the open page is watched (COST_IDLE_SECONDS): a minute, six of each 10-second poll. */
const IDLE_SECONDS = Number(process.env.COST_IDLE_SECONDS ?? 60);

/** Firestore's billed operations by collection, and the Firebase Auth calls, of the requests seen. */
interface Counts {
  reads: Record<string, number>;
  writes: Record<string, number>;
  auth: number;
}
const empty = (): Counts => ({ reads: {}, writes: {}, auth: 0 });
const add = (record: Record<string, number>, key: string, n: number) =>
  (record[key] = (record[key] ?? 0) + n);

/** The collection of a document name (`projects/…/documents/<collection>/<id>…`). */
const collectionOf = (name: string) => /\/documents\/([^/]+)/.exec(name)?.[1] ?? '?';

let counts = empty();
/** The counts still being made (a query's answer read). */
const pending = new Set<Promise<void>>();
let inFlight = 0;
let lastActivity = performance.now();

/** Counts one finished request of the page: Firestore's REST calls by what they bill, Auth's calls. */
async function count(request: Request, counts: Counts): Promise<void> {
  const url = new URL(request.url());
  if (request.method() === 'OPTIONS') return;
  if (/identitytoolkit|securetoken/.test(url.pathname + url.hostname)) {
    counts.auth += 1;
    return;
  }
  const rpc = /\/documents(?::(\w+))?(\/.*)?$/.exec(url.pathname);
  if (!url.pathname.startsWith('/v1/projects/') || !rpc) return;
  const body = (() => {
    try {
      return request.postDataJSON() as Record<string, unknown> | null;
    } catch {
      return null;
    }
  })();
  const method = rpc[1];
  if (process.env.COST_DEBUG)
    console.log(
      `  [${method ?? request.method()}] ${url.pathname} ${request.postData() ?? ''}`.slice(0, 300),
    );
  if (method === 'batchGet') {
    for (const name of (body?.documents as string[] | undefined) ?? [])
      add(counts.reads, collectionOf(name), 1);
  } else if (method === 'runQuery') {
    const from = (body?.structuredQuery as { from?: Array<{ collectionId: string }> } | undefined)?.from;
    const response = await request.response();
    const answer = ((await response?.json().catch(() => [])) ?? []) as Array<{ document?: unknown }>;
    // A query is billed one read per document it answers, and one when it answers none.
    add(
      counts.reads,
      from?.[0]?.collectionId ?? '?',
      Math.max(1, answer.filter((entry) => entry.document).length),
    );
  } else if (method === 'runAggregationQuery') {
    const from = (
      body?.structuredAggregationQuery as { structuredQuery?: { from?: Array<{ collectionId: string }> } }
    )?.structuredQuery?.from;
    add(counts.reads, from?.[0]?.collectionId ?? '?', 1);
  } else if (method === 'commit') {
    for (const write of (body?.writes as Array<{ update?: { name: string }; delete?: string }> | undefined) ??
      [])
      add(counts.writes, collectionOf(write.update?.name ?? write.delete ?? ''), 1);
  } else if (method === undefined && request.method() === 'GET' && rpc[2]) {
    add(counts.reads, collectionOf(url.pathname), 1);
  } else if (method !== 'beginTransaction' && method !== 'rollback') {
    // Not a call this script knows how Firestore bills: shown as it is, one each.
    add(counts.reads, `? ${method ?? request.method()}`, 1);
  }
}

function watch(page: Page): void {
  page.on('request', () => {
    inFlight += 1;
    lastActivity = performance.now();
  });
  const done = (request: Request) => {
    inFlight -= 1;
    lastActivity = performance.now();
    // Counted into the phase it finished in (a query's count waits for its answer's body).
    const into = counts;
    const counting = count(request, into).catch((error: unknown) =>
      console.error(`cost:browser: ${request.url()} not counted: ${String(error)}`),
    );
    pending.add(counting);
    void counting.finally(() => pending.delete(counting));
  };
  page.on('requestfinished', done);
  page.on('requestfailed', () => {
    inFlight -= 1;
    lastActivity = performance.now();
  });
}

/** Once the page has made no request for `quietMs` (its reads after a view is drawn included). */
async function settled(quietMs = 1500, deadlineMs = 30_000): Promise<void> {
  const deadline = performance.now() + deadlineMs;
  while (performance.now() < deadline) {
    if (inFlight <= 0 && performance.now() - lastActivity >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the page still had ${inFlight} request(s) in flight after ${deadlineMs} ms`);
}

/** What happened in `action`, counted; `seconds` is how long it took. */
async function measure(action: () => Promise<void>): Promise<{ counts: Counts; seconds: number }> {
  await settled();
  counts = empty();
  const started = performance.now();
  await action();
  await settled();
  await Promise.all(pending);
  const measured = counts;
  // What the page does after (a warm-up, the next phase's own start) is not this phase's.
  counts = empty();
  return { counts: measured, seconds: (performance.now() - started) / 1000 };
}

const total = (record: Record<string, number>) => Object.values(record).reduce((a, b) => a + b, 0);
const list = (record: Record<string, number>, per = 1) =>
  Object.entries(record)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key} ${(value / per).toFixed(2)}`)
    .join('; ') || 'none';

const { items } = (await (await fetch(`${SIMULATOR}/_sim/catalogue?limit=${VIEWS + 2}`)).json()) as {
  items: Array<{ mac: string }>;
};
const { browser, close } = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: PORTAL });
  const page = await context.newPage();
  watch(page);
  await signInFast(page, await createUser('cost', ['support3']));

  /** A MAC typed in the top bar's search and Enter, until the view's sections are all in. */
  const view = async (mac: string) => {
    await page.waitForFunction(
      () =>
        !document.querySelector('#top-bar-mac-search')?.closest('form')?.querySelector('button[disabled]'),
    );
    await page.locator('#top-bar-mac-search').fill(mac);
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (expected) =>
        new URL(location.href).pathname.toUpperCase().endsWith(expected) &&
        ['customer', 'wan', 'lan', 'voice', 'bc', 'neighbourhood'].every((id) => {
          const card = document.querySelector(`[data-testid=section-${id}]`);
          return card && card.getAttribute('data-state') !== 'loading';
        }),
      mac.toUpperCase(),
      { timeout: 30_000 },
    );
  };

  // Warm-up: the view's code and the functions' workers.
  await view(items[0]!.mac);
  await view(items[1]!.mac);
  const views = await measure(async () => {
    for (const { mac } of items.slice(2, 2 + VIEWS)) await view(mac);
  });
  const idle = await measure(() => new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000)));
  // Home, for an agent with recent lookups (its list of them shows their devices' open outages).
  const home = await measure(async () => {
    await page.goto('/');
    await page.waitForSelector('#top-bar-mac-search');
  });

  // The views' own operations: what their phase counted in the collections an open page does not poll
  // (the polls are the open page's, counted per minute below, whatever the agent does).
  const polled = new Set(Object.keys(idle.counts.reads));
  const perView = (record: Record<string, number>) =>
    Object.fromEntries(
      Object.entries(record)
        .filter(([key]) => !polled.has(key))
        .map(([key, value]) => [key, value / VIEWS]),
    );
  const viewReads = perView(views.counts.reads);
  const viewWrites = perView(views.counts.writes);

  console.log(`cost:browser: ${VIEWS} views, a page open ${IDLE_SECONDS} s, ${PORTAL}`);
  console.log(
    `\nHome opened: Firestore reads ${total(home.counts.reads)}: ${list(home.counts.reads)}; writes ${total(home.counts.writes)}`,
  );
  console.log(
    `\na 360 view from the top bar's search (${VIEWS} views in ${views.seconds.toFixed(1)} s; the collections the open page polls left out: ${[...polled].join(', ') || 'none'})`,
  );
  console.log(`  Firestore reads ${total(viewReads).toFixed(2)}: ${list(viewReads)}`);
  console.log(`  Firestore writes ${total(viewWrites).toFixed(2)}: ${list(viewWrites)}`);
  console.log(`  Firebase Auth calls ${(views.counts.auth / VIEWS).toFixed(2)}`);
  console.log(`\na 360 page open and visible, per minute (${idle.seconds.toFixed(1)} s watched)`);
  const perMinute = 60 / idle.seconds;
  console.log(
    `  Firestore reads ${(total(idle.counts.reads) * perMinute).toFixed(2)}: ${list(idle.counts.reads, 1 / perMinute)}`,
  );
  console.log(
    `  Firestore writes ${(total(idle.counts.writes) * perMinute).toFixed(2)}; Firebase Auth calls ${(idle.counts.auth * perMinute).toFixed(2)}`,
  );

  // The floor: every agent's page polls while it is visible; each view adds its own operations.
  const viewsPerSecond = perSecondAtFloor(FLOOR.viewsPerAgentHour);
  const pollReads = FLOOR.agents * FLOOR.visibleShare * (total(idle.counts.reads) / idle.seconds);
  const reads = pollReads + viewsPerSecond * total(viewReads);
  const writes = viewsPerSecond * total(viewWrites);
  console.log(
    `\nfloor: ${FLOOR.agents} agents, ${FLOOR.viewsPerAgentHour} views per agent and hour, each agent's page visible ${FLOOR.visibleShare * 100} % of the peak hour, ${FLOOR.peakHoursPerDay} peak hours a day`,
  );
  console.log(
    `  browsers' Firestore: ${reads.toFixed(1)} reads/s (${pollReads.toFixed(1)} of them the open pages' polls), ${writes.toFixed(1)} writes/s; ${((reads * FLOOR_DAY_SECONDS) / 1e6).toFixed(2)} M reads and ${((writes * FLOOR_DAY_SECONDS) / 1e6).toFixed(2)} M writes a day`,
  );
  console.log(
    `  a month (30 days): Firestore (the browsers) $${firestoreMonth(reads, writes).toFixed(0)} (list prices of ${PRICES.date}, northamerica-northeast1)`,
  );
  console.log(
    `\ncost:browser view_reads=${total(viewReads).toFixed(2)} view_writes=${total(viewWrites).toFixed(2)} open_page_reads_per_min=${(total(idle.counts.reads) * perMinute).toFixed(2)} floor_reads_per_s=${reads.toFixed(1)} floor_writes_per_s=${writes.toFixed(1)} ${cpuRef.figure}`,
  );
} finally {
  await close();
  await closeAdmin();
}
