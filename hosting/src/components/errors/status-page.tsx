import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../app-link';

interface Props {
  /** null: no status line (a message that is not an error, e.g. a newer version to load). */
  status?: number | null;
  message: string;
  hint?: string;
  action?: 'home' | 'reload';
  /** What Reload does (default: reload the page). */
  onReload?: () => void;
}

/** The generic error page: a status code and a message (default status 500). */
export function StatusPage({ status = 500, message, hint, action = 'home', onReload }: Props) {
  const { t } = useTranslation('errors');
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh', p: 2 }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 560, textAlign: 'center' }}>
        {status !== null && (
          <Typography variant="overline" color="text.secondary" component="p">
            {t('status', { status })}
          </Typography>
        )}
        <Typography variant="h5" component="h1" sx={{ mb: hint ? 1 : 3 }} data-testid="status-message">
          {message}
        </Typography>
        {hint && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {hint}
          </Typography>
        )}
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
          {action === 'reload' && (
            <Button variant="contained" onClick={onReload ?? (() => window.location.reload())}>
              {t('reloadButton')}
            </Button>
          )}
          <Button component={AppLink} href="/" variant={action === 'home' ? 'contained' : 'text'}>
            {t('backHome')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
