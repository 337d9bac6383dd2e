import type { Env } from './env-schema';

/**
 * The web app's configuration, read once. The values were checked against config/env-schema.ts when the
 * build started (vite.config.ts), so they are only shaped here: zod stays off the first load.
 */
function read(value: Env) {
  const emulators = value.VITE_USE_EMULATORS === 'true';
  return {
    firebase: {
      apiKey: value.VITE_FIREBASE_API_KEY,
      authDomain: value.VITE_FIREBASE_AUTH_DOMAIN,
      projectId: value.VITE_FIREBASE_PROJECT_ID,
      appId: value.VITE_FIREBASE_APP_ID,
    },
    emulators: emulators
      ? { authUrl: value.VITE_AUTH_EMULATOR_URL!, firestoreHost: value.VITE_FIRESTORE_EMULATOR_HOST! }
      : null,
    providerSite: { en: value.VITE_PROVIDER_SITE_EN, fr: value.VITE_PROVIDER_SITE_FR },
  };
}

export type AppConfig = ReturnType<typeof read>;
export const config: AppConfig = read(import.meta.env as unknown as Env);
