/**
 * `npm run bench:bundle`: the weight of the first load, as Chromium loads it from the hosting emulator
 * (scripts and stylesheets of the portal, each gzipped): the signed-out landing page and the signed-in
 * home page, without what the portal prefetches for the next page once idle (that is printed apart).
 * Targets: landing ≤ 170 KB, home ≤ 250 KB (npm test holds them: tests/e2e/bundle.test.ts).
 * Ends with `bench:bundle landing_gz_kb=<a> home_gz_kb=<b>`. BUNDLE_DEBUG=1 lists every file.
 */
import { launchBrowser } from '../harness/browser';
import { BUDGET_KB, pageWeightKb, type PageWeight } from '../harness/bundle';
import { closeAdmin } from '../harness/users';
import { cpuReference } from './lib/cpu-reference';

// The machine's speed in this run, printed beside the figures (docs/performance.md).
const cpuRef = cpuReference('bench:bundle');

const { browser, close } = await launchBrowser();
try {
  const landing = await pageWeightKb(browser, false);
  const home = await pageWeightKb(browser, true);
  const homeWithPrefetch = await pageWeightKb(browser, true, { prefetch: true });
  if (process.env.BUNDLE_DEBUG)
    for (const [name, weight] of Object.entries({ landing, home, homeWithPrefetch }) as Array<
      [string, PageWeight]
    >)
      for (const { path, kb } of weight.sizes) console.log(`${name} ${kb.toFixed(1)} KB ${path}`);
  console.log(
    `bench:bundle landing ${landing.files} files, home ${home.files} files; budgets: landing ≤ ${BUDGET_KB.landing} KB, home ≤ ${BUDGET_KB.home} KB`,
  );
  console.log(
    `bench:bundle home with the idle prefetch of the 360 view: ${homeWithPrefetch.kb} KB (${homeWithPrefetch.files} files)`,
  );
  console.log(`bench:bundle landing_gz_kb=${landing.kb} home_gz_kb=${home.kb} ${cpuRef.figure}`);
} finally {
  await close();
  await closeAdmin();
}
