import type { ReactElement, ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import type { Language } from '@insight/common/format';
import { i18n, initI18n, NAMESPACES } from '../lib/i18n';
import { loadGridLocale } from '../lib/grid-locale-loader';
import { buildTheme } from '../lib/theme';

/** Renders a component with the theme and translations of `language` (English by default). */
export async function renderWithTheme(element: ReactElement, language: Language = 'en') {
  if (!i18n.isInitialized) await initI18n(language, NAMESPACES);
  else await i18n.changeLanguage(language);
  // Loaded before the render: a grid then draws at once (components/portal-data-grid.tsx).
  await loadGridLocale(language);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ThemeProvider theme={buildTheme('light', language)}>{children}</ThemeProvider>
  );
  return render(element, { wrapper });
}
