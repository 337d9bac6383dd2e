import { Button, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../providers/auth-provider';
import type { Tool } from '../../../lib/tools';
import { mayHaveSession } from '../../../lib/auth-session';
import { lazyPage } from '../../../lib/lazy-page';
import { AppLink } from '../../../components/app-link';

// The signed-out landing carries none of the signed-in home's code (search field, recent lookups).
const SignedInHome = lazyPage(() => import('./signed-in-home'));
// With a kept session, that code loads with this page, not once the session is restored.
if (mayHaveSession()) void SignedInHome.preload().catch(() => undefined);

/** Home (docs/requirements.md, "Home"): the sign-in invitation, or the signed-in home with the tools the user's roles open. */
export default function HomePage({ tools = [] }: { tools?: Tool[] }) {
  const { t } = useTranslation('home');
  const { t: tc } = useTranslation();
  const { state } = useAuth();

  if (state.status !== 'signedOut') return <SignedInHome tools={tools} />;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 640, mx: 'auto', mt: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('signedOutTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('signedOutBody')}
      </Typography>
      <Button variant="contained" component={AppLink} href="/login">
        {tc('nav.login')}
      </Button>
    </Paper>
  );
}
