/**
 * The first script of a page opened with a kept session (scripts/prerender.ts starts it before the app's
 * entry, docs/architecture.md "First load"): when the kept token is valid, a directly opened device view
 * asks for its answer, its looks and the playbook at once, while the app's code downloads, instead of once
 * that code has arrived and run. Small on purpose: it carries the HTTP client and the session read only.
 */
import { prefetchOpenedView } from './features/insight360/api/view-path';
import { keptSession } from './lib/auth-session';

if (keptSession()) prefetchOpenedView(window.location.pathname);
