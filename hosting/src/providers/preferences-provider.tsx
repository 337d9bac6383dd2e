import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/system';
import { useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { Language } from '@insight/common/format';
import { readThemeCookie, writeLanguageCookie, writeThemeCookie, type ThemeMode } from '../lib/cookies';
import { languageOfPath, withLanguage } from '../lib/language-path';
import { gridLocaleAsked, loadGridLocale } from '../lib/grid-locale-loader';
import { BACKGROUND, buildTheme } from '../lib/theme';

interface Preferences {
  language: Language;
  mode: ThemeMode;
  toggleMode(): void;
  switchLanguage(): void;
  /** Prefixes an app path with the current language: '/threshold' -> '/fr/threshold' in French. */
  href(path: string): string;
}

const PreferencesContext = createContext<Preferences | null>(null);

/** Language (from the URL, kept in a cookie) and light/dark mode (kept in a cookie). */
export function PreferencesProvider({
  children,
  mode: givenMode,
}: {
  children: ReactNode;
  mode?: ThemeMode;
}) {
  const [location, navigate] = useLocation();
  const { i18n } = useTranslation();
  const language = languageOfPath(location);
  // `mode` is given when the page is rendered at build time (scripts/prerender.ts), once per mode.
  const [mode, setMode] = useState<ThemeMode>(givenMode ?? readThemeCookie);

  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
    document.documentElement.lang = language === 'fr' ? 'fr-CA' : 'en-CA';
  }, [i18n, language]);

  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.backgroundColor = BACKGROUND[mode];
    document.documentElement.style.colorScheme = mode;
  }, [mode]);

  const toggleMode = useCallback(() => {
    setMode((current) => {
      const next = current === 'dark' ? 'light' : 'dark';
      writeThemeCookie(next);
      return next;
    });
  }, []);

  const switchLanguage = useCallback(() => {
    const next: Language = language === 'fr' ? 'en' : 'fr';
    writeLanguageCookie(next);
    // The other language's texts load first, so that the page never shows one language under the other's URL
    // (the grid's too once a grid's code has loaded: components/portal-data-grid.tsx).
    void Promise.all([i18n.loadLanguages(next), gridLocaleAsked() && loadGridLocale(next)])
      .catch(() => undefined)
      .then(() => navigate(`${withLanguage(window.location.pathname, next)}${window.location.search}`));
  }, [i18n, language, navigate]);

  // MUI's own ThemeProvider also carries the CSS-variables provider, which this theme does not use; its
  // plain branch is the system's provider with `vars: null`, as here.
  const theme = useMemo(() => ({ ...buildTheme(mode, language), vars: null }), [mode, language]);
  const value = useMemo<Preferences>(
    () => ({ language, mode, toggleMode, switchLanguage, href: (path) => withLanguage(path, language) }),
    [language, mode, toggleMode, switchLanguage],
  );

  return (
    <PreferencesContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </PreferencesContext.Provider>
  );
}

export function usePreferences(): Preferences {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error('usePreferences outside PreferencesProvider');
  return value;
}
