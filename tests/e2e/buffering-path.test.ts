import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { formatMac } from '../../common/src/mac';
import { catalogue, SIMULATOR } from '../../harness/api-client';
import { useBrowser } from '../../harness/browser';
import { addStagingProbe, countChanges, probeState, startMeasuring } from '../../harness/staging-probe';
import { useBufferingPortal } from './support/buffering-path';
import { resetStreamCounts, streamCount, streamSettings, until } from '../../harness/simulator-streams';
import { closeAdmin, createUser, signInFast } from '../../harness/users';

/**
 * The portal through a path that delivers each answer only when it ends (the buffering proxy in front
 * of the hosting emulator): the staging page reads its stream as a long poll, the 360 view asks for each
 * section on its own route once a whole-view answer came bunched (docs/features.md, "Streams through a buffering path").
 */

const plumeOn = () => streamCount('plume', 'ON');
const putJson = (path: string, body: unknown) =>
  fetch(`${SIMULATOR}${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Every /api request the page makes, as paths with their query. */
function apiRequests(page: Page) {
  const made: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) made.push(`${url.pathname}${url.search}`);
  });
  return made;
}

/** The requests of one device's view: its whole-view stream and its sections' own routes. */
const viewRequests = (requests: string[], mac: string) =>
  requests.filter((path) =>
    new RegExp(`^/api/360/${mac}(/(customer|wan|lan|voice|birth-certificates))?\\?`).test(path),
  );

const SECTION_CARDS = ['section-customer', 'section-wan', 'section-lan', 'section-voice', 'section-bc'];
/** Waits until the view shows `mac` and every section card has left its skeleton; returns their states. */
async function viewSettled(page: Page, mac: string): Promise<Array<string | null>> {
  await page.waitForFunction(
    ({ shown, ids }) => {
      const cards = ids.map((id) => document.querySelector(`[data-testid=${id}]`));
      return (
        document.querySelector('[data-testid=view-mac]')?.textContent === shown &&
        cards.every((card) => card && card.getAttribute('data-state') !== 'loading')
      );
    },
    { shown: formatMac(mac), ids: SECTION_CARDS },
    { timeout: 30_000 },
  );
  return Promise.all(SECTION_CARDS.map((id) => page.getByTestId(id).getAttribute('data-state')));
}

describe('through a path that buffers answers', () => {
  const browser = useBrowser();
  const proxy = useBufferingPortal();
  afterAll(async () => {
    await closeAdmin();
  });

  it('when an installer opens /plume-stage behind a proxy that delivers each answer only when it ends, then the page switches to the poll form and shows every change', async () => {
    // 20 switch changes a second over 30 switches of each province for 15 s, then quiet (upstream stamps each).
    const RATE = 20;
    const SECONDS = 15;
    const sent = RATE * SECONDS;
    const before = await streamSettings();
    await putJson('/_sim/streams', { switches: 30, eventsPerS: RATE, maxChanges: sent });
    try {
      // The settings hold for upstream connections opened after: an earlier page's must have closed.
      await until(async () => ((await plumeOn())?.open ?? 0) === 0, 50_000, 'earlier plume streams to close');
      await resetStreamCounts();

      const page = await browser.newPage({ baseURL: proxy.url() });
      await addStagingProbe(page, { table: 'plume-table', worker: 'rows' });
      const requests = apiRequests(page);
      const network = countChanges(page);
      const failed: string[] = [];
      page.on('requestfailed', (request) => {
        if (request.url().includes('/api/staging/')) failed.push(new URL(request.url()).search);
      });
      await signInFast(page, await createUser('buffered-stage', ['install']));
      await page.goto('/plume-stage');
      await page.waitForSelector('[data-testid=connection][data-state=live]', { timeout: 20_000 });
      await until(() => network.changes > 0, 20_000, 'the first change');
      // From the first change on, the rows on screen that change are counted (how soon is bench:staging's).
      await startMeasuring(page);
      await until(() => network.changes >= sent, (SECONDS + 15) * 1000, `${sent} changes`);
      await until(
        async () => (await probeState(page)).latencies.length > 50,
        10_000,
        'changes drawn on screen',
      );
      const count = await plumeOn();
      console.log(
        `staging through the buffering proxy: ${network.changes} of ${count?.changes} changes, ` +
          `${network.repeats} repeated, ${network.answers} answers, ${count?.opened} upstream connection(s)`,
      );

      // The streamed form first; nothing of it came, so it was given up for the poll form, for good.
      const staging = requests.filter((path) => path.startsWith('/api/staging/plume/ON'));
      expect(staging[0]).toBe('/api/staging/plume/ON');
      expect(failed[0]).toBe('');
      expect(staging.slice(1).length).toBeGreaterThan(10);
      expect(staging.slice(1).every((path) => path === '/api/staging/plume/ON?mode=poll')).toBe(true);
      expect(network.answers).toBeGreaterThan(10);
      // Every change sent reached the page, none twice, and the table drew them. Each upstream connection
      // has its own budget of changes: where the emulator answered a poll from a second function instance
      // (another upstream connection, its own changes), the page has those too.
      if (count?.opened === 1) expect(network.changes).toBe(sent);
      else expect(network.changes).toBeGreaterThanOrEqual(sent);
      expect(network.repeats).toBe(0);
      await page.close();
    } finally {
      // This page's upstream connections keep this test's settings until they close (about 30 s: the
      // function's open poll answer runs its course); a file that needs the usual streams waits for that
      // itself (staging.test.ts, in the same lane: vitest.config.ts).
      await putJson('/_sim/streams', before).catch(() => undefined);
    }
    // Above 120 s: up to 50 s for an earlier file's streams to close (their settings would hold), then the
    // 15 s of changes and the page's drawing of them, each under its own deadline.
  }, 180_000);

  it('when a support user opens 360 views behind that proxy, then the first two views arrive whole through their streamed answers and, the path found buffering twice in a row, the next asks for each section on its own route; all show every section', async () => {
    const LATENCY = 60;
    const JITTER = 60;
    const before = (await (await fetch(`${SIMULATOR}/_sim/config`)).json()) as Record<string, unknown>;
    // Upstream calls of 60–120 ms each: the sections' lines are written far enough apart to tell a
    // buffered path (common/src/stream-path.ts).
    await putJson('/_sim/config', { latencyMs: LATENCY, jitterMs: JITTER, errorRate: 0 });
    try {
      // Devices that no other file opens: an answer an API instance still holds comes back at once, and a
      // view made of such answers is written too fast to tell anything.
      const devices = (await catalogue('gpon', 40)).slice(-6);
      expect(devices).toHaveLength(6);
      const [first, second] = devices;
      for (const { mac } of devices) await fetch(`${SIMULATOR}/_sim/warm/${mac}`);
      const page = await browser.newPage({ baseURL: proxy.url() });
      const requests = apiRequests(page);
      await signInFast(page, await createUser('buffered-360', ['support3']));

      await page.goto(`/i/mac/${first!.mac}`);
      const firstStates = await viewSettled(page, first!.mac);
      expect(viewRequests(requests, first!.mac)).toEqual([`/api/360/${first!.mac}?language=en`]);

      // The next views, typed in the top-bar search (the page keeps what it learnt of the path).
      const typed = async (mac: string) => {
        await page.waitForFunction(
          () =>
            !document
              .querySelector('#top-bar-mac-search')
              ?.closest('form')
              ?.querySelector('button[disabled]'),
        );
        await page.locator('#top-bar-mac-search').fill(mac);
        const entered = Date.now();
        await page.keyboard.press('Enter');
        const states = await viewSettled(page, mac);
        return { states, complete: Date.now() - entered };
      };
      // One buffered answer could be a busy moment: the second view is still streamed.
      const secondView = await typed(second!.mac);
      expect(viewRequests(requests, second!.mac)).toEqual([`/api/360/${second!.mac}?language=en`]);
      // From the third view on, once two answers in a row have arrived bunched (a loaded machine can make
      // one answer's lines too close together to tell: then the next one decides), each section goes on
      // its own route.
      let perSection: { mac: string; states: Array<string | null>; complete: number } | null = null;
      for (const { mac } of devices.slice(2)) {
        const view = await typed(mac);
        expect(view.states.filter((state) => state === 'ready').length).toBeGreaterThanOrEqual(4);
        if (viewRequests(requests, mac).length === 5) {
          perSection = { mac, ...view };
          break;
        }
      }
      // Every section shows its data (or the error its own upstream gave, as directly).
      for (const states of [firstStates, secondView.states])
        expect(states.filter((state) => state === 'ready').length).toBeGreaterThanOrEqual(4);
      expect(perSection).not.toBeNull();
      expect(viewRequests(requests, perSection!.mac).sort()).toEqual(
        ['birth-certificates', 'customer', 'lan', 'voice', 'wan'].map(
          (section) => `/api/360/${perSection!.mac}/${section}?language=en`,
        ),
      );
      console.log(
        `360 through the buffering proxy: first view ${firstStates.join(',')}; per section from ${perSection!.mac}, ${perSection!.states.join(',')}, ` +
          `complete ${perSection!.complete} ms after Enter (upstream latency ${LATENCY}–${LATENCY + JITTER} ms)`,
      );
    } finally {
      await putJson('/_sim/config', before).catch(() => undefined);
    }
  }, 90_000);
});
