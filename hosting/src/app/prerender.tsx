/**
 * The markup and styles of the app shell and the signed-out landing, rendered at build time by
 * scripts/prerender.ts (in Node, through Vite's SSR loader) — never part of the browser's bundle.
 *
 * One call renders one copy: a language, a light or dark theme, the desktop drawer expanded or not. The
 * copy holds both the landing and a skeleton of a page (shown for any other path or a kept session),
 * and works on a phone's and a desktop's width (CSS). The styles are MUI's emotion rules for that
 * markup, under the same class names the browser's emotion gives them; the global ones (CssBaseline's
 * body colours) are scoped to their theme.
 */
import createCache, { type StylisPlugin } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import type { Language } from '@insight/common/format';
import HomePage from '../features/home/components/home-page';
import { i18n, initI18n } from '../lib/i18n';
import type { ThemeMode } from '../lib/cookies';
import { AuthProvider } from '../providers/auth-provider';
import { PreferencesProvider } from '../providers/preferences-provider';
import { AppLayout } from './layout/app-layout';
import { PageSkeleton } from './layout/page-skeleton';

export interface PrerenderCopy {
  language: Language;
  mode: ThemeMode;
  expanded: boolean;
}

/** The texts the shell and the landing show, in `language`. */
export async function loadTexts(language: Language): Promise<void> {
  if (!i18n.isInitialized) await initI18n(language, ['common', 'errors', 'home']);
  else await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['common', 'errors', 'home']);
}

/**
 * The shell's document title in its language: the portal's, what the static file knows (every path of
 * the language is served the same file); the app sets the page's own once it runs (lib/document-title.ts).
 */
export const shellTitle = (): string => i18n.t('portalTitle');

/** A global rule (not one of a class, not a keyframe) applies only under its theme's `data-theme`. */
function scopeGlobals(mode: ThemeMode): StylisPlugin {
  const scope = mode === 'dark' ? '[data-theme="dark"]' : ':not([data-theme="dark"])';
  return (element) => {
    if (element.type !== 'rule' || (element.root as { type?: string } | null)?.type === '@keyframes') return;
    element.props = (element.props as string[]).map((selector) =>
      selector.startsWith('.css-')
        ? selector
        : selector.startsWith('html')
          ? `html:where(${scope})${selector.slice(4)}`
          : `:where(html${scope}) ${selector}`,
    );
  };
}

/** One copy's markup and its style rules, in emotion's insertion order. */
export function renderCopy({ language, mode, expanded }: PrerenderCopy): { html: string; rules: string[] } {
  const cache = createCache({ key: 'css', stylisPlugins: [scopeGlobals(mode)] });
  // Emotion's server mode keeps each inserted rule's text (as @emotion/server reads it).
  cache.compat = true;
  const html = renderToString(
    <CacheProvider value={cache}>
      <Router ssrPath={language === 'fr' ? '/fr' : '/'}>
        <AuthProvider>
          <PreferencesProvider mode={mode}>
            <AppLayout prerender={{ expanded }}>
              <div data-view-variant="landing">
                <HomePage />
              </div>
              <div data-view-variant="skeleton">
                <PageSkeleton />
              </div>
            </AppLayout>
          </PreferencesProvider>
        </AuthProvider>
      </Router>
    </CacheProvider>,
  );
  const used = new Set([...html.matchAll(/css-([a-zA-Z0-9-_]+)/g)].map((match) => match[1]));
  const rules = Object.entries(cache.inserted).flatMap(([id, text]) =>
    typeof text === 'string' && (used.has(id) || cache.registered[`css-${id}`] === undefined) ? [text] : [],
  );
  return { html, rules };
}
