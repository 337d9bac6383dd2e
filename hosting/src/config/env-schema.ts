import * as z from 'zod/mini';

// Read at build time only (Node), where the English messages cost nothing: 'Invalid URL', not 'Invalid input'.
z.config(z.locales.en());

/**
 * The web app's configuration, the VITE_* variables. Vite writes their values into the build, so they
 * are checked when the build (or the dev server) starts, by vite.config.ts: a bad value stops it with a
 * list. The app reads the checked values in config/env.ts, without carrying zod on its first load.
 */
export const envSchema = z
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

export type Env = z.infer<typeof envSchema>;

/** The problems of a set of variables, one line each; empty when the configuration is valid. */
export function envProblems(env: Record<string, unknown>): string[] {
  const result = envSchema.safeParse(env);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.') || 'config'}: ${issue.message}`);
}
