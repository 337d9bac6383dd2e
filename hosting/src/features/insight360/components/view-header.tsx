import { useEffect, useRef, useState } from 'react';
import {
  Box,
  Button,
  Chip,
  IconButton,
  Skeleton,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import RefreshIcon from '@mui/icons-material/Refresh';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import TocIcon from '@mui/icons-material/Toc';
import { useTranslation } from 'react-i18next';
import type { ExternalLinks } from '@insight/common/external-links';
import { fillLink } from '@insight/common/link-templates';
import { formatMac } from '@insight/common/mac';
import { Hint } from '../../../components/hint';
import { can, type RoleKey } from '@insight/common/roles';
import { ExternalLinkButton } from '../../../components/external-link-button';
import type { HttpError } from '../../../lib/http-client';
import type { ViewSections } from '../api/sections';
import { ResetAction } from './reset-action';
import { focusViewPart, SECTIONS_ID } from './skip-links';
import { ToolLinks } from './tool-links';

interface Props {
  mac: string;
  roles: readonly RoleKey[];
  sections: ViewSections;
  links: { data?: ExternalLinks; error?: HttpError };
  /** Why the diagnosis holds the reset (a root cause: the port is out…), said before one is sent. */
  resetHeld?: string | null;
}

/**
 * The 360 view's header: the MAC (copyable) and technology, the customer's name and account as soon as
 * the customer section answers, refresh of every section, the device reset for the roles that may, the
 * CRM record and the other tools (a menu on a narrow screen). The heading takes the focus when the view
 * opens (a MAC entered on Home lands here, not on the page's body).
 */
export function ViewHeader({ mac, roles, sections, links, resetHeld }: Props) {
  const { t } = useTranslation('insight360');
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  const [copied, setCopied] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  const { customer, wan } = sections;
  const who = customer.data?.data;
  const networkType = wan.data?.data.details.networkType;
  // The customer's fibre node for the tools: unknown while the customer loads, none when it failed.
  const node = customer.data ? customer.data.data.node : customer.error ? null : undefined;
  const crmLink =
    links.data && customer.data
      ? fillLink(links.data.crmObject, { mac, account: customer.data.data.customerAccountId }).href
      : null;
  const refreshAll = () => Object.values(sections).forEach((section) => void section.refresh());

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
          <Typography
            variant="h5"
            component="h1"
            tabIndex={-1}
            ref={heading}
            sx={{ fontFamily: 'monospace', '&:focus-visible': { outline: 2, outlineOffset: 2 } }}
            data-testid="view-mac"
          >
            {formatMac(mac)}
          </Typography>
          <Hint title={copied ? t('copied') : t('copyMac')}>
            <IconButton
              size="small"
              aria-label={t('copyMac')}
              onClick={() => void navigator.clipboard?.writeText(formatMac(mac)).then(() => setCopied(true))}
            >
              <ContentCopyIcon fontSize="small" />
            </IconButton>
          </Hint>
          {networkType && (
            <Chip size="small" color="primary" label={networkType} data-testid="network-type" />
          )}
          {/* The name's two lines are kept while the customer loads: nothing under them moves when it
              arrives (on a phone they take a line of their own). */}
          {!who && customer.isLoading && (
            <Box aria-hidden="true" data-testid="view-customer-loading" sx={{ minWidth: 0 }}>
              <Typography component="p" sx={{ fontWeight: 600 }}>
                <Skeleton width="11rem" />
              </Typography>
              <Typography component="p" variant="body2">
                <Skeleton width="8rem" />
              </Typography>
            </Box>
          )}
          {who && (
            <Box data-testid="view-customer" sx={{ minWidth: 0 }}>
              <Typography component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {who.name.line1}
              </Typography>
              <Typography component="p" variant="body2" color="text.secondary">
                {t('header.account', { account: who.customerAccount })}
              </Typography>
            </Box>
          )}
        </Stack>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button size="small" startIcon={<RefreshIcon />} onClick={refreshAll}>
            {t('refreshAll')}
          </Button>
          {/* On a phone the tabs lie under the findings and the customer: one touch reaches them. */}
          {narrow && (
            <Button
              size="small"
              startIcon={<TocIcon />}
              onClick={() => focusViewPart(SECTIONS_ID)}
              data-testid="go-to-sections"
            >
              {t('header.sections')}
            </Button>
          )}
          {can(roles, 'deviceReset') && (
            <ResetAction
              mac={mac}
              label={t('wan.reset')}
              buttonProps={{ startIcon: <RestartAltIcon /> }}
              testId="reset-device"
              dialogTestId="reset-dialog"
              held={resetHeld}
            />
          )}
          <ExternalLinkButton size="small" label={t('links.crm')} href={crmLink} testId="crm-link" />
          {narrow && <ToolLinks compact links={links} mac={mac} node={node} />}
        </Stack>
      </Stack>
      {!narrow && <ToolLinks links={links} mac={mac} node={node} />}
    </>
  );
}
