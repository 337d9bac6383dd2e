import { readFileSync } from 'node:fs';
import path from 'node:path';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, beforeEach } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The rules suites' own project in the Firestore emulator: the functions' triggers listen to the portal's
 * project only, so clearing and seeding here fires none of them, and the end-to-end and trigger suites'
 * data stays apart.
 */
export const RULES_PROJECT_ID = 'demo-insight-rules';

/** A rules test environment against the running Firestore emulator (started by emulators:exec). */
export async function rulesEnvironment(): Promise<RulesTestEnvironment> {
  const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080').split(':');
  return initializeTestEnvironment({
    projectId: RULES_PROJECT_ID,
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
    await env.clearFirestore();
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
