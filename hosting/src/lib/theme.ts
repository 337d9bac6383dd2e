import { createTheme, type Theme } from '@mui/material/styles';
import { enUS, frFR } from '@mui/material/locale';
import type { Language } from '@insight/common/format';
import type { ThemeMode } from './cookies';
import { pinnedFirstColumn } from './grid-phone';
import { i18n } from './i18n';
import type {} from '@mui/x-data-grid/themeAugmentation';

export const BACKGROUND: Record<ThemeMode, string> = { light: '#f5f7fa', dark: '#121418' };

/** The portal's theme (the DataGrid's texts are the grid's own: components/portal-data-grid.tsx). */
export function buildTheme(mode: ThemeMode, language: Language): Theme {
  return createTheme(
    {
      palette: {
        mode,
        primary: { main: mode === 'light' ? '#0b57d0' : '#8ab4f8' },
        secondary: { main: mode === 'light' ? '#6b3fa0' : '#d0b8f0' },
        background: { default: BACKGROUND[mode], paper: mode === 'light' ? '#ffffff' : '#1c1f24' },
        // Dark enough that their words keep AA contrast over the tints MUI lays under them: a hovered
        // button's own tint on the page's background, a selected row's (5.1:1 and more; the greens and
        // oranges before fell to 4.4:1).
        success: { main: mode === 'light' ? '#18743a' : '#81c995' },
        warning: { main: mode === 'light' ? '#995500' : '#fdd663' },
        error: { main: mode === 'light' ? '#c5221f' : '#f28b82' },
      },
      shape: { borderRadius: 8 },
      typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
      components: {
        MuiButtonBase: { defaultProps: { disableRipple: false } },
        MuiAppBar: { defaultProps: { elevation: 0 } },
        // People who ask their system for less motion get none: no spinning, pulsing, rippling or sliding.
        MuiCssBaseline: {
          styleOverrides: {
            '@media (prefers-reduced-motion: reduce)': {
              '*, *::before, *::after': {
                animationDuration: '0.01ms !important',
                animationIterationCount: '1 !important',
                transitionDuration: '0.01ms !important',
                scrollBehavior: 'auto !important',
              },
            },
          },
        },
        // A finger's target is at least 44 × 44 px (WCAG 2.5.5): buttons, icon buttons (the grids' sort
        // and menu buttons among them) on a touch screen.
        MuiIconButton: {
          styleOverrides: { root: { '@media (pointer: coarse)': { minWidth: 44, minHeight: 44 } } },
        },
        MuiButton: { styleOverrides: { root: { '@media (pointer: coarse)': { minHeight: 44 } } } },
        MuiToggleButton: { styleOverrides: { root: { '@media (pointer: coarse)': { minHeight: 44 } } } },
        // A chip's value wraps rather than being cut ("Call forward to 438-301-432…"). A chip reached by the
        // keyboard (a grade's, whose reason shows on focus) is ringed: MUI's own chip draws no outline.
        MuiChip: {
          styleOverrides: {
            root: ({ theme }: { theme: Theme }) => ({
              maxWidth: '100%',
              height: 'auto',
              minHeight: 24,
              '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
            }),
            label: { whiteSpace: 'normal', overflowWrap: 'anywhere', paddingTop: 2, paddingBottom: 2 },
          },
        },
        // Every progress bar and spinner has a name (a grid's loading overlay too, which passes it none).
        MuiLinearProgress: { defaultProps: { 'aria-label': i18n.t('common:loading', { lng: language }) } },
        MuiCircularProgress: { defaultProps: { 'aria-label': i18n.t('common:loading', { lng: language }) } },
        // Every grid keeps its first column in view on a phone (lib/grid-phone.ts).
        MuiDataGrid: { styleOverrides: { root: ({ theme }: { theme: Theme }) => pinnedFirstColumn(theme) } },
      },
    },
    language === 'fr' ? frFR : enUS,
  );
}
