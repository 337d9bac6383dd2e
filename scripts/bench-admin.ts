/**
 * `npm run bench:admin`: the network-management screens with 5,000 CMTS rows in the emulator, in Chromium.
 *   first_rows_ms   navigation to /net-manage (full page load) → the first rows of the table painted (median)
 *   filter_ms       a key typed in the quick search → the table shows the filtered rows (median)
 *   counts_settle_ms 200 CMTS saves in parallel (the API's transactions) across 5 head ends → every count
 *                   exact (the triggers)
 *   count_errors    head ends and marketing areas whose count differs from the rows that use them
 *   orphans         CMTS rows naming a missing head end or area after 100 saves raced deletes of their head ends
 *   migrate_ms      the marker migration (docs/migrations.md) over the database, the 5,000 rows' markers removed
 *                   first (rows written before the markers existed)
 * Runs under `firebase emulators:exec` with the functions (see package.json). Ends with one line:
 * `bench:admin first_rows_ms=<a> filter_ms=<b> counts_settle_ms=<c> count_errors=<d> orphans=<e> migrate_ms=<f>`.
 */
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { COUNT_FIELD, NETWORK_COLLECTIONS, type CmtsFields } from '../common/src/network';
import { firestoreAdminStore, markerRef, migrateMarkers } from '../functions/src/adapters/firestore';
import { parseListFields } from '../functions/src/domain/admin/list-fields';
import { launchBrowser, PORTAL } from '../harness/browser';
import { writeCounted } from '../harness/counted-seed';
import { adminDb, closeAdminDb } from '../harness/firestore';
import { closeAdmin, createUser, signInFast } from '../harness/users';
import { cpuReference } from './lib/cpu-reference';
import { median } from '../harness/stats';

// The machine's speed in this run, printed beside the figures (docs/performance.md).
const cpuRef = cpuReference('bench:admin');

const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const PARALLEL_WRITES = 200;
const HEAD_ENDS = 5;
const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const FILTERS = Number(process.env.BENCH_FILTERS ?? 10);
const SETTLE_TIMEOUT_MS = 10 * 60_000;

const db: Firestore = adminDb();
const headEndIds = Array.from({ length: HEAD_ENDS }, (_, i) => `BENCH-HE-${i + 1}`);
const AREA = 'BENCH-MA';
const ip = (n: number, base: number) => `10.${base}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
const row = (n: number, headEnd: string): CmtsFields => ({
  cmtsId: `BENCH-${String(n).padStart(5, '0')}`,
  hostName: `bench-${n}.bench`,
  ipLookup: ip(n, 150),
  ipManage: ip(n, 151),
  headEnd,
  marketArea: AREA,
  group: 'Bench',
  versionId: null,
  configLastUpdated: null,
  overrideIpChecks: false,
});
const stamp = () => ({ updatedBy: 'bench', createdOn: FieldValue.serverTimestamp() });

/** Counts kept by the triggers, against the rows that really reference each entry. */
async function countErrors(): Promise<{ errors: number; expected: Map<string, number> }> {
  const rows = await db.collection(NETWORK_COLLECTIONS.cmts).select('headEnd', 'marketArea').get();
  const expected = new Map<string, number>();
  for (const doc of rows.docs) {
    for (const [collection, field] of [
      [NETWORK_COLLECTIONS.headEnd, 'headEnd'],
      [NETWORK_COLLECTIONS.marketArea, 'marketArea'],
    ] as const) {
      const key = `${collection}/${doc.get(field) as string}`;
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
  }
  let errors = 0;
  for (const collection of [NETWORK_COLLECTIONS.headEnd, NETWORK_COLLECTIONS.marketArea]) {
    const entries = await db.collection(collection).get();
    for (const entry of entries.docs)
      if ((entry.get(COUNT_FIELD) ?? 0) !== (expected.get(`${collection}/${entry.id}`) ?? 0)) errors += 1;
  }
  return { errors, expected };
}

// 1. The seed: 5,000 rows written already counted (head ends and the area with their counts, each row's
// marker, then the rows), as `npm start` seeds; their triggers find nothing to move.
const seedStarted = Date.now();
const existing = await db.collection(NETWORK_COLLECTIONS.cmts).where('marketArea', '==', AREA).count().get();
const areaRow = (name: string) => ({ name, ...stamp(), updatedAt: FieldValue.serverTimestamp() });
await writeCounted(db, [
  { list: 'headEnd', rows: headEndIds.map((id) => ({ id, data: areaRow(`Bench ${id.slice(-1)}`) })) },
  { list: 'marketArea', rows: [{ id: AREA, data: areaRow('Bench area') }] },
  {
    list: 'cmts',
    rows:
      existing.data().count < ROWS
        ? Array.from({ length: ROWS }, (_, n) => {
            const fields = row(n, headEndIds[n % HEAD_ENDS]!);
            return {
              id: fields.cmtsId,
              data: { ...fields, ...stamp(), lastUpdate: FieldValue.serverTimestamp() },
            };
          })
        : [],
  },
]);
const seedCounted = Date.now() - seedStarted;
console.log(`bench:admin ${ROWS} rows written and counted in ${seedCounted} ms; waiting for their triggers…`);
for (;;) {
  const recorded = await db
    .collection('audit_log')
    .where('collection', '==', NETWORK_COLLECTIONS.cmts)
    .count()
    .get();
  if (recorded.data().count >= ROWS || Date.now() - seedStarted > SETTLE_TIMEOUT_MS) break;
  await new Promise((resolve) => setTimeout(resolve, 500));
}
console.log(`bench:admin seed's triggers through in ${Date.now() - seedStarted} ms`);

// 1b. The marker migration, as deployed over rows written before the markers: the seed's markers go.
const unmark = db.bulkWriter();
for (let n = 0; n < ROWS; n += 1) void unmark.delete(markerRef(db, 'cmts', row(n, headEndIds[0]!).cmtsId));
await unmark.close();
const migrationStarted = Date.now();
const migration = await migrateMarkers({ db: () => db, now: Date.now });
const migrateMs = Date.now() - migrationStarted;
console.log(
  `bench:admin marker migration: ${migration.checked} rows and parents read, ${migration.marked} markers written, ${migration.repaired.length} counts repaired in ${migrateMs} ms`,
);

// 2. 200 saves at once through the API's store (a transaction each), then the triggers count them.
const store = firestoreAdminStore(() => db);
const actor = { uid: 'bench', email: null };
const started = Date.now();
await Promise.all(
  Array.from({ length: PARALLEL_WRITES }, (_, i) => {
    const fields = row(ROWS + i, headEndIds[i % HEAD_ENDS]!);
    return store.save('cmts', fields.cmtsId, parseListFields('cmts', fields.cmtsId, fields), actor);
  }),
);
const savedMs = Date.now() - started;
const expectedPerHeadEnd = new Map<string, number>();
const after = await db
  .collection(NETWORK_COLLECTIONS.cmts)
  .where('marketArea', '==', AREA)
  .select('headEnd')
  .get();
for (const doc of after.docs)
  expectedPerHeadEnd.set(doc.get('headEnd'), (expectedPerHeadEnd.get(doc.get('headEnd')) ?? 0) + 1);
let settle = Number.NaN;
for (;;) {
  const docs = await db.getAll(...headEndIds.map((id) => db.doc(`${NETWORK_COLLECTIONS.headEnd}/${id}`)));
  if (docs.every((doc) => (doc.get(COUNT_FIELD) ?? 0) === (expectedPerHeadEnd.get(doc.id) ?? 0))) {
    settle = Date.now() - started;
    break;
  }
  if (Date.now() - started > SETTLE_TIMEOUT_MS) break;
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const { errors } = await countErrors();
console.log(
  `bench:admin 200 parallel saves written in ${savedMs} ms, counted in ${settle} ms; the screen next`,
);

/** Where the time of a page load goes, from the browser's own timings (ms since navigation start). */
const LOAD_BREAKDOWN = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource');
  const first = (part) => resources.find((entry) => entry.name.includes(part));
  const scripts = resources.filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'));
  const session = first('/api/session');
  const listen = first('Listen/channel');
  const parts = [
    'html ' + nav.responseEnd.toFixed(0),
    'scripts ' + Math.max(0, ...scripts.map((entry) => entry.responseEnd)).toFixed(0) + ' (' + scripts.length + ')',
    'dom ' + nav.domContentLoadedEventEnd.toFixed(0),
    'session ' + (session ? session.startTime.toFixed(0) + '→' + session.responseEnd.toFixed(0) : '-'),
    'listen ' + (listen ? listen.startTime.toFixed(0) : '-'),
    'rows ' + performance.now().toFixed(0),
  ];
  return parts.join(', ');
})()`;

// 3. The screen, in Chromium.
const { browser, close } = await launchBrowser();
const firstRows: number[] = [];
const filters: number[] = [];
try {
  // bypassCSP: the bench's own probes are strings evaluated in the page, which the portal's CSP forbids.
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    baseURL: PORTAL,
    bypassCSP: true,
  });
  const page = await context.newPage();
  await signInFast(page, await createUser('bench-admin', ['engineering']));
  for (let i = 0; i < LOADS + 1; i += 1) {
    const started = Date.now();
    await page.goto('/net-manage');
    await page.locator('.MuiDataGrid-row').first().waitFor({ timeout: 60_000 });
    if (i > 0) firstRows.push(Date.now() - started); // the first load warms the function and the emulator
    if (i === LOADS) console.log(`bench:admin last load: ${await page.evaluate(LOAD_BREAKDOWN)}`);
  }
  // The filter is measured on the server's rows, not on the cache's first answer.
  await page.locator('[data-testid=cmts-table][data-synced=true]').waitFor({ timeout: 120_000 });
  const search = page.getByRole('searchbox').first();
  for (let i = 0; i < FILTERS; i += 1) {
    const target = row(((i + 1) * 487) % ROWS, headEndIds[0]!).cmtsId;
    await search.fill('');
    await page.waitForFunction(`document.querySelectorAll('.MuiDataGrid-row').length > 1`);
    await page.evaluate(`(() => {
      const target = ${JSON.stringify(target)};
      window.__benchDone = undefined;
      const check = () => {
        const rows = document.querySelectorAll('.MuiDataGrid-row');
        if (rows.length === 1 && rows[0].textContent.includes(target)) window.__benchDone = performance.now();
        else requestAnimationFrame(check);
      };
      window.__benchStart = performance.now();
      requestAnimationFrame(check);
    })()`);
    await search.fill(target);
    await page.waitForFunction(`window.__benchDone !== undefined`, null, { timeout: 10_000 });
    filters.push(await page.evaluate(`window.__benchDone - window.__benchStart`));
  }
  await context.close();
} finally {
  await close();
}

// 4. A burst of child writes racing deletes of their parents (100 pairs), then the orphans among all rows.
const burst = Array.from({ length: 100 }, (_, n) => ({
  parent: `BENCH-RACE-${n}`,
  child: `BENCH-RACE-ROW-${n}`,
}));
await writeCounted(db, [
  { list: 'headEnd', rows: burst.map(({ parent }) => ({ id: parent, data: areaRow('Bench race') })) },
]);
await Promise.all(
  burst.map(({ parent, child }) =>
    Promise.allSettled([
      store.save(
        'cmts',
        child,
        parseListFields('cmts', child, {
          ...row(ROWS + PARALLEL_WRITES, parent),
          cmtsId: child,
          overrideIpChecks: true,
        }),
        actor,
      ),
      store.remove('headEnd', parent, actor),
    ]),
  ),
);
const headEnds = new Set(
  (await db.collection(NETWORK_COLLECTIONS.headEnd).select().get()).docs.map((doc) => doc.id),
);
const areas = new Set(
  (await db.collection(NETWORK_COLLECTIONS.marketArea).select().get()).docs.map((doc) => doc.id),
);
const orphans = (
  await db.collection(NETWORK_COLLECTIONS.cmts).select('headEnd', 'marketArea').get()
).docs.filter(
  (doc) => !headEnds.has(doc.get('headEnd') as string) || !areas.has(doc.get('marketArea') as string),
).length;
// Leave the database as the seed made it: the rows that won their race go, then their head ends.
await Promise.allSettled(burst.map(({ child }) => store.remove('cmts', child, actor)));
await Promise.allSettled(burst.map(({ parent }) => store.remove('headEnd', parent, actor)));

await closeAdmin();
await closeAdminDb();

console.log(
  `bench:admin first rows ${firstRows.join(', ')} ms; filter ${filters.map((v) => v.toFixed(0)).join(', ')} ms; whole run ${((Date.now() - seedStarted) / 1000).toFixed(0)} s; targets: first rows ≤ 1500 ms, filter ≤ 150 ms, counts ≤ 20000 ms, count_errors = 0, orphans = 0`,
);
console.log(
  `bench:admin first_rows_ms=${median(firstRows)} filter_ms=${median(filters).toFixed(0)} counts_settle_ms=${settle} count_errors=${errors} orphans=${orphans} migrate_ms=${migrateMs} ${cpuRef.figure}`,
);
