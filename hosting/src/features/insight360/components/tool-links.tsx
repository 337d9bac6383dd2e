import { useState } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import { useTranslation } from 'react-i18next';
import type { ExternalLinks } from '@insight/common/external-links';
import { EXTERNAL_TOOLS, fillLink } from '@insight/common/link-templates';
import { ExternalLinkButton } from '../../../components/external-link-button';
import type { MenuProps } from './tool-links-types';
import { loadedWhenOpen } from '../../../components/on-demand';
import type { HttpError } from '../../../lib/http-client';

interface Props {
  links: { data?: ExternalLinks; error?: HttpError };
  mac: string;
  /** The customer's fibre node: undefined while the customer is loading, null when the record has none. */
  node: string | null | undefined;
  /** On a narrow screen the tools are a menu, so that the diagnosis stays on the first screen. */
  compact?: boolean;
}

const MISSING_ID = 'tool-links-missing';

/**
 * The other tools, each opened in a new tab with the device's MAC or the customer's fibre node where it
 * takes one; a tool whose MAC or node the record lacks is shown disabled, with the notice of docs/requirements.md, "Links to other tools".
 */
export function ToolLinks({ links, mac, node, compact = false }: Props) {
  const { t } = useTranslation('insight360');
  const { t: te } = useTranslation('errors');
  if (links.error)
    return (
      <Typography variant="caption" color="error" data-testid="tool-links-error">
        {t('tools.loadFailed', { message: te(`codes.${links.error.code}`) })}
      </Typography>
    );
  // On a phone the menu's button keeps its place while the links load (the actions around it do not move).
  if (!links.data) return compact ? <ToolMenu tools={null} notice={null} /> : null;
  const tools = links.data.tools;
  const filled = EXTERNAL_TOOLS.map((tool) => ({
    tool,
    name: t(`tools.names.${tool}`),
    link: fillLink(tools[tool], { mac, node }),
  }));
  // While the customer loads, a link that waits for the node is disabled without the notice.
  const lacking = filled.some(
    ({ link }) => link.missing && (node !== undefined || !link.missing.includes('node')),
  );
  const notice = lacking && (
    <Typography
      id={MISSING_ID}
      variant="caption"
      color="text.secondary"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      data-testid={MISSING_ID}
    >
      <InfoIcon fontSize="inherit" />
      {t('tools.missing')}
    </Typography>
  );
  if (compact) return <ToolMenu tools={filled} notice={notice} />;
  return (
    <Stack
      component="nav"
      aria-label={t('tools.title')}
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
      data-testid="tool-links"
    >
      <Typography variant="body2" color="text.secondary">
        {t('tools.title')}
      </Typography>
      {filled.map(({ tool, name, link }) => (
        <ExternalLinkButton
          key={tool}
          size="small"
          variant="outlined"
          label={name}
          href={link.href}
          aria-describedby={link.missing && lacking ? MISSING_ID : undefined}
          testId={`tool-link-${tool}`}
        />
      ))}
      {notice}
    </Stack>
  );
}

/** The tools' menu on a narrow screen; `tools` null while the links load (its button shown, disabled). */
interface ToolMenuProps extends Omit<MenuProps, 'tools'> {
  tools: MenuProps['tools'] | null;
}

// The menu's code (MUI's menu, popover and focus handling) loads when it first opens.
const ToolLinksMenu = loadedWhenOpen(() =>
  import('./tool-links-menu').then((module) => module.ToolLinksMenu),
);

function ToolMenu({ tools, notice }: ToolMenuProps) {
  const { t } = useTranslation('insight360');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        size="small"
        endIcon={<ArrowDropDownIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={tools === null}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? 'tool-links-menu' : undefined}
        data-testid="tool-links-menu-button"
      >
        {t('tools.title')}
      </Button>
      {tools && (
        <ToolLinksMenu
          open={anchor !== null}
          anchor={anchor}
          onClose={() => setAnchor(null)}
          tools={tools}
          notice={notice}
        />
      )}
    </>
  );
}
