import { readFileSync } from 'node:fs';
import path from 'node:path';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, beforeEach } from 'vitest';

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

/**
 * One rules environment for a test file, emptied before each test and optionally seeded with documents
 * written with the rules bypassed (as the functions write them).
 */
export function useRulesEnvironment(
  seed?: (env: RulesTestEnvironment) => Promise<void>,
): () => RulesTestEnvironment {
  let env: RulesTestEnvironment;
  beforeAll(async () => {
    env = await rulesEnvironment();
  });
  afterAll(async () => {
    await env.cleanup();
  });
  beforeEach(async () => {
    // Under the full emulator suite the functions' triggers may hold a document's lock for a moment
    // (clearing fires their delete events): a clear that times out on a lock is tried again.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await env.clearFirestore();
        break;
      } catch (error) {
        if (attempt >= 5 || !String(error).includes('ABORTED')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
    }
    if (seed) await seed(env);
  });
  return () => env;
}

/**
 * The token claims of a member: a verified e-mail of an allowed domain (functions/.env.demo-insight)
 * and these roles. `overrides` changes any claim (an unverified or foreign e-mail, a malformed role list).
 */
export function memberClaims(uid: string, roles: unknown, overrides: Record<string, unknown> = {}) {
  return { roles, email: `${uid}@insight.test`, email_verified: true, ...overrides };
}
