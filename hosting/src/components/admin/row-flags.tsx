import type { ReactElement, ReactNode } from 'react';
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

/** A cell's value with a warning chip beside it that says, on hover and to screen readers, what is wrong. */
export function FlaggedValue({
  value,
  label,
  hint,
  icon,
  testId,
}: {
  value: ReactNode;
  label: string;
  /** Said on hover and focus, and read as the chip's name (after `label` when it adds to it). */
  hint: string;
  icon: ReactElement;
  testId: string;
}) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
      <span>{value}</span>
      <Hint title={hint}>
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          icon={icon}
          label={label}
          aria-label={hint}
          tabIndex={0}
          data-testid={testId}
        />
      </Hint>
    </Stack>
  );
}

/** A reference whose row does not exist: the value, and a 'missing' chip that says which entry. */
export function MissingParent({ field, id }: { field: string; id: string }) {
  const { t } = useTranslation();
  return (
    <FlaggedValue
      value={id}
      label={t('adminKit.missing')}
      hint={t('adminKit.missingParent', { field, id })}
      icon={<LinkOffIcon />}
      testId="missing-parent"
    />
  );
}
