/** The compact header's menu of the other tools (tool-links.tsx), loaded when it first opens. */
import { Box, ListItemText, Menu, MenuItem } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import type { MenuProps } from './tool-links-types';

export function ToolLinksMenu({
  open,
  anchor,
  onClose,
  tools,
  notice,
}: MenuProps & { open: boolean; anchor: HTMLElement | null; onClose(): void }) {
  const { t: tc } = useTranslation();
  return (
    <Menu id="tool-links-menu" anchorEl={anchor} open={open} onClose={onClose}>
      {tools.map(({ tool, name, link }) =>
        link.href ? (
          <MenuItem
            key={tool}
            component="a"
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={tc('externalLink.newTab', { name })}
            onClick={onClose}
            data-testid={`tool-link-${tool}`}
          >
            <ListItemText>{name}</ListItemText>
            <OpenInNewIcon fontSize="small" sx={{ ml: 2 }} />
          </MenuItem>
        ) : (
          <MenuItem key={tool} disabled data-testid={`tool-link-${tool}`}>
            <ListItemText>{name}</ListItemText>
          </MenuItem>
        ),
      )}
      {notice && (
        <Box component="li" role="none" sx={{ px: 2, py: 1 }}>
          {notice}
        </Box>
      )}
    </Menu>
  );
}
