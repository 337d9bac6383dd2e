import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Box, Link } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Where the findings and the sections start (their elements' ids). */
export const FINDINGS_ID = 'view-findings';
export const SECTIONS_ID = 'view-sections';

/** Focuses the findings' heading, or the selected tab of the sections (arrow keys then move between tabs). */
export function focusViewPart(id: string): void {
  const part = document.getElementById(id);
  const target = part?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]') ?? part;
  target?.scrollIntoView?.({ block: 'start' });
  target?.focus({ preventScroll: true });
}

const linkSx = {
  position: 'absolute',
  left: 8,
  top: -100,
  zIndex: 'tooltip',
  p: 1.5,
  minHeight: 44,
  bgcolor: 'background.paper',
  color: 'primary.main',
  border: 2,
  borderRadius: 1,
  '&:focus': { top: 8 },
} as const;

/**
 * "Skip to the findings" and "Skip to the sections": the first stops of the tab order on the 360 view
 * (drawn at the top of the page, before the top bar, in the layout's slot), shown when focused.
 */
export function SkipLinks() {
  const { t } = useTranslation('insight360');
  // The layout's slot is drawn before any page (pages load on their own).
  const [slot] = useState(() =>
    typeof document === 'undefined' ? null : document.getElementById('skip-links'),
  );
  const links = (
    <Box component="nav" aria-label={t('skip.label')} data-testid="skip-links">
      {(
        [
          [FINDINGS_ID, t('skip.findings')],
          [SECTIONS_ID, t('skip.sections')],
        ] as const
      ).map(([id, label]) => (
        <Link
          key={id}
          href={`#${id}`}
          sx={linkSx}
          onClick={(event) => {
            event.preventDefault();
            focusViewPart(id);
          }}
          data-testid={`skip-${id}`}
        >
          {label}
        </Link>
      ))}
    </Box>
  );
  return slot ? createPortal(links, slot) : links;
}
