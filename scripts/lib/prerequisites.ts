import { existsSync } from 'node:fs';
import { run } from './processes';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The end-to-end suite drives Debian's Chromium. When it is missing, install it if we are root
 * (this machine kind), else say in one line how to.
 */
export async function ensureChromium(): Promise<boolean> {
  if (existsSync(CHROMIUM)) return true;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) {
    console.error(`[prerequisites] Chromium is missing for the end-to-end tests. Install it with: sudo apt-get install -y chromium`);
    return false;
  }
  console.log('[prerequisites] installing Debian chromium for the end-to-end tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if ((await run('apt-get', ['update', '-qq'], { env })) !== 0) return false;
  return (await run('apt-get', ['install', '-y', '-qq', 'chromium'], { env })) === 0 && existsSync(CHROMIUM);
}
