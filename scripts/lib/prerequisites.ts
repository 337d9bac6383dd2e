import { existsSync } from 'node:fs';
import { CHROMIUM, CHROMIUM_PACKAGES, CHROMIUM_SHELL } from '../../harness/chromium';
import { run } from './processes';

/**
 * The end-to-end suite drives Debian's Chromium headless shell, the benchmarks the full browser
 * (harness/chromium.ts). When either is missing and we are root (this machine kind), both are installed;
 * otherwise the full browser is required and a missing shell only costs time (the tests fall back to the
 * full browser): one line says which package is missing and how to install it. It installs only what is
 * missing; `.ci/run` also brings both packages to the newest version the package lists offer, and prints it.
 */
export async function ensureChromium(): Promise<boolean> {
  const missing = [
    ...(existsSync(CHROMIUM) ? [] : [`chromium (${CHROMIUM})`]),
    ...(existsSync(CHROMIUM_SHELL) ? [] : [`chromium-headless-shell (${CHROMIUM_SHELL})`]),
  ];
  if (missing.length === 0) return true;
  const install = `sudo apt-get install -y ${CHROMIUM_PACKAGES.join(' ')}`;
  if (process.getuid?.() !== 0) {
    const required = !existsSync(CHROMIUM);
    console.error(
      `[prerequisites] missing for the end-to-end tests: ${missing.join(', ')}` +
        `${required ? '' : ' (the tests use the full browser instead, more slowly)'}. Install with: ${install}`,
    );
    return !required;
  }
  console.log(`[prerequisites] installing Debian's ${CHROMIUM_PACKAGES.join(' and ')} for the end-to-end tests…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if ((await run('apt-get', ['update', '-qq'], { env })) !== 0) return false;
  return (
    (await run('apt-get', ['install', '-y', '-qq', ...CHROMIUM_PACKAGES], { env })) === 0 &&
    existsSync(CHROMIUM) &&
    existsSync(CHROMIUM_SHELL)
  );
}
