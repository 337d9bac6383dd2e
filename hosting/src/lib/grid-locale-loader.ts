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
const outcome = (load: Promise<GridLocaleText>) => load as Promise<GridLocaleText> & { status?: string; value?: GridLocaleText };

/** The grid's texts in `language`: one load per language, kept; a failed load is tried again next time. */
export function loadGridLocale(language: Language): Promise<GridLocaleText> {
  const known = loads.get(language);
  if (known && outcome(known).status !== 'rejected') return known;
  const load: Promise<GridLocaleText> = loaders[language]().then(
    ({ gridLocale }) => {
      const text = gridLocale.components.MuiDataGrid.defaultProps.localeText;
      Object.assign(load, { status: 'fulfilled', value: text });
      return text;
    },
    (error: unknown) => {
      Object.assign(load, { status: 'rejected', reason: error });
      throw error;
    },
  );
  loads.set(language, load);
  return load;
}
