import { useEffect } from 'react';
import { can } from '@insight/common/roles';
import { isSlowConnection } from '../lib/lazy-page';
import { useAuth } from '../providers/auth-provider';
import { preloadPage } from './pages';

/**
 * Once a user who may open the 360 view is signed in and the browser is idle, its code is loaded so that
 * pressing Enter on a MAC shows data, not a spinner. Skipped on a slow connection (docs/requirements.md, "Layout and navigation").
 */
export function IdlePrefetch() {
  const { state } = useAuth();
  const allowed = state.status === 'signedIn' && can(state.user.roles, 'view360');
  useEffect(() => {
    if (!allowed || isSlowConnection()) return;
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 200));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => preloadPage('/i/mac'));
    return () => cancel(handle);
  }, [allowed]);
  return null;
}
