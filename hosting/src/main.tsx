import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { languageOfPath } from './lib/language-path';
import { initI18n } from './lib/i18n';

async function start() {
  const root = createRoot(document.getElementById('root')!);
  // The app's code loads while i18n starts; it is awaited after, so that an error loading it is shown
  // instead of a blank page.
  const app = import('./app/app');
  app.catch(() => undefined);
  await initI18n(languageOfPath(window.location.pathname));
  try {
    const { App } = await app;
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
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
