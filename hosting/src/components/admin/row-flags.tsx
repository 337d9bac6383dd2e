import type { ReactNode } from 'react';
import { Chip, Stack } from '@mui/material';
import WarningIcon from '@mui/icons-material/WarningAmber';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { useTranslation } from 'react-i18next';
import { Hint } from '../hint';

/** A kept count as the tables show it: a negative one (a missed trigger) is flagged, in words too. */
export function CountCell({ count, children }: { count: number; children?: ReactNode }) {
  const { t } = useTranslation();
  if (count >= 0) return <>{children ?? <span data-testid="count-value">{count}</span>}</>;
  const text = t('adminKit.countOutOfRange');
  return (
    <Hint title={text}>
      <Chip
        size="small"
        color="warning"
        variant="outlined"
        icon={<WarningIcon />}
        label={count}
        aria-label={`${count}: ${text}`}
        tabIndex={0}
        data-testid="count-out-of-range"
      />
    </Hint>
  );
}

/** A reference whose row does not exist: the value, and a 'missing' chip that says which entry. */
export function MissingParent({ field, id }: { field: string; id: string }) {
  const { t } = useTranslation();
  const text = t('adminKit.missingParent', { field, id });
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
      <span>{id}</span>
      <Hint title={text}>
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          icon={<LinkOffIcon />}
          label={t('adminKit.missing')}
          aria-label={text}
          tabIndex={0}
          data-testid="missing-parent"
        />
      </Hint>
    </Stack>
  );
}
