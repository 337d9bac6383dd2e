import { Chip } from '@mui/material';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { useTranslation } from 'react-i18next';

/** The top bar's offline chip: loaded when the network goes (its code is in the service worker's precache). */
export default function OfflineChip() {
  const { t } = useTranslation();
  return (
    <Chip
      icon={<CloudOffIcon />}
      label={t('network.offline')}
      title={t('network.offlineHint')}
      variant="outlined"
      size="small"
      data-testid="offline-chip"
    />
  );
}
