import { useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Chip,
  Stack,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SmsIcon from '@mui/icons-material/Sms';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  regenerationMethod,
  sendSmsRequestSchema,
  type BirthCertificatesSection,
} from '@insight/common/customer360';
import { formatMac } from '@insight/common/mac';
import { ungraded } from '@insight/common/threshold-grading';
import type { BirthCertificateGrades } from '@insight/common/customer360';
import type { BirthCertificate } from '@insight/common/upstream/birth-certificate';
import { FieldList } from '../../../components/field-list';
import { GradeChip, StatusChip, useNumber } from '../../../components/grade-chip';
import { useFormatDateTime } from '../../../lib/date';
import { useRegenerateCertificate } from '../api/birth-certificates';
import { sendBirthCertificateSms } from '../api/operations';
import { useOperation } from '../../../hooks/use-operation';
import { FormTextField } from '../../../components/form-text-field';
import { OperationDialog } from '../../../components/operation-dialog';

interface Props {
  mac: string;
  section: BirthCertificatesSection;
  customerPhone: string | null;
  /** Every 10-digit number on the customer's contacts. */
  customerPhones: readonly string[];
  canRegenerate: boolean;
  canSendSms: boolean;
}

function CertificateFields({
  bc,
  grades,
}: {
  bc: BirthCertificate;
  grades: BirthCertificateGrades | undefined;
}) {
  const { t, i18n } = useTranslation('insight360');
  const formatDate = useFormatDateTime();
  const number = useNumber();
  const yesNo = (value: boolean) => (value ? t('yes') : t('no'));
  void i18n;
  return (
    <FieldList
      columns={3}
      fields={[
        { label: t('bc.fields.created'), value: formatDate(bc.created) },
        { label: t('bc.fields.source'), value: bc.source },
        {
          label: t('bc.fields.overall'),
          value: <StatusChip grade={bc.results.overall} />,
          testId: 'bc-overall',
        },
        { label: t('bc.fields.modem'), value: <StatusChip grade={bc.results.modem} /> },
        { label: t('bc.fields.wifi'), value: <StatusChip grade={bc.results.wifi} /> },
        { label: t('bc.fields.woId'), value: bc.woId ?? '-' },
        { label: t('bc.fields.referral'), value: bc.referral ?? '-' },
        { label: t('bc.fields.openSync'), value: yesNo(bc.openSync) },
        { label: t('bc.fields.customerType'), value: bc.customerType },
        { label: t('bc.fields.extenderPodsRequired'), value: String(bc.extenderPodsRequired) },
        { label: t('bc.fields.ethernetInstalled'), value: yesNo(bc.ethernetInstalled) },
        { label: t('bc.fields.techId'), value: bc.techId },
        { label: t('bc.fields.regenerated'), value: yesNo(bc.regenerated) },
        { label: t('bc.fields.regeneratedBy'), value: bc.regeneratedBy ?? '-' },
        {
          label: t('bc.fields.powerTx'),
          value: <GradeChip grading={grades?.txPower ?? ungraded(bc.power.tx, 'dBm')} />,
        },
        {
          label: t('bc.fields.powerRx'),
          value: <GradeChip grading={grades?.rxPower ?? ungraded(bc.power.rx, 'dBm')} />,
        },
        {
          label: t('bc.fields.oltReceivePower'),
          value: <GradeChip grading={grades?.oltRxPower ?? ungraded(bc.oltReceivePower, 'dBm')} />,
        },
        { label: t('bc.fields.rssi'), value: bc.rssi === null ? '-' : `${number(bc.rssi)} dBm` },
        { label: t('bc.fields.bandsteering'), value: yesNo(bc.bandsteering) },
        { label: t('bc.fields.servicesAdded'), value: bc.servicesAdded.join(', ') || '-' },
      ]}
    />
  );
}

function age(
  ts: string,
  now: number,
  t: (key: 'bc.hoursOld' | 'bc.daysOld', options: { count: number }) => string,
): string {
  const hours = Math.max(0, Math.round((now - Date.parse(ts)) / 3_600_000));
  return hours < 48 ? t('bc.hoursOld', { count: hours }) : t('bc.daysOld', { count: Math.round(hours / 24) });
}

export function BirthCertificatePanel({
  mac,
  section,
  customerPhone,
  customerPhones,
  canRegenerate,
  canSendSms,
}: Props) {
  const { t, i18n } = useTranslation('insight360');
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  const formatDate = useFormatDateTime();
  const [dialog, setDialog] = useState<'regenerate' | { sms: BirthCertificate } | null>(null);
  // The number to text, the customer's by default; sendSmsRequestSchema decides whether it can be sent.
  const { control } = useForm({ defaultValues: { phone: customerPhone?.replace(/\D/g, '') ?? '' } });
  const phone = useWatch({ control, name: 'phone' });
  const regenerate = useOperation(useRegenerateCertificate(mac, language));
  const sms = useOperation((key, certificateId: string) =>
    sendBirthCertificateSms(mac, { phone, certificateId, language }, key),
  );
  const list = section.certificates;
  const latest = list[0] ?? null;
  // When the dialog opened: the PUT/POST choice and the age are stated as of then.
  const [openedAt, setOpenedAt] = useState(0);
  const method = regenerationMethod(latest?.ts ?? null, openedAt);
  const openRegenerate = () => {
    regenerate.reset();
    setOpenedAt(Date.now());
    setDialog('regenerate');
  };
  const parsedPhone = sendSmsRequestSchema.safeParse({ phone, certificateId: 'x' });
  const phoneValid = parsedPhone.success;
  // A valid number that none of the customer's contacts has: said before anything is sent.
  const foreignPhone = parsedPhone.success && !customerPhones.includes(parsedPhone.data.phone);
  const displayMac = formatMac(mac);

  return (
    <Stack spacing={2}>
      {list.length === 0 ? (
        <Alert
          severity="info"
          data-testid="bc-none"
          action={
            canRegenerate && (
              <Button color="inherit" size="small" onClick={openRegenerate} data-testid="bc-generate">
                {t('bc.generate')}
              </Button>
            )
          }
        >
          {t('bc.none')}
        </Alert>
      ) : (
        <>
          {canRegenerate && (
            <Box>
              <Button
                variant="outlined"
                startIcon={<AutorenewIcon />}
                onClick={openRegenerate}
                data-testid="bc-regenerate"
              >
                {t('bc.regenerate')}
              </Button>
            </Box>
          )}
          <Box data-testid="bc-list">
            {list.map((bc, index) => (
              <Accordion
                key={bc.id}
                defaultExpanded={index === 0}
                disableGutters
                data-testid="bc-item"
                data-id={bc.id}
              >
                <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography sx={{ fontWeight: 600 }}>{formatDate(bc.ts)}</Typography>
                    <StatusChip grade={bc.results.overall} />
                    {index === 0 && <Chip size="small" color="primary" label={t('bc.newest')} />}
                    <Typography variant="body2" color="text.secondary">
                      {bc.source}
                    </Typography>
                  </Stack>
                </AccordionSummary>
                <AccordionDetails>
                  <CertificateFields bc={bc} grades={section.grades?.[bc.id]} />
                  {canSendSms && (
                    <Button
                      sx={{ mt: 2 }}
                      size="small"
                      variant="outlined"
                      startIcon={<SmsIcon />}
                      onClick={() => (sms.reset(), setDialog({ sms: bc }))}
                      data-testid="bc-send-sms"
                    >
                      {t('bc.sendSms')}
                    </Button>
                  )}
                </AccordionDetails>
              </Accordion>
            ))}
          </Box>
        </>
      )}
      <OperationDialog
        open={dialog === 'regenerate'}
        message={
          latest
            ? t('bc.confirmRegenerate', { mac: displayMac, age: age(latest.ts, openedAt, t), method })
            : t('bc.confirmRegenerateNone', { mac: displayMac })
        }
        state={regenerate.state}
        sentMessage={
          regenerate.state.status === 'sent'
            ? t('bc.regenerated', { method: regenerate.state.result.method })
            : ''
        }
        onConfirm={() => void regenerate.submit()}
        onClose={() => setDialog(null)}
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
          sms.state.status === 'sent' ? t('ops.sent', { requestId: sms.state.result.requestId }) : ''
        }
        canConfirm={phoneValid}
        onConfirm={() => typeof dialog === 'object' && dialog && void sms.submit(dialog.sms.id)}
        onClose={() => setDialog(null)}
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
        {foreignPhone && (
          <Alert severity="warning" sx={{ mt: 1 }} data-testid="sms-foreign-phone">
            {t('bc.smsNotCustomers')}
          </Alert>
        )}
      </OperationDialog>
    </Stack>
  );
}
