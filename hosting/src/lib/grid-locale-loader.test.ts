import { describe, expect, it, vi } from 'vitest';

describe('loadGridLocale', () => {
  it('when the texts load, then the same load is kept, marked loaded (a grid reading it does not wait)', async () => {
    const { loadGridLocale, gridLocaleAsked } = await import('./grid-locale-loader');
    const first = loadGridLocale('fr');
    expect(gridLocaleAsked()).toBe(true);
    const texts = await first;
    expect(texts.noRowsLabel).toBe('Pas de résultats');
    expect(loadGridLocale('fr')).toBe(first);
    expect(first).toMatchObject({ status: 'fulfilled', value: texts });
  });

  it('when the texts fail to load, then the grid gets none (its own English ones) once, not a load per render', async () => {
    vi.resetModules();
    vi.doMock('./grid-locale-en', () => {
      throw new Error('chunk gone');
    });
    const { loadGridLocale } = await import('./grid-locale-loader');
    const load = loadGridLocale('en');
    expect(await load).toEqual({});
    expect(load).toMatchObject({ status: 'fulfilled', value: {} });
    expect(loadGridLocale('en')).toBe(load);
    vi.doUnmock('./grid-locale-en');
  });
});
