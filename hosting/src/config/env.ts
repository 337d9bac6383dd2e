// zod/mini: the same checks with a small, tree-shakable API, since this module is on the first load.
import * as z from 'zod/mini';

/** The web app's configuration: parsed once from VITE_* variables; a bad value stops start-up with a list. */
const schema = z
  .object({
    VITE_FIREBASE_API_KEY: z.string().check(z.minLength(1)),
    VITE_FIREBASE_AUTH_DOMAIN: z.string().check(z.minLength(1)),
    VITE_FIREBASE_PROJECT_ID: z.string().check(z.minLength(1)),
    VITE_FIREBASE_APP_ID: z.string().check(z.minLength(1)),
    VITE_USE_EMULATORS: z._default(z.enum(['true', 'false']), 'false'),
    VITE_AUTH_EMULATOR_URL: z.optional(z.url()),
    VITE_FIRESTORE_EMULATOR_HOST: z.optional(z.string().check(z.regex(/^[\w.-]+:\d+$/))),
    VITE_PROVIDER_SITE_EN: z.url(),
    VITE_PROVIDER_SITE_FR: z.url(),
  })
  .check(
    z.refine(
      (value) =>
        value.VITE_USE_EMULATORS === 'false' ||
        Boolean(value.VITE_AUTH_EMULATOR_URL && value.VITE_FIRESTORE_EMULATOR_HOST),
      {
        message:
          'VITE_AUTH_EMULATOR_URL and VITE_FIRESTORE_EMULATOR_HOST are required when VITE_USE_EMULATORS=true',
      },
    ),
  );

export class ConfigError extends Error {}

function parse() {
  const result = schema.safeParse(import.meta.env);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.') || 'config'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const value = result.data;
  return {
    firebase: {
      apiKey: value.VITE_FIREBASE_API_KEY,
      authDomain: value.VITE_FIREBASE_AUTH_DOMAIN,
      projectId: value.VITE_FIREBASE_PROJECT_ID,
      appId: value.VITE_FIREBASE_APP_ID,
    },
    emulators:
      value.VITE_USE_EMULATORS === 'true'
        ? { authUrl: value.VITE_AUTH_EMULATOR_URL!, firestoreHost: value.VITE_FIRESTORE_EMULATOR_HOST! }
        : null,
    providerSite: { en: value.VITE_PROVIDER_SITE_EN, fr: value.VITE_PROVIDER_SITE_FR },
  };
}

export type AppConfig = ReturnType<typeof parse>;
export const config: AppConfig = parse();
