import { Chip } from '@mui/material';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../components/visually-hidden';

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
      // On a phone the icon alone (the top bar has no room for the word); the word stays for screen readers.
      sx={(theme) => ({
        [theme.breakpoints.down('sm')]: {
          '& .MuiChip-label': visuallyHidden,
          '& .MuiChip-icon': { mx: 0.5 },
        },
      })}
      data-testid="offline-chip"
    />
  );
}
