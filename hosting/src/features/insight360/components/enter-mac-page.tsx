import { Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { MacSearchField } from '../../../components/mac-search-field';

export default function EnterMacPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Typography variant="h5" component="h1">
        {t('pages.enterMac')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <MacSearchField id="enter-mac-field" autoFocus />
      </Paper>
    </Stack>
  );
}
