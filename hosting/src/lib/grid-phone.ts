/**
 * What every data grid of the portal takes through the theme (lib/theme.ts) so that it stays usable on a
 * phone: its first column stays in view while the grid scrolls sideways (the cells and the header of the
 * first column are sticky, on the grid's own background). The grid keeps every column rendered
 * (components/portal-data-grid.tsx), so the first one is there whatever the scroll. The page itself never
 * scrolls sideways: the grid scrolls inside its width.
 */
import type { Theme } from '@mui/material/styles';

export const pinnedFirstColumn = (theme: Theme) => {
  const pinned = {
    position: 'sticky',
    left: 0,
    zIndex: 1,
    backgroundColor: `var(--DataGrid-pinnedBackground, ${theme.palette.background.paper})`,
  } as const;
  return {
    '& .MuiDataGrid-row > [data-colindex="0"]': pinned,
    '& .MuiDataGrid-columnHeader[aria-colindex="1"]': { ...pinned, zIndex: 3 },
  };
};

/** A phone column's narrowest width: its values wrap within it. */
export const PHONE_MIN_WIDTH = 72;
/**
 * A phone's grid with its columns chosen for the phone: rows as tall as their wrapped values, headings on
 * two lines, and no column menu in the headings (its two 44 px targets would leave a heading no room; the
 * toolbar's Columns button stays). With PHONE_SX for its cells and headings.
 */
export const PHONE_GRID = {
  getRowHeight: () => 'auto' as const,
  columnHeaderHeight: 56,
  disableColumnMenu: true,
};
export const PHONE_SX = {
  '& .MuiDataGrid-cell': { whiteSpace: 'normal', overflowWrap: 'anywhere', py: 0.5, lineHeight: 1.4 },
  '& .MuiDataGrid-columnHeaderTitle': { whiteSpace: 'normal', lineHeight: 1.2, overflowWrap: 'anywhere' },
  '& .MuiDataGrid-columnHeaderTitleContainer': { whiteSpace: 'normal' },
} as const;
