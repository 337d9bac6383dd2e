/**
 * A voice port's operations (voice-panel.tsx): the actions menu, the call forwarding and voicemail
 * language forms, the schema check and the confirm dialog. Loaded when the port's actions are first
 * opened: the overview draws the voice card without the form, schema and dialog code.
 */
import { useState } from 'react';
import { FormControlLabel, Menu, MenuItem, Radio, RadioGroup, Stack, Switch } from '@mui/material';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { voiceOperationSchema, type VoiceOperation } from '@insight/common/customer360';
import { formatPhone } from '@insight/common/format';
import type { VoicePort } from '@insight/common/upstream/telephony';
import { FormTextField } from '../../../components/form-text-field';
import { OperationDialog } from '../../../components/operation-dialog';
import { useOperation } from '../../../hooks/use-operation';
import { sendVoiceOperation } from '../api/operations';
import { useRecordDone, type DoneOperation } from '../hooks/use-operations-done';
import { useDoneSentence } from './operations-done';

type Kind = VoiceOperation['operation'];

export function VoicePortOperations({
  open,
  anchor,
  onCloseMenu,
  mac,
  port,
  onDone,
}: {
  /** Whether the actions menu is open. */
  open: boolean;
  anchor: HTMLElement | null;
  onCloseMenu(): void;
  mac: string;
  port: VoicePort;
  /** After an operation was sent, once its dialog closes. */
  onDone(): void;
}) {
  const { t } = useTranslation('insight360');
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
  const recordDone = useRecordDone(mac);
  const sentence = useDoneSentence();
  const [done, setDone] = useState<DoneOperation | null>(null);
  const doneValues = {
    phone,
    number: formatPhone(forwardNumber),
    language: t(`voice.language.${language}`),
    state: forwardEnabled ? t('ops.done.on') : t('ops.done.off'),
  };
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

  const choose = (next: Kind) => {
    onCloseMenu();
    operation.reset();
    setKind(next);
  };
  const close = () => {
    if (operation.state.status === 'sent') onDone();
    setKind(null);
  };

  return (
    <>
      <Menu anchorEl={anchor} open={open} onClose={onCloseMenu}>
        {(['callForwarding', 'voicemailPasswordReset', 'mwiReset', 'voicemailLanguage'] as const).map(
          (item) => (
            <MenuItem key={item} onClick={() => choose(item)} data-testid={`voice-op-${item}`}>
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
          operation.state.status === 'sent' && done
            ? `${sentence(done).what} — ${sentence(done).rest} ${t('ops.request', { requestId: operation.state.result.requestId })}`
            : ''
        }
        canConfirm={valid}
        onConfirm={() =>
          request &&
          void operation
            .submit(request)
            .then((result) => result && setDone(recordDone(request.operation, doneValues)))
        }
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
