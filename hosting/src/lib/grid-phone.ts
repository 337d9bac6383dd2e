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
