import { existsSync } from 'node:fs';
import { CHROMIUM, CHROMIUM_PACKAGES, CHROMIUM_SHELL } from '../../harness/chromium';
import { run } from './processes';

/**
 * The end-to-end suite drives Debian's Chromium headless shell, the benchmarks the full browser
 * (harness/chromium.ts). When either is missing, install both if we are root (this machine kind), else say
 * in one line how to.
 */
export async function ensureChromium(): Promise<boolean> {
  if (existsSync(CHROMIUM) && existsSync(CHROMIUM_SHELL)) return true;
  const install = `apt-get install -y ${CHROMIUM_PACKAGES.join(' ')}`;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) {
    console.error(`[prerequisites] Chromium is missing for the end-to-end tests. Install it with: sudo ${install}`);
    return false;
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
