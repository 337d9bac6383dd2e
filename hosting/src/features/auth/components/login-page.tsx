import { useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import GoogleIcon from '@mui/icons-material/Google';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { useAuth } from '../../../providers/auth-provider';
import { usePreferences } from '../../../providers/preferences-provider';
import { safeReturnPath } from '../../../lib/language-path';
import { loadAuth } from '../../../lib/auth-session';

export default function LoginPage() {
  const { t } = useTranslation();
  const { state, signIn } = useAuth();
  const { href } = usePreferences();
  const [, navigate] = useLocation();
  const search = useSearch();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const destination = safeReturnPath(new URLSearchParams(search).get('from')) ?? href('/');

  // The Auth SDK loads with this page, so that the button's click opens the popup at once.
  useEffect(() => {
    loadAuth().catch(() => undefined);
  }, []);

  useEffect(() => {
    if (state.status === 'signedIn') navigate(destination, { replace: true });
  }, [state.status, destination, navigate]);

  async function handleSignIn() {
    setBusy(true);
    setError(null);
    try {
      await signIn();
    } catch (reason) {
      // docs/requirements.md, "Sign-in and sessions": sign-in errors are shown as the error message text.
      setError(reason instanceof Error ? reason.message : String(reason));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh', p: 2 }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, width: '100%', maxWidth: 440 }}>
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            {t('auth.signInTitle')}
          </Typography>
          <Typography color="text.secondary">{t('auth.signInBody')}</Typography>
          {error && (
            <Alert severity="error" role="alert" data-testid="sign-in-error">
              {error}
            </Alert>
          )}
          <Button
            variant="contained"
            size="large"
            startIcon={
              busy || state.status === 'loading' ? (
                <CircularProgress size={18} color="inherit" aria-hidden />
              ) : (
                <GoogleIcon />
              )
            }
            onClick={handleSignIn}
            disabled={busy || state.status !== 'signedOut'}
            data-testid="sign-in-google"
          >
            {busy ? t('auth.signingIn') : t('auth.signInWithGoogle')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
