import { Chip } from '@mui/material';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import SignalCellularConnectedNoInternet0BarIcon from '@mui/icons-material/SignalCellularConnectedNoInternet0Bar';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../components/visually-hidden';

/**
 * The top bar's network chip, offline or while the network is not answering: loaded when the network goes
 * (its code is in the service worker's precache).
 */
export default function OfflineChip({ mode }: { mode: 'offline' | 'not-answering' }) {
  const { t } = useTranslation();
  const offline = mode === 'offline';
  return (
    <Chip
      icon={offline ? <CloudOffIcon /> : <SignalCellularConnectedNoInternet0BarIcon />}
      label={t(offline ? 'network.offline' : 'network.notAnswering')}
      title={t(offline ? 'network.offlineHint' : 'network.notAnsweringHint')}
      variant="outlined"
      size="small"
      // On a phone the icon alone (the top bar has no room for the words); they stay for screen readers.
      sx={(theme) => ({
        [theme.breakpoints.down('sm')]: {
          '& .MuiChip-label': visuallyHidden,
          '& .MuiChip-icon': { mx: 0.5 },
        },
      })}
      data-testid="network-chip"
      data-mode={mode}
    />
  );
}
