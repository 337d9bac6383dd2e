import { useMemo } from 'react';
import { useTheme } from '@mui/material/styles';
import type { GridLocaleText } from '@mui/x-data-grid';

/**
 * The DataGrid texts of the current language with a screen's own overrides. A `localeText` prop
 * replaces the theme's whole locale (it is not merged), so the overrides are laid over it here.
 */
export function useGridLocaleText(overrides: Partial<GridLocaleText>): Partial<GridLocaleText> {
  const theme = useTheme() as { components?: { MuiDataGrid?: { defaultProps?: { localeText?: Partial<GridLocaleText> } } } };
  const base = theme.components?.MuiDataGrid?.defaultProps?.localeText;
  const key = JSON.stringify(overrides);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the overrides
  return useMemo(() => ({ ...base, ...overrides }), [base, key]);
}
