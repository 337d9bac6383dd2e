import type { Language } from '@insight/common/format';
import type { gridLocale } from './grid-locale-en';

/**
 * The DataGrid's texts (a theme part) per language. Only signed-in pages show grids, so they load with
 * the Auth SDK (or before the first render when a session is kept), not on the signed-out landing.
 */
export type GridLocale = typeof gridLocale;

const loaders: Record<Language, () => Promise<{ gridLocale: GridLocale }>> = {
  en: () => import('./grid-locale-en'),
  fr: () => import('./grid-locale-fr'),
};
const loaded = new Map<Language, GridLocale>();

export function loadGridLocale(language: Language): Promise<GridLocale> {
  const known = loaded.get(language);
  if (known) return Promise.resolve(known);
  return loaders[language]().then(({ gridLocale }) => {
    loaded.set(language, gridLocale);
    return gridLocale;
  });
}

export const loadedGridLocale = (language: Language): GridLocale | null => loaded.get(language) ?? null;
