/**
 * The birth certificates panel's dialogs (birth-certificate-panel.tsx): the regeneration's confirmation,
 * with the PUT/POST choice by the last certificate's age, and the SMS form with its phone check. Loaded
 * when one first opens: the overview draws the certificates card without the form, schema and dialog code.
 */
import { Alert } from '@mui/material';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  regenerationMethod,
  sendSmsRequestSchema,
  type OperationResult,
  type RegenerateResult,
} from '@insight/common/customer360';
import { spokenDuration } from '@insight/common/duration';
import { formatMac } from '@insight/common/mac';
import type { BirthCertificate } from '@insight/common/upstream/birth-certificate';
import { FormTextField } from '../../../components/form-text-field';
import { useGradeReason } from '../../../components/grade-chip';
import { OperationDialog } from '../../../components/operation-dialog';
import type { OperationState } from '../../../hooks/use-operation';
import { useFormatDateTime } from '../../../lib/date';
import type { DoneOperation } from '../hooks/use-operations-done';
import type { CertificateDialog } from './birth-certificate-dialog';
import { useDoneSentence } from './operations-done';

/** The certificate's age, spoken ("about 30 hours", "about 280 days"). */
const age = (ts: string, now: number, language: 'en' | 'fr') =>
  spokenDuration(now - Date.parse(ts), language);

interface Props {
  /** Whether one of the dialogs is open (the first time, this module loads). */
  open: boolean;
  dialog: CertificateDialog;
  onClose(): void;
  mac: string;
  /** The newest certificate, null when there is none. */
  latest: BirthCertificate | null;
  /** When the regeneration's dialog opened: the PUT/POST choice and the age are stated as of then. */
  openedAt: number;
  customerPhone: string | null;
  /** Every 10-digit number on the customer's contacts. */
  customerPhones: readonly string[];
  regenerate: { state: OperationState<RegenerateResult>; submit(): unknown };
  sms: { state: OperationState<OperationResult>; submit(certificateId: string, phone: string): unknown };
  /** The SMS as it went out (when, by whom), once sent. */
  smsDone: DoneOperation | null;
}

export function BirthCertificateDialogs({
  dialog,
  onClose,
  mac,
  latest,
  openedAt,
  customerPhone,
  customerPhones,
  regenerate,
  sms,
  smsDone,
}: Props) {
  const sentence = useDoneSentence();
  const { t, i18n } = useTranslation('insight360');
  const formatDate = useFormatDateTime();
  const gradeReason = useGradeReason();
  // The number to text, the customer's by default; sendSmsRequestSchema decides whether it can be sent.
  const { control } = useForm({ defaultValues: { phone: customerPhone?.replace(/\D/g, '') ?? '' } });
  const phone = useWatch({ control, name: 'phone' });
  const method = regenerationMethod(latest?.ts ?? null, openedAt);
  const parsedPhone = sendSmsRequestSchema.safeParse({ phone, certificateId: 'x' });
  const phoneValid = parsedPhone.success;
  // A valid number that none of the customer's contacts has: said before anything is sent.
  const foreignPhone = parsedPhone.success && !customerPhones.includes(parsedPhone.data.phone);
  const displayMac = formatMac(mac);

  return (
    <>
      <OperationDialog
        open={dialog === 'regenerate'}
        message={
          latest
            ? t('bc.confirmRegenerate', {
                mac: displayMac,
                age: age(latest.ts, openedAt, i18n.language === 'fr' ? 'fr' : 'en'),
                method,
              })
            : t('bc.confirmRegenerateNone', { mac: displayMac })
        }
        state={regenerate.state}
        sentMessage={
          regenerate.state.status === 'sent'
            ? t('bc.regenerated', { method: regenerate.state.result.method })
            : ''
        }
        onConfirm={() => void regenerate.submit()}
        onClose={onClose}
        testId="bc-regenerate-dialog"
      />
      <OperationDialog
        open={typeof dialog === 'object' && dialog !== null}
        title={t('bc.smsTitle')}
        message={
          typeof dialog === 'object' && dialog
            ? t('bc.smsConfirm', { date: formatDate(dialog.sms.ts), phone: phone || '-' })
            : ''
        }
        state={sms.state}
        sentMessage={
          sms.state.status === 'sent' && smsDone
            ? `${sentence(smsDone).what} — ${sentence(smsDone).rest} ${t('ops.request', { requestId: sms.state.result.requestId })}`
            : ''
        }
        canConfirm={phoneValid}
        onConfirm={() => typeof dialog === 'object' && dialog && void sms.submit(dialog.sms.id, phone)}
        onClose={onClose}
        testId="bc-sms-dialog"
      >
        <FormTextField
          control={control}
          name="phone"
          label={t('bc.smsPhone')}
          error={!phoneValid}
          helperText={phoneValid ? ' ' : t('bc.smsPhoneInvalid')}
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'tel', 'data-testid': 'sms-phone' } }}
        />
        {typeof dialog === 'object' &&
          dialog &&
          dialog.sms.results.overall === 'pass' &&
          (dialog.today.grade === 'fail' || dialog.today.grade === 'warn') && (
            <Alert severity="warning" sx={{ mt: 1 }} data-testid="sms-no-longer-passes">
              {t('bc.smsNoLongerPasses', {
                grade: t(`grade.${dialog.today.grade}`),
                reason: dialog.today.by ? gradeReason(dialog.today.by) : '',
              })}
            </Alert>
          )}
        {foreignPhone && (
          <Alert severity="warning" sx={{ mt: 1 }} data-testid="sms-foreign-phone">
            {t('bc.smsNotCustomers')}
          </Alert>
        )}
      </OperationDialog>
    </>
  );
}
