import type { ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  IconButton,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslation } from 'react-i18next';
import { Hint } from './hint';
import { useFormatDateTime } from '../lib/date';
import type { HttpError } from '../lib/http-client';

export interface SectionState<T> {
  data?: { data: T; fetchedAt: string; cached: boolean };
  error?: HttpError;
  isLoading: boolean;
  isValidating?: boolean;
}

interface Props<T> {
  title: string;
  /** What the loading and error messages call the data (the title when absent). */
  name?: string;
  state: SectionState<T>;
  onRefresh(): void;
  action?: ReactNode;
  children: (data: T) => ReactNode;
  testId: string;
  /**
   * Said instead of the error when the failure is expected and not this card's (a MAC no customer is
   * known for: its device sections have nothing to show). A note, not an error: no retry.
   */
  errorNote?: string;
  /** Said in the error, with its retry, instead of "{name} could not be loaded: …" (the History card's store). */
  errorMessage?: (error: HttpError) => string;
}

/**
 * A card fed by one API read (a section of the 360 view): skeleton while loading, its own translated
 * error with a retry, and when the data was fetched with a refresh that bypasses the cache.
 */
export function SectionCard<T>({
  title,
  name = title,
  state,
  onRefresh,
  action,
  children,
  testId,
  errorNote,
  errorMessage,
}: Props<T>) {
  const { t } = useTranslation();
  const { t: te } = useTranslation('errors');
  const formatDate = useFormatDateTime();
  const status = state.error ? 'error' : state.data ? 'ready' : 'loading';
  return (
    <Card
      variant="outlined"
      data-testid={testId}
      data-state={status}
      component="section"
      aria-labelledby={`${testId}-title`}
      sx={{ height: '100%' }}
    >
      <CardHeader
        title={title}
        slotProps={{
          title: { variant: 'subtitle1', component: 'h2', id: `${testId}-title`, sx: { fontWeight: 600 } },
        }}
        action={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {action}
            <Hint title={t('sectionCard.refresh')}>
              <span>
                <IconButton
                  size="small"
                  onClick={onRefresh}
                  disabled={state.isLoading || state.isValidating}
                  aria-label={`${t('sectionCard.refresh')} ${title}`}
                >
                  <RefreshIcon fontSize="small" />
                </IconButton>
              </span>
            </Hint>
          </Stack>
        }
        sx={{ pb: 0 }}
      />
      <CardContent>
        {status === 'loading' && (
          <Box role="status" aria-label={t('sectionCard.loading', { name })}>
            <Skeleton height={28} />
            <Skeleton height={28} width="80%" />
            <Skeleton height={28} width="60%" />
          </Box>
        )}
        {status === 'error' && errorNote && (
          <Alert severity="info" data-testid={`${testId}-note`} data-code={state.error!.code}>
            {errorNote}
          </Alert>
        )}
        {status === 'error' && !errorNote && (
          <Alert
            severity="error"
            sx={state.data ? { mb: 2 } : undefined}
            data-testid={`${testId}-error`}
            data-code={state.error!.code}
            action={
              <Button color="inherit" size="small" onClick={onRefresh}>
                {t('sectionCard.retry')}
              </Button>
            }
          >
            {state.data
              ? t('sectionCard.refreshFailed', { name, message: te(`codes.${state.error!.code}`) })
              : (errorMessage?.(state.error!) ??
                t('sectionCard.error', { name, message: te(`codes.${state.error!.code}`) }))}
          </Alert>
        )}
        {/* A read again that failed (a refresh; offline, in field mode) keeps what the card had, under it. */}
        {state.data && (
          <>
            {children(state.data!.data)}
            <Typography
              variant="caption"
              color="text.secondary"
              component="p"
              sx={{ mt: 2 }}
              data-testid={`${testId}-fetched`}
            >
              {t('sectionCard.fetchedAt', { date: formatDate(state.data!.fetchedAt) })}
              {state.data!.cached ? ` · ${t('sectionCard.cached')}` : ''}
            </Typography>
          </>
        )}
      </CardContent>
    </Card>
  );
}
