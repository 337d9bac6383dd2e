import type { ReactElement, ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import type { Language } from '@insight/common/format';
import { i18n, initI18n, NAMESPACES } from '../lib/i18n';
import { enUS, frFR } from '@mui/x-data-grid/locales';
import { buildTheme } from '../lib/theme';

/** Renders a component with the theme and translations of `language` (English by default). */
export async function renderWithTheme(element: ReactElement, language: Language = 'en') {
  if (!i18n.isInitialized) await initI18n(language, NAMESPACES);
  else await i18n.changeLanguage(language);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ThemeProvider theme={buildTheme('light', language, language === 'fr' ? frFR : enUS)}>
      {children}
    </ThemeProvider>
  );
  return render(element, { wrapper });
}
