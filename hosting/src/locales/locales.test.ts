import { describe, expect, it } from 'vitest';
import { resources } from './resources';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('locales', () => {
  for (const namespace of Object.keys(resources.en) as Array<keyof typeof resources.en>) {
    it(`has the same keys in English and French for ${namespace}`, () => {
      expect(keys(resources.fr[namespace]).sort()).toEqual(keys(resources.en[namespace]).sort());
    });
    it(`has no empty text in ${namespace}`, () => {
      for (const language of ['en', 'fr'] as const) {
        const empty = keys(resources[language][namespace]).filter((key) => {
          const text = key
            .split('.')
            .reduce<unknown>(
              (node, part) => (node as Record<string, unknown>)[part],
              resources[language][namespace],
            );
          return typeof text !== 'string' || text.trim() === '';
        });
        expect(empty).toEqual([]);
      }
    });
  }
});
