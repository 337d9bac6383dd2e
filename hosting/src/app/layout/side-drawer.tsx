import { cloneElement, type ComponentType, useState, type ReactElement } from 'react';
import {
  Box,
  Divider,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Paper,
  Toolbar,
} from '@mui/material';
import InventoryIcon from '@mui/icons-material/Inventory2';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { DrawerProps } from '@mui/material/Drawer';
import { AppLink } from '../../components/app-link';
import { Hint, type HintHandlers } from '../../components/hint';
import { loadedWhenOpen, preloadOnIntent } from '../../components/on-demand';
import { isSlowConnection } from '../../lib/lazy-page';
import { stripLanguage } from '../../lib/language-path';
import { useAuth } from '../../providers/auth-provider';
import { usePreferences } from '../../providers/preferences-provider';
import { can } from '@insight/common/roles';
import { PAGES, preloadPage, type PageEntry } from '../pages';

// A phone's drawer slides over the page (MUI's Drawer: modal, focus trap, backdrop): that code loads only
// there, when a finger, the pointer or the keyboard reaches the menu button (top-bar.tsx), and the drawer
// is first rendered when first opened (not with the page).
const PhoneDrawer = loadedWhenOpen(() =>
  import('@mui/material/Drawer').then((module) => module.default as ComponentType<DrawerProps>),
);
/** Loads the phone drawer's code ahead of the menu button's click (spread on the button). */
export const drawerIntent = preloadOnIntent(() => PhoneDrawer.preload());

/**
 * The label of an item of the collapsed drawer: its accessible name, and a hint beside it on hover or
 * keyboard focus (components/hint.tsx). The item itself is never re-created (focus stays on it when the
 * drawer collapses).
 */
function CollapsedLabel({ label, children }: { label: string | null; children: ReactElement<HintHandlers> }) {
  return (
    <Hint title={label} placement="right">
      {label ? cloneElement(children, { 'aria-label': label } as HintHandlers) : children}
    </Hint>
  );
}

const TOP_ITEMS = PAGES.filter((entry) => entry.drawer && !entry.drawer.group);
const STAGING_ITEMS = PAGES.filter((entry) => entry.drawer?.group === 'staging');

export const DRAWER_WIDTH = 248;
export const DRAWER_MINI_WIDTH = 64;

interface Props {
  isPhone: boolean;
  expanded: boolean;
  onToggleExpanded(): void;
  mobileOpen: boolean;
  onCloseMobile(): void;
}

export function SideDrawer({ isPhone, expanded, onToggleExpanded, mobileOpen, onCloseMobile }: Props) {
  const { t } = useTranslation();
  const [location, navigate] = useLocation();
  const { mode, toggleMode, href } = usePreferences();
  const { state, signOut } = useAuth();
  const [stagingOpen, setStagingOpen] = useState(true);
  const wide = isPhone || expanded;
  const current = stripLanguage(location);
  // Each page is offered to those who may open it: a signed-in user's roles hide the pages of a capability
  // they lack (until the session is known, the prerendered shell's entries stay).
  const roles = state.status === 'signedIn' ? state.user.roles : null;
  const offered = (entry: PageEntry) =>
    !roles || entry.access === 'public' || entry.access === 'signedIn' || can(roles, entry.access);
  // The staging group too: a support agent, who may not stage, sees neither its pages nor its heading.
  const stagingItems = STAGING_ITEMS.filter(offered);

  const item = (path: string, label: string, icon: React.ReactNode, nested = false) => {
    const selected = path === '/' ? current === '/' : current.startsWith(path);
    return (
      <CollapsedLabel label={wide ? null : label} key={path}>
        <ListItemButton
          component={AppLink}
          href={path}
          selected={selected}
          aria-current={selected ? 'page' : undefined}
          onClick={isPhone ? onCloseMobile : undefined}
          onMouseEnter={() => !isSlowConnection() && preloadPage(path)}
          sx={{ pl: nested && wide ? 4 : 2.5, minHeight: 44 }}
        >
          <ListItemIcon sx={{ minWidth: 40 }}>{icon}</ListItemIcon>
          {wide && <ListItemText primary={label} />}
        </ListItemButton>
      </CollapsedLabel>
    );
  };

  const action = (label: string, icon: React.ReactNode, onClick: () => void, testId: string) => (
    <CollapsedLabel label={wide ? null : label} key={testId}>
      <ListItemButton onClick={onClick} data-testid={testId} sx={{ pl: 2.5, minHeight: 44 }}>
        <ListItemIcon sx={{ minWidth: 40 }}>{icon}</ListItemIcon>
        {wide && <ListItemText primary={label} />}
      </ListItemButton>
    </CollapsedLabel>
  );

  const content = (
    <>
      <Toolbar />
      <nav aria-label={t('nav.mainMenu')}>
        <List component="div">
          {TOP_ITEMS.filter(offered).map((entry) =>
            item(entry.path, t(`nav.${entry.drawer!.label}`), entry.drawer!.icon),
          )}
          {stagingItems.length > 0 && (
            <ListItemButton
              onClick={() => setStagingOpen((open) => !open)}
              aria-expanded={stagingOpen}
              sx={{ pl: 2.5, minHeight: 44 }}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <InventoryIcon />
              </ListItemIcon>
              {wide && <ListItemText primary={t('nav.staging')} />}
              {wide && (stagingOpen ? <ExpandLess /> : <ExpandMore />)}
            </ListItemButton>
          )}
          {/* Shown without MUI's Collapse: its transition's code would weigh on every first load. */}
          {stagingOpen && stagingItems.length > 0 && (
            <List component="div" disablePadding>
              {stagingItems.map((entry) =>
                item(entry.path, t(`nav.${entry.drawer!.label}`), entry.drawer!.icon, true),
              )}
            </List>
          )}
        </List>
      </nav>
      <Divider sx={{ mt: 'auto' }} />
      <List component="div">
        {action(
          mode === 'dark' ? t('nav.lightMode') : t('nav.darkMode'),
          mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />,
          toggleMode,
          'theme-toggle',
        )}
        {!isPhone &&
          action(
            expanded ? t('nav.collapse') : t('nav.expand'),
            expanded ? <ChevronLeftIcon /> : <ChevronRightIcon />,
            onToggleExpanded,
            'drawer-toggle',
          )}
        {state.status === 'signedIn'
          ? action(
              t('nav.logout'),
              <LogoutIcon />,
              () => void signOut().then(() => navigate(href('/'))),
              'logout',
            )
          : action(t('nav.login'), <LoginIcon />, () => navigate(href('/login')), 'login')}
      </List>
    </>
  );

  if (isPhone)
    return (
      <PhoneDrawer
        variant="temporary"
        open={mobileOpen}
        onClose={onCloseMobile}
        ModalProps={{ keepMounted: true }}
        sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
      >
        {content}
      </PhoneDrawer>
    );
  // The desktop drawer is always shown: what MUI's permanent Drawer renders (with its classes), without
  // the code only the sliding one uses.
  const width = expanded ? DRAWER_WIDTH : DRAWER_MINI_WIDTH;
  return (
    <Box className="MuiDrawer-root MuiDrawer-docked" sx={{ width, flex: '0 0 auto' }}>
      <Paper
        square
        elevation={0}
        className="MuiDrawer-paper MuiDrawer-paperAnchorLeft MuiDrawer-paperAnchorDockedLeft"
        sx={{
          position: 'fixed',
          top: 0,
          left: 0,
          height: '100%',
          flex: '1 0 auto',
          display: 'flex',
          flexDirection: 'column',
          overflowY: 'auto',
          overflowX: 'hidden',
          outline: 0,
          zIndex: (theme) => theme.zIndex.drawer,
          borderRight: 1,
          borderColor: 'divider',
          width,
          transition: (theme) => theme.transitions.create('width'),
          boxSizing: 'border-box',
        }}
      >
        {content}
      </Paper>
    </Box>
  );
}
