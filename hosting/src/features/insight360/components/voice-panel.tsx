import { useState } from 'react';
import {
  Alert,
  Box,
  Chip,
  FormControlLabel,
  IconButton,
  Menu,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { voiceOperationSchema, type VoiceOperation, type VoiceSection } from '@insight/common/customer360';
import { formatPhone } from '@insight/common/format';
import type { VoicePort } from '@insight/common/upstream/telephony';
import { FieldList } from '../../../components/field-list';
import { FormTextField } from '../../../components/form-text-field';
import { StatusChip } from '../../../components/grade-chip';
import { sendVoiceOperation } from '../api/operations';
import { useOperation } from '../../../hooks/use-operation';
import { OperationDialog } from '../../../components/operation-dialog';

type Kind = VoiceOperation['operation'];

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
  const [kind, setKind] = useState<Kind | null>(null);
  // What the call forwarding and voicemail language dialogs ask; voiceOperationSchema decides what can be sent.
  const { control } = useForm({
    defaultValues: {
      forwardEnabled: port.features.callForward.enabled,
      forwardNumber: port.features.callForward.number ?? '',
      language: (port.features.voicemail.language === 'en' ? 'fr' : 'en') as 'en' | 'fr',
    },
  });
  const [forwardEnabled, forwardNumber, language] = useWatch({
    control,
    name: ['forwardEnabled', 'forwardNumber', 'language'],
  });
  const operation = useOperation((key, op: VoiceOperation) => sendVoiceOperation(mac, port.port, op, key));
  const phone = formatPhone(port.phoneNumber);

  const request: VoiceOperation | null =
    kind === 'callForwarding'
      ? {
          operation: 'callForwarding',
          enabled: forwardEnabled,
          number: forwardEnabled ? forwardNumber.replace(/\D/g, '') : null,
        }
      : kind === 'voicemailLanguage'
        ? { operation: 'voicemailLanguage', language }
        : kind
          ? ({ operation: kind } as VoiceOperation)
          : null;
  const valid = request ? voiceOperationSchema.safeParse(request).success : false;
  const message =
    kind === 'callForwarding'
      ? forwardEnabled
        ? t('voice.confirm.callForwardingOn', { phone, number: formatPhone(forwardNumber) })
        : t('voice.confirm.callForwardingOff', { phone })
      : kind === 'voicemailLanguage'
        ? t('voice.confirm.voicemailLanguage', { phone, language: t(`voice.language.${language}`) })
        : kind
          ? t(`voice.confirm.${kind}`, { phone })
          : '';

  const open = (next: Kind) => {
    setAnchor(null);
    operation.reset();
    setKind(next);
  };
  const close = () => {
    if (operation.state.status === 'sent') onDone();
    setKind(null);
  };

  return (
    <>
      <IconButton
        aria-label={t('voice.actions', { port: port.port })}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid={`voice-actions-${port.port}`}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {(['callForwarding', 'voicemailPasswordReset', 'mwiReset', 'voicemailLanguage'] as const).map(
          (item) => (
            <MenuItem key={item} onClick={() => open(item)} data-testid={`voice-op-${item}`}>
              {t(`voice.ops.${item}`)}
            </MenuItem>
          ),
        )}
      </Menu>
      <OperationDialog
        open={kind !== null}
        title={kind ? t(`voice.ops.${kind}`).replace('…', '') : undefined}
        message={message}
        state={operation.state}
        sentMessage={
          operation.state.status === 'sent'
            ? t('ops.sent', { requestId: operation.state.result.requestId })
            : ''
        }
        canConfirm={valid}
        onConfirm={() => request && void operation.submit(request)}
        onClose={close}
        testId="voice-dialog"
      >
        {kind === 'callForwarding' && (
          <Stack spacing={2}>
            <Controller
              control={control}
              name="forwardEnabled"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                    />
                  }
                  label={t('voice.forwardEnabled')}
                />
              )}
            />
            {forwardEnabled && (
              <FormTextField
                control={control}
                name="forwardNumber"
                label={t('voice.forwardNumber')}
                error={forwardNumber !== '' && !valid}
                helperText={forwardNumber !== '' && !valid ? t('voice.forwardNumberInvalid') : ' '}
                slotProps={{ htmlInput: { inputMode: 'tel', 'data-testid': 'forward-number' } }}
                autoFocus
              />
            )}
          </Stack>
        )}
        {kind === 'voicemailLanguage' && (
          <Controller
            control={control}
            name="language"
            render={({ field }) => (
              <RadioGroup {...field} aria-label={t('voice.voicemailLanguage')}>
                <FormControlLabel value="en" control={<Radio />} label={t('voice.language.en')} />
                <FormControlLabel value="fr" control={<Radio />} label={t('voice.language.fr')} />
              </RadioGroup>
            )}
          />
        )}
      </OperationDialog>
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
      <Box sx={{ overflowX: 'auto' }}>
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
      </Box>
      <Typography variant="caption" color="text.secondary">
        {voice.networkType}
      </Typography>
    </Stack>
  );
}
