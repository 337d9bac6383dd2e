import { useState, type ReactNode } from 'react';
import { Alert, Button, useMediaQuery, useTheme, type AlertColor } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * A notice that, on a phone, folds into one line with a button that unfolds it, so that the data starts
 * in the first screen; on a wider screen it is shown whole.
 */
export function FoldedNotice({
  severity = 'info',
  children,
  testId,
}: {
  severity?: AlertColor;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const folded = phone && !open;
  return (
    <Alert
      severity={severity}
      data-testid={testId}
      data-folded={folded ? 'true' : 'false'}
      sx={
        folded
          ? {
              py: 0,
              alignItems: 'center',
              '& .MuiAlert-message': {
                whiteSpace: 'nowrap',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                minWidth: 0,
              },
            }
          : undefined
      }
      action={
        phone ? (
          <Button
            color="inherit"
            size="small"
            onClick={() => setOpen(!open)}
            aria-expanded={open}
            sx={{ minHeight: 44 }}
          >
            {open ? t('notice.less') : t('notice.more')}
          </Button>
        ) : undefined
      }
    >
      {children}
    </Alert>
  );
}
