/**
 * The portal's data grid: MUI's DataGrid with what every table of the portal needs on a phone. Its first
 * column stays in view while the grid scrolls sideways: the theme makes the first column's cells and header
 * sticky (lib/grid-phone.ts), and the grid renders every column (column virtualisation off: a column
 * scrolled out of view is kept, so the sticky first one never leaves the page, even mid-swipe). Rows stay
 * virtualised. Its texts follow the page's language (lib/grid-locale-loader.ts). Takes every DataGrid prop.
 */
import { Suspense, use, useEffect } from 'react';
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DataGrid, useGridApiRef, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { loadGridLocale } from '../lib/grid-locale-loader';
import { i18n } from '../lib/i18n';

// The grid's texts start loading with the grid's code (a page with a grid), not with every page.
void loadGridLocale(i18n.language === 'fr' ? 'fr' : 'en');

export function PortalDataGrid<R extends GridValidRowModel>(props: DataGridProps<R>) {
  // The grid's texts load beside the grid's code (above): the grid waits for them only when they arrive after.
  return (
    <Suspense fallback={<Box data-testid="grid-texts-loading" aria-busy="true" sx={{ minHeight: 120 }} />}>
      <LocalizedGrid<R> {...props} />
    </Suspense>
  );
}

function LocalizedGrid<R extends GridValidRowModel>({
  apiRef: given,
  localeText,
  ...props
}: DataGridProps<R>) {
  const { i18n } = useTranslation();
  const texts = use(loadGridLocale(i18n.language === 'fr' ? 'fr' : 'en'));
  const own = useGridApiRef();
  const apiRef = given ?? own;
  useEffect(() => {
    apiRef.current?.unstable_setColumnVirtualization(false);
  }, [apiRef]);
  return (
    <DataGrid<R> apiRef={apiRef} localeText={localeText ? { ...texts, ...localeText } : texts} {...props} />
  );
}
