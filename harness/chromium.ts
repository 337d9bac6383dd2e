/**
 * The two Chromium builds the harness drives, both from Debian's packages (`npm test` and `.ci/run`
 * install them): the full browser, which the benchmarks measure because it is what people use, and its
 * headless shell, which the tests drive.
 *
 * The headless shell is the same Blink without the browser's window and interface layers (Playwright's
 * own default for headless runs): for the same end-to-end files it took about a third less CPU and
 * 13 % less time on a two-core machine, where the browsers are most of the emulator step's work.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_SHELL = process.env.CHROMIUM_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
/** The Debian packages that hold them. */
export const CHROMIUM_PACKAGES = ['chromium', 'chromium-headless-shell'];
