import { Alert, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Redirect, useParams } from 'wouter';
import { formatMac, normalizeMac } from '@insight/common/mac';
import { usePreferences } from '../../../app/providers/preferences-provider';
import PlaceholderPage from '../../placeholder/components/placeholder-page';

/** /i/mac/{mac}: the 360 view; the mac parameter is optional (absent: go to the entry page). */
export default function Insight360Page() {
  const { mac: raw } = useParams<{ mac?: string }>();
  const { t } = useTranslation('errors');
  const { href } = usePreferences();
  if (!raw) return <Redirect to={href('/i/mac/enter-mac')} replace />;
  const mac = normalizeMac(decodeURIComponent(raw));
  if (!mac) {
    return (
      <Alert severity="error" role="alert" data-testid="invalid-mac">
        {t('invalidMac')}
      </Alert>
    );
  }
  return (
    <Stack spacing={2} key={mac}>
      <Typography variant="subtitle1" sx={{ fontFamily: 'monospace' }}>
        {formatMac(mac)}
      </Typography>
      <PlaceholderPage page="insight360" />
    </Stack>
  );
}
