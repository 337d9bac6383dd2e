import { Alert, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The pages not built yet. */
  page: 'genericStage';
  networkAccess?: boolean;
}

/** A reachable, protected page whose screen is not built yet. */
export default function PlaceholderPage({ page, networkAccess }: Props) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      <Typography variant="h5" component="h1">
        {t(`pages.${page}`)}
      </Typography>
      {networkAccess && <Alert severity="info">{t('placeholder.networkAccess')}</Alert>}
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography color="text.secondary" data-testid="placeholder">
          {t('placeholder.body')}
        </Typography>
      </Paper>
    </Stack>
  );
}
