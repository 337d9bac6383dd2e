import type { ReactNode } from 'react';
import { Box, CircularProgress, Typography } from '@mui/material';
import { Redirect } from 'wouter';
import { useTranslation } from 'react-i18next';
import { can, hasAnyRole, type Capability } from '@insight/common/roles';
import { SKIP_AUTH_CHECK } from '@insight/common/protected-pages';
import { usePreferences } from '../providers/preferences-provider';
import { NoAccessPage } from '../components/errors/no-access-page';
import { useAuth } from '../providers/auth-provider';
import { lazyPage } from '../lib/lazy-page';

/**
 * The API reads' defaults wrap the protected pages (the ones that read the API through SWR); the
 * signed-out landing does not load SWR. Preloaded when a session is kept (app.tsx).
 */
export const SwrDefaults = lazyPage(() => import('./swr-defaults'));

interface Props {
  children: ReactNode;
  /** When given, the user also needs this capability of the role matrix. */
  capability?: Capability;
}

/**
 * Protected pages: a signed-out user is sent to /login?from=<current path>; a signed-in user without
 * any role (or without the capability) sees the no-access page.
 */
export function RequireAuth({ children, capability }: Props) {
  const { state } = useAuth();
  const { href } = usePreferences();
  const { t } = useTranslation();
  // The specification's switch, off (common/src/protected-pages.ts; the page-shell function reads it too).
  if (SKIP_AUTH_CHECK) return <SwrDefaults>{children}</SwrDefaults>;
  if (state.status === 'loading') {
    return (
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', p: 4 }} role="status">
        <CircularProgress size={20} aria-hidden />
        <Typography>{t('auth.checking')}</Typography>
      </Box>
    );
  }
  if (state.status === 'signedOut') {
    const from = `${window.location.pathname}${window.location.search}`;
    // The address the page-shell function's 302 gives a signed-out request (common/src/protected-pages.ts).
    return <Redirect to={`${href('/login')}?from=${encodeURIComponent(from)}`} replace />;
  }
  if (
    !state.user.allowed ||
    !hasAnyRole(state.user.roles) ||
    (capability && !can(state.user.roles, capability))
  )
    return <NoAccessPage />;
  return <SwrDefaults>{children}</SwrDefaults>;
}
