import { AppBar, Box, Button, IconButton, Link, Toolbar, Typography } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import SearchIcon from '@mui/icons-material/Search';
import TranslateIcon from '@mui/icons-material/Translate';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { config } from '../../config/env';
import { mayOpenViews, useAuth } from '../../providers/auth-provider';
import { usePreferences } from '../../providers/preferences-provider';
import { OfflineState } from './offline-state';
import { drawerIntent } from './side-drawer';

// Loaded once someone is signed in: the signed-out landing does not carry the search code.
const GlobalSearchSlot = lazy(() => import('../../features/search/components/global-search-slot'));

interface Props {
  onOpenMenu(): void;
  /** 'byWidth' (the build-time markup): the menu button is there, shown by CSS on a phone's width only. */
  isPhone: boolean | 'byWidth';
}

function ProviderLogo() {
  return (
    <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
      <rect width="28" height="28" rx="6" fill="currentColor" opacity="0.15" />
      <path
        d="M6 19c4-9 12-9 16 0M9 19c3-5 7-5 10 0"
        stroke="currentColor"
        strokeWidth="2.2"
        fill="none"
        strokeLinecap="round"
      />
      <circle cx="14" cy="19.5" r="2" fill="currentColor" />
    </svg>
  );
}

// The phone's search dialog (and the Dialog's code) loads when the search icon is first pressed.
const PhoneSearchDialog = lazy(() => import('./phone-search-dialog'));

/**
 * The search on a phone: an icon in the top bar that opens the search field over the page. It closes
 * itself once the search leads elsewhere (the location it was opened at is gone).
 */
function PhoneSearch() {
  const { t } = useTranslation();
  const [location] = useLocation();
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = openedAt === location;
  // Kept once opened, so that it closes with its transition.
  const [loaded, setLoaded] = useState(false);
  if (open && !loaded) setLoaded(true);
  return (
    <>
      <IconButton
        onClick={() => setOpenedAt(location)}
        aria-label={t('search.open')}
        data-testid="phone-search"
      >
        <SearchIcon />
      </IconButton>
      {loaded && (
        <Suspense fallback={null}>
          <PhoneSearchDialog open={open} onClose={() => setOpenedAt(null)} />
        </Suspense>
      )}
    </>
  );
}

export function TopBar({ onOpenMenu, isPhone }: Props) {
  const { t } = useTranslation();
  const { language, switchLanguage } = usePreferences();
  const { state } = useAuth();
  // The search opens 360 views: offered to those who may open one (a user without a role would only
  // reach the no-access page, and the search's API answers them 403).
  const searchable = mayOpenViews(state);
  // The phone drawer's code loads when a finger, the pointer or the keyboard reaches the button.
  const menuButton = (
    <IconButton edge="start" onClick={onOpenMenu} {...drawerIntent} aria-label={t('nav.openMenu')}>
      <MenuIcon />
    </IconButton>
  );
  return (
    <AppBar
      position="fixed"
      color="default"
      sx={{
        zIndex: (theme) => theme.zIndex.drawer + 1,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Toolbar sx={{ gap: 1 }}>
        {isPhone === 'byWidth' ? (
          <Box sx={{ display: { xs: 'contents', md: 'none' } }}>{menuButton}</Box>
        ) : (
          isPhone && menuButton
        )}
        <Link
          href={config.providerSite[language]}
          underline="none"
          color="inherit"
          sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
          aria-label={t('providerLogo')}
          data-testid="provider-logo"
        >
          <ProviderLogo />
          <Typography variant="h6" component="span" sx={{ fontWeight: 700 }}>
            {t('appName')}
          </Typography>
        </Link>
        <Box sx={{ flexGrow: 1, display: 'flex', justifyContent: 'center', px: 2 }}>
          {isPhone === false && searchable && (
            <Box sx={{ width: '100%', maxWidth: 420 }}>
              <Suspense fallback={<Box sx={{ height: 40 }} />}>
                <GlobalSearchSlot id="top-bar-mac-search" shortcut />
              </Suspense>
            </Box>
          )}
        </Box>
        {isPhone === true && searchable && <PhoneSearch />}
        <OfflineState />
        <Button
          color="inherit"
          startIcon={<TranslateIcon />}
          onClick={switchLanguage}
          lang={language === 'fr' ? 'en' : 'fr'}
          aria-label={t('language.switchLabel')}
          data-testid="language-toggle"
        >
          {t('language.switchTo')}
        </Button>
      </Toolbar>
    </AppBar>
  );
}
