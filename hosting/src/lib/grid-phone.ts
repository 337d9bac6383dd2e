/**
 * What every data grid of the portal takes so that it stays usable on a phone: its first column stays in
 * view while the grid scrolls sideways (the cells and the header of the first column are sticky, on the
 * grid's own background), and every column is rendered (the column buffer covers any table of the portal),
 * so that the first one is there whatever the scroll. The page itself never scrolls sideways: the grid
 * scrolls inside its width.
 */
import type { Theme } from '@mui/material';

const pinned = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  backgroundColor: (theme: Theme) => `var(--DataGrid-pinnedBackground, ${theme.palette.background.paper})`,
} as const;

export const phoneGridProps = {
  columnBufferPx: 2400,
  sx: {
    '& .MuiDataGrid-row > [data-colindex="0"]': pinned,
    '& .MuiDataGrid-columnHeader[aria-colindex="1"]': { ...pinned, zIndex: 3 },
  },
} as const;
