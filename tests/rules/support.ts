import { readFileSync } from 'node:fs';
import path from 'node:path';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A rules test environment against the running Firestore emulator (started by emulators:exec). */
export async function rulesEnvironment(): Promise<RulesTestEnvironment> {
  const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080').split(':');
  return initializeTestEnvironment({
    projectId: 'demo-insight',
    firestore: {
      host: host!,
      port: Number(port),
      rules: readFileSync(path.join(ROOT, 'firestore.rules'), 'utf8'),
    },
  });
}
