import { Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../app/providers/auth-provider';
import { MacSearchField } from '../../mac-search/components/mac-search-field';
import { useRecentLookups } from '../../mac-search/hooks/use-recent-lookups';

export default function EnterMacPage() {
  const { t } = useTranslation();
  const { state } = useAuth();
  const recent = useRecentLookups(state.status === 'signedIn' ? state.user.uid : null);
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Typography variant="h5" component="h1">
        {t('pages.enterMac')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <MacSearchField id="enter-mac-field" autoFocus onSearch={recent.remember} />
      </Paper>
    </Stack>
  );
}
