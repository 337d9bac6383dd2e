/**
 * A newer deployment under an open page (docs/field-mode.md, "Updates"): the hosting folder is swapped for
 * a new build while a page runs; at its next navigation the page says "Please reload the page.", and Reload
 * opens the new version. Runs once both end-to-end lanes are done (scripts/emulator-suites.ts): it changes
 * what Hosting serves.
 */
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { warmApi } from '../../harness/api-client';
import { PORTAL, useBrowser } from '../../harness/browser';
import { eventually } from '../../harness/eventually';
import { closeAdmin, createUser, signInFast } from '../../harness/users';

const DIST = path.resolve(import.meta.dirname, '../../hosting/dist');
const PREVIOUS = `${DIST}-previous`;
const NEXT = `${DIST}-next`;
/** The shell function's copy of the prerendered shell (functions/build.mjs), deployed with the site. */
const FUNCTION_SHELL = path.resolve(import.meta.dirname, '../../functions/lib/shell');
const SHELL_FILES = ['index.html', 'index-fr.html'];
const shellKept = new Map<string, Buffer>();
/** The shell the page-shell function answers with a session cookie: the text to look for, and the cookie. */
const shellServed = { version: '', cookie: '' };
const shellText = async () =>
  (
    await fetch(`${PORTAL}/i/mac/enter-mac`, { headers: { cookie: `__session=${shellServed.cookie}` } })
  ).text();
const TEXT = /\.(html|js|css|json|webmanifest)$/;

/** Every file under `dir`, as paths relative to it. */
const filesOf = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));

/**
 * A copy of the build as the next deployment would be: another version, and every code file under a new
 * name (a rebuild changes the hashes), each reference to it renamed too.
 */
function nextBuild(version: string): void {
  rmSync(NEXT, { recursive: true, force: true });
  cpSync(DIST, NEXT, { recursive: true });
  const current = (JSON.parse(readFileSync(path.join(NEXT, 'version.json'), 'utf8')) as { version: string })
    .version;
  const renamed = filesOf(path.join(NEXT, 'assets'))
    .filter((file) => file.endsWith('.js') || file.endsWith('.css'))
    .map((file) => [file, file.replace(/\.(js|css)$/, 'n.$1')] as const);
  for (const [from, to] of renamed)
    renameSync(path.join(NEXT, 'assets', from), path.join(NEXT, 'assets', to));
  for (const file of filesOf(NEXT).filter((name) => TEXT.test(name))) {
    const before = readFileSync(path.join(NEXT, file), 'utf8');
    let after = before.replaceAll(`"${current}"`, `"${version}"`);
    for (const [from, to] of renamed) after = after.replaceAll(from, to);
    if (after !== before) writeFileSync(path.join(NEXT, file), after);
  }
}

describe('a newer deployment under an open page', () => {
  const browser = useBrowser();
  afterAll(async () => {
    for (const [file, content] of shellKept) writeFileSync(path.join(FUNCTION_SHELL, file), content);
    // The build is put back over the new one, file by file, and the new one's own files stay until the next
    // build empties the folder (hosting/vite.config.ts): Hosting may still be answering requests of the new
    // version's service worker (it precaches every file; a busy machine answered them after the context had
    // closed), and a file gone between the emulator's finding it and its reading it, by a removal or by a
    // rename of the folder, made the emulator fail (ENOENT, which ends `emulators:exec` with an error).
    // Every file it has found is still there to read.
    if (existsSync(PREVIOUS)) {
      cpSync(PREVIOUS, DIST, { recursive: true });
      rmSync(PREVIOUS, { recursive: true, force: true });
    }
    rmSync(NEXT, { recursive: true, force: true });
    // The functions emulator reloads its functions for the shell put back: this is the run's last file, and
    // the run's end while the emulator reloaded made `emulators:exec` fail ("An unexpected error has
    // occurred"), every test passed. Done once the function answers with the kept shell again.
    if (shellKept.size > 0 && shellServed.cookie)
      await eventually(async () => !(await shellText()).includes(shellServed.version), {
        deadlineMs: 60_000,
        what: 'the shell function answering with the kept shell',
      });
    await closeAdmin();
  });

  it('when the hosting folder is swapped under a running page, then the next navigation says "Please reload the page." and Reload opens the new version', async () => {
    await warmApi();
    const page = await browser.newPage({ serviceWorker: true });
    await signInFast(page, await createUser('deploy-support1', ['support1']));
    await page.goto('/');
    await page.getByTestId('logout').waitFor();
    // The page's service worker is in place (it keeps the old code the page runs).
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const running = await page.locator('meta[name=insight-version]').getAttribute('content');

    const version = `next-${Date.now().toString(36)}`;
    nextBuild(version);
    renameSync(DIST, PREVIOUS);
    renameSync(NEXT, DIST);
    // A deployment replaces the shell function's copy too (docs/operations.md, "Steps"); the functions
    // emulator reloads the function when its folder changes.
    for (const file of SHELL_FILES) {
      shellKept.set(file, readFileSync(path.join(FUNCTION_SHELL, file)));
      writeFileSync(path.join(FUNCTION_SHELL, file), readFileSync(path.join(DIST, file)));
    }
    shellServed.version = version;
    shellServed.cookie = (await page.context().cookies()).find((entry) => entry.name === '__session')!.value;
    await expect.poll(async () => (await shellText()).includes(version), { timeout: 30_000 }).toBe(true);

    // A navigation inside the app: the message, in place of the page.
    await page.getByRole('link', { name: 'Insight 360' }).first().click();
    await expect
      .poll(() => page.getByTestId('reload-needed').textContent(), { timeout: 20_000 })
      .toContain('Please reload the page.');
    expect(await page.locator('meta[name=insight-version]').getAttribute('content')).toBe(running);

    await page.getByRole('button', { name: 'Reload' }).click();
    await expect
      .poll(() => page.locator('meta[name=insight-version]').getAttribute('content'), { timeout: 20_000 })
      .toBe(version);
    await page.getByTestId('logout').waitFor();
    expect(await page.getByTestId('reload-needed').count()).toBe(0);
    // The page and its service worker gone before the folder is put back (afterAll): nothing asks for the
    // new version's files any more.
    await page.context().close();
  }, 120_000);
});
