import { describe, expect, it } from 'vitest';
import { envProblems } from './env-schema';

const valid = {
  VITE_FIREBASE_API_KEY: 'key',
  VITE_FIREBASE_AUTH_DOMAIN: 'demo.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'demo',
  VITE_FIREBASE_APP_ID: 'app',
  VITE_USE_EMULATORS: 'false',
  VITE_PROVIDER_SITE_EN: 'https://example.com/en',
  VITE_PROVIDER_SITE_FR: 'https://example.com/fr',
};

describe('web configuration', () => {
  it('when every variable is valid, then there is no problem', () => {
    expect(envProblems(valid)).toEqual([]);
  });

  it('when values are missing or malformed, then each is listed by name', () => {
    const problems = envProblems({ ...valid, VITE_FIREBASE_API_KEY: '', VITE_PROVIDER_SITE_FR: 'not a url' });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^VITE_FIREBASE_API_KEY: /);
    expect(problems[1]).toMatch(/^VITE_PROVIDER_SITE_FR: /);
  });

  it('when the emulators are on without their addresses, then that is refused', () => {
    expect(envProblems({ ...valid, VITE_USE_EMULATORS: 'true' })).toEqual([
      'config: VITE_AUTH_EMULATOR_URL and VITE_FIRESTORE_EMULATOR_HOST are required when VITE_USE_EMULATORS=true',
    ]);
  });
});
