import type { Language } from '@insight/common/format';
import type { gridLocale } from './grid-locale-en';

/**
 * The DataGrid's texts per language. Only some signed-in pages show grids: the texts load with the grid's
 * code (components/portal-data-grid.tsx), and before a language switch when signed in
 * (preferences-provider.tsx), never with every page.
 */
export type GridLocale = typeof gridLocale;
/** The grid's own texts (its `localeText` prop). */
export type GridLocaleText = GridLocale['components']['MuiDataGrid']['defaultProps']['localeText'];

const loaders: Record<Language, () => Promise<{ gridLocale: GridLocale }>> = {
  en: () => import('./grid-locale-en'),
  fr: () => import('./grid-locale-fr'),
};

/**
 * Loads, each marked with its outcome once known (the fields React's `use` reads: a loaded one does not
 * suspend the grid).
 */
const loads = new Map<Language, Promise<GridLocaleText>>();

/**
 * The grid's texts in `language`: one load per language, kept. A load that fails (offline, a chunk gone
 * after a deploy) gives no texts (the grid's own English ones) for the rest of the page's life: a grid
 * waiting on it must neither wait forever nor ask again at every render.
 */
export function loadGridLocale(language: Language): Promise<GridLocaleText> {
  const known = loads.get(language);
  if (known) return known;
  const settle = (text: GridLocaleText) => {
    Object.assign(load, { status: 'fulfilled', value: text });
    return text;
  };
  const load: Promise<GridLocaleText> = loaders[language]().then(
    ({ gridLocale }) => settle(gridLocale.components.MuiDataGrid.defaultProps.localeText),
    () => settle({}),
  );
  loads.set(language, load);
  return load;
}

/** Whether the grid's texts were asked for in this page (a grid's code has loaded). */
export const gridLocaleAsked = (): boolean => loads.size > 0;
