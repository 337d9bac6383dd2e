import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as functions from '../index';
import { FIRESTORE_LOCATION, REGION } from './region';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const firebaseJson = JSON.parse(readFileSync(path.join(ROOT, 'firebase.json'), 'utf8')) as {
  hosting: {
    rewrites: Array<{ source?: string; regex?: string; function?: { functionId: string; region?: string } }>;
  };
  firestore: { location?: string };
};

/** Cloud Functions regions in the same city as a Firestore regional location, in Canada. */
const CANADIAN_PAIRS: Record<string, string> = {
  'northamerica-northeast1': 'northamerica-northeast1', // Montréal
  'northamerica-northeast2': 'northamerica-northeast2', // Toronto
};

describe('where Insight runs', () => {
  it('keeps the database and the functions in the same Canadian place', () => {
    expect(CANADIAN_PAIRS[FIRESTORE_LOCATION]).toBe(REGION);
  });

  it('creates the Firestore database in FIRESTORE_LOCATION (firebase.json)', () => {
    expect(firebaseJson.firestore.location).toBe(FIRESTORE_LOCATION);
  });

  it('rewrites Hosting to functions in REGION', () => {
    const rewrites = firebaseJson.hosting.rewrites.filter((rewrite) => rewrite.function);
    expect(rewrites.length).toBeGreaterThan(0);
    for (const rewrite of rewrites)
      expect(rewrite.function!.region, rewrite.source ?? rewrite.regex).toBe(REGION);
  });

  it('declares every exported function and trigger in REGION only', () => {
    const endpoints = Object.entries(functions as Record<string, unknown>)
      .filter(([, value]) => typeof value === 'function' && '__endpoint' in value)
      .map(([name, value]) => [name, value as { __endpoint: { region?: string[] } }] as const);
    expect(endpoints.map(([name]) => name)).toContain('api');
    expect(endpoints.length).toBeGreaterThan(1);
    for (const [name, fn] of endpoints) expect(fn.__endpoint.region, name).toEqual([REGION]);
  });
});
