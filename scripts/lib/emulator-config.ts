/**
 * The firebase.json the emulators run with: the deployed one, with the emulators' own addresses added to
 * the Content-Security-Policy, so that the web app built for the emulators may reach them (auth and
 * Firestore connections, the auth emulator's sign-in frame). The deployed policy names none of them.
 * Written beside firebase.json (ignored by git): firebase-tools resolves a config's paths from its folder.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const DEPLOYED_CONFIG = path.join(ROOT, 'firebase.json');
export const EMULATOR_CONFIG = path.join(ROOT, 'firebase.emulators.json');

interface Header {
  key: string;
  value: string;
}
interface FirebaseConfig {
  hosting: { headers: Array<{ source: string; headers: Header[] }> };
  emulators: Record<string, { host?: string; port?: number }>;
}

/** The CSP with `sources` added to each named directive. */
export function extendCsp(csp: string, sources: Record<string, string[]>): string {
  return csp
    .split(';')
    .map((directive) => directive.trim())
    .map((directive) => {
      const added = sources[directive.split(/\s+/)[0]!];
      return added ? [directive, ...added].join(' ') : directive;
    })
    .join('; ');
}

/** The emulator config: the deployed one, each Content-Security-Policy allowing the auth and Firestore emulators. */
export function emulatorConfig(deployed: FirebaseConfig): FirebaseConfig {
  const origin = (name: string) => {
    const emulator = deployed.emulators[name];
    if (!emulator?.host || !emulator.port) throw new Error(`firebase.json names no ${name} emulator address`);
    return `http://${emulator.host}:${emulator.port}`;
  };
  const sources = {
    'connect-src': [origin('auth'), origin('firestore')],
    'frame-src': [origin('auth')],
  };
  const config = structuredClone(deployed);
  for (const rule of config.hosting.headers)
    for (const header of rule.headers)
      if (header.key.toLowerCase() === 'content-security-policy')
        header.value = extendCsp(header.value, sources);
  return config;
}

export function readDeployedConfig(): FirebaseConfig {
  return JSON.parse(readFileSync(DEPLOYED_CONFIG, 'utf8')) as FirebaseConfig;
}

/** Writes firebase.emulators.json from firebase.json and returns its path (for `firebase --config`). */
export function writeEmulatorConfig(): string {
  writeFileSync(EMULATOR_CONFIG, `${JSON.stringify(emulatorConfig(readDeployedConfig()), null, 2)}\n`);
  return EMULATOR_CONFIG;
}
