import { useState } from 'react';
import {
  Alert,
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useTranslation } from 'react-i18next';
import type { VoiceSection } from '@insight/common/customer360';
import { formatPhone } from '@insight/common/format';
import type { VoicePort } from '@insight/common/upstream/telephony';
import { FieldList } from '../../../components/field-list';
import { StatusChip } from '../../../components/grade-chip';
import { TableScroll } from '../../../components/table-scroll';
import { loadedWhenOpen, preloadOnIntent } from '../../../components/on-demand';

// The menu, the forms, the schema and the confirm dialog load when a port's actions first open.
const VoicePortOperations = loadedWhenOpen(() =>
  import('./voice-port-operations').then((module) => module.VoicePortOperations),
);
const operationsIntent = preloadOnIntent(() => VoicePortOperations.preload());

function Features({ port }: { port: VoicePort }) {
  const { t } = useTranslation('insight360');
  const f = port.features;
  const chip = (on: boolean, label: string) => (
    <Chip
      key={label}
      size="small"
      variant={on ? 'filled' : 'outlined'}
      color={on ? 'primary' : 'default'}
      label={`${label}: ${on ? t('yes') : t('no')}`}
    />
  );
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {chip(f.callBlock, t('voice.callBlock'))}
      {f.callForward.enabled && f.callForward.number ? (
        <Chip
          size="small"
          color="primary"
          label={t('voice.callForwardTo', { number: formatPhone(f.callForward.number) })}
        />
      ) : (
        chip(false, t('voice.callForward'))
      )}
      {chip(f.callerId, t('voice.callerId'))}
      {chip(f.callWaiting, t('voice.callWaiting'))}
      {chip(f.voicemail.enabled, t('voice.voicemail'))}
      {f.voicemail.enabled && (
        <Chip
          size="small"
          variant="outlined"
          label={`${t('voice.voicemailLanguage')}: ${t(`voice.language.${f.voicemail.language}`)}`}
        />
      )}
      {f.voicemail.messageWaiting && <Chip size="small" color="warning" label={t('voice.messageWaiting')} />}
    </Stack>
  );
}

function PortActions({ mac, port, onDone }: { mac: string; port: VoicePort; onDone(): void }) {
  const { t } = useTranslation('insight360');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        aria-label={t('voice.actions', { port: port.port })}
        onClick={(event) => setAnchor(event.currentTarget)}
        {...operationsIntent}
        data-testid={`voice-actions-${port.port}`}
      >
        <MoreVertIcon />
      </IconButton>
      <VoicePortOperations
        open={anchor !== null}
        anchor={anchor}
        onCloseMenu={() => setAnchor(null)}
        mac={mac}
        port={port}
        onDone={onDone}
      />
    </>
  );
}

export function VoicePanel({
  mac,
  voice,
  canOperate,
  onChanged,
}: {
  mac: string;
  voice: VoiceSection;
  canOperate: boolean;
  onChanged(): void;
}) {
  const { t } = useTranslation('insight360');
  if (!voice.subscriber) return <Alert severity="info">{t('voice.noVoice')}</Alert>;
  const { ata, ports } = voice.subscriber;
  return (
    <Stack spacing={2}>
      <FieldList
        columns={3}
        fields={[
          { label: t('voice.ata'), value: `${ata.model} · ${ata.firmware}` },
          { label: 'MAC', value: ata.mac },
          {
            label: t('status.operStatus'),
            value: (
              <StatusChip
                grade={ata.status === 'online' ? 'pass' : 'fail'}
                label={t(`status.${ata.status}`)}
              />
            ),
          },
        ]}
      />
      <TableScroll label={t('voice.ports')}>
        <Table size="small" aria-label={t('voice.ports')} data-testid="voice-ports">
          <TableHead>
            <TableRow>
              <TableCell>{t('voice.ports')}</TableCell>
              <TableCell>{t('voice.phoneNumber')}</TableCell>
              <TableCell>{t('voice.lineStatus')}</TableCell>
              <TableCell>{t('voice.features')}</TableCell>
              {canOperate && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {ports.map((port) => (
              <TableRow key={port.port} data-testid={`voice-port-${port.port}`}>
                <TableCell>{port.port}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatPhone(port.phoneNumber)}</TableCell>
                <TableCell>
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                    <StatusChip
                      grade={port.lineStatus.active ? 'pass' : 'fail'}
                      label={port.lineStatus.active ? t('voice.active') : t('voice.notActive')}
                    />
                    <StatusChip
                      grade={port.lineStatus.hook === 'on' ? 'pass' : 'warn'}
                      label={port.lineStatus.hook === 'on' ? t('voice.onHook') : t('voice.offHook')}
                    />
                    <StatusChip
                      grade="n/a"
                      label={port.lineStatus.inUse ? t('voice.inUse') : t('voice.notInUse')}
                    />
                  </Stack>
                </TableCell>
                <TableCell>
                  <Features port={port} />
                </TableCell>
                {canOperate && (
                  <TableCell>
                    <PortActions mac={mac} port={port} onDone={onChanged} />
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableScroll>
      <Typography variant="caption" color="text.secondary">
        {voice.networkType}
      </Typography>
    </Stack>
  );
}
