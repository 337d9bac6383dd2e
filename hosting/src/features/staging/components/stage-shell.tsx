import type { ReactNode } from 'react';
import {
  Button,
  Chip,
  CircularProgress,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useTranslation } from 'react-i18next';
import { PROVINCES, type Province } from '@insight/common/staging';
import { FoldedNotice } from '../../../components/folded-notice';
import type { Connection } from '../api/use-staging-stream';

/** The connection state in words: connecting, live, reconnecting (with its wait), paused offline or the stream's error. */
export function ConnectionChip({ connection }: { connection: Connection }) {
  const { t } = useTranslation('staging');
  const props = {
    connecting: {
      color: 'default',
      label: t('connection.connecting'),
      icon: <CircularProgress size={14} aria-label={t('connection.connecting')} />,
    },
    live: { color: 'success', label: t('connection.live') },
    reconnecting: {
      color: 'warning',
      label:
        connection.state === 'reconnecting' && connection.retryInMs > 0
          ? t('connection.reconnectingIn', { seconds: Math.round(connection.retryInMs / 1000) })
          : t('connection.reconnecting'),
    },
    error: {
      color: 'error',
      label: t('connection.error', { message: connection.state === 'error' ? connection.message : '' }),
    },
    stopped: { color: 'default', label: t('connection.stopped') },
    paused: { color: 'default', label: t('connection.paused') },
  }[connection.state] as {
    color: 'default' | 'success' | 'warning' | 'error';
    label: string;
    icon?: React.ReactElement;
  };
  return (
    <Chip
      size="small"
      variant="outlined"
      color={props.color}
      icon={props.icon}
      label={props.label}
      title={connection.state === 'reconnecting' ? connection.message : undefined}
      data-testid="connection"
      data-state={connection.state}
      aria-live="polite"
    />
  );
}

/** The frame of a live staging page: title, the network note, province, connection, Reset, the table. */
export function StageShell({
  title,
  province,
  onProvince,
  connection,
  onReset,
  onStart,
  summary,
  children,
}: {
  title: string;
  province: Province;
  onProvince(province: Province): void;
  connection: Connection;
  onReset(): void;
  onStart(): void;
  summary?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('staging');
  const stopped = connection.state === 'stopped' || connection.state === 'error';
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <FoldedNotice testId="network-access">{t('networkAccess')}</FoldedNotice>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={province}
          onChange={(_event, next: Province | null) => next && onProvince(next)}
          aria-label={t('province')}
          // The unselected province in the body text's colour (the theme's is too light for AA).
          sx={{ '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}
        >
          {PROVINCES.map((value) => (
            <ToggleButton key={value} value={value} data-testid={`province-${value}`}>
              {t(`provinces.${value}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <ConnectionChip connection={connection} />
        {stopped ? (
          <Button
            size="small"
            variant="outlined"
            startIcon={<PlayArrowIcon />}
            onClick={onStart}
            data-testid="stream-start"
          >
            {t('start')}
          </Button>
        ) : (
          <Button
            size="small"
            color="warning"
            // The theme's warning colour is too light for text on white (WCAG AA 4.5:1).
            sx={{ color: (theme) => (theme.palette.mode === 'light' ? '#a34500' : undefined) }}
            startIcon={<RestartAltIcon />}
            onClick={onReset}
            data-testid="stream-reset"
          >
            {t('reset')}
          </Button>
        )}
        {summary}
      </Stack>
      {children}
    </Stack>
  );
}
