import { useState } from 'react';
import { Button, Chip, IconButton, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import RefreshIcon from '@mui/icons-material/Refresh';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { useTranslation } from 'react-i18next';
import type { ExternalLinks } from '@insight/common/external-links';
import { fillLink } from '@insight/common/link-templates';
import { formatMac } from '@insight/common/mac';
import { Hint } from '../../../components/hint';
import { can, type RoleKey } from '@insight/common/roles';
import { ExternalLinkButton } from '../../../components/external-link-button';
import { OperationDialogOnDemand as OperationDialog } from '../../../components/on-demand';
import { useOperation } from '../../../hooks/use-operation';
import type { HttpError } from '../../../lib/http-client';
import { resetDevice } from '../api/operations';
import type { ViewSections } from '../api/sections';
import { ToolLinks } from './tool-links';

interface Props {
  mac: string;
  roles: readonly RoleKey[];
  sections: ViewSections;
  links: { data?: ExternalLinks; error?: HttpError };
}

/**
 * The 360 view's header: the MAC (copyable) and technology, refresh of every section, the device reset
 * for the roles that may, the CRM record and the other tools (a menu on a narrow screen).
 */
export function ViewHeader({ mac, roles, sections, links }: Props) {
  const { t } = useTranslation('insight360');
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  const [copied, setCopied] = useState(false);
  const reset = useOperation((key) => resetDevice(mac, key));
  const [resetOpen, setResetOpen] = useState(false);
  const { customer, wan } = sections;
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
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h1" sx={{ fontFamily: 'monospace' }} data-testid="view-mac">
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
        </Stack>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button size="small" startIcon={<RefreshIcon />} onClick={refreshAll}>
            {t('refreshAll')}
          </Button>
          {can(roles, 'deviceReset') && (
            <Button
              size="small"
              color="warning"
              variant="outlined"
              startIcon={<RestartAltIcon />}
              onClick={() => (reset.reset(), setResetOpen(true))}
              data-testid="reset-device"
            >
              {t('wan.reset')}
            </Button>
          )}
          <ExternalLinkButton size="small" label={t('links.crm')} href={crmLink} testId="crm-link" />
          {narrow && <ToolLinks compact links={links} mac={mac} node={node} />}
        </Stack>
      </Stack>
      {!narrow && <ToolLinks links={links} mac={mac} node={node} />}
      <OperationDialog
        open={resetOpen}
        message={t('ops.resetConfirm', { mac: formatMac(mac) })}
        state={reset.state}
        sentMessage={
          reset.state.status === 'sent' ? t('ops.sent', { requestId: reset.state.result.requestId }) : ''
        }
        onConfirm={() => void reset.submit()}
        onClose={() => setResetOpen(false)}
        testId="reset-dialog"
      />
    </>
  );
}
