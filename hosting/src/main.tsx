import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { languageOfPath } from './lib/language-path';
import { initI18n } from './lib/i18n';
import { keptSession, loadAuth, loadAuthAfterPage, mayHaveSession } from './lib/auth-session';

async function start() {
  const root = createRoot(document.getElementById('root')!);
  // The app's code loads while i18n starts; it is awaited after, so that an error loading it is shown
  // instead of a blank page.
  const app = import('./app/app');
  app.catch(() => undefined);
  // A kept session: the page's API calls use its token while it is valid, and the Auth SDK loads after the
  // page; otherwise the SDK loads beside the app's code, so that the first API call's token
  // (the session restored, the user checked) is not a step behind the page.
  if (mayHaveSession()) {
    if (keptSession()) loadAuthAfterPage();
    else loadAuth().catch(() => undefined);
  }
  const language = languageOfPath(window.location.pathname);
  await initI18n(language);
  try {
    const { App, openedPageLoaded } = await app;
    await openedPageLoaded;
    // The HTML already shows the page (scripts/prerender.ts): the first render replaces that markup with
    // the same, in one commit. As a transition, React renders in slices that leave the main thread free.
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  } catch (error) {
    const pre = document.createElement('pre');
    pre.setAttribute('role', 'alert');
    pre.style.cssText = 'padding:24px;white-space:pre-wrap;font:14px monospace';
    pre.textContent = error instanceof Error ? error.message : String(error);
    document.getElementById('root')!.replaceWith(pre);
  }
}

void start();
