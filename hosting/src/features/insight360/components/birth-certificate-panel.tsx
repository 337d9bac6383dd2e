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
import { useTranslation } from 'react-i18next';
import type { BirthCertificateGrades, BirthCertificatesSection } from '@insight/common/customer360';
import { gradedToday } from '@insight/common/certificate-verdict';
import { formatPhone } from '@insight/common/format';
import { ungraded } from '@insight/common/threshold-grading';
import type { BirthCertificate } from '@insight/common/upstream/birth-certificate';
import { FieldList } from '../../../components/field-list';
import { GradeChip, StatusChip, useNumber } from '../../../components/grade-chip';
import { loadedWhenOpen, preloadOnIntent } from '../../../components/on-demand';
import { useFormatDateTime } from '../../../lib/date';
import { useRegenerateCertificate } from '../api/birth-certificates';
import { sendBirthCertificateSms } from '../api/operations';
import { useOperation } from '../../../hooks/use-operation';
import { useRecordDone, type DoneOperation } from '../hooks/use-operations-done';
import type { CertificateDialog } from './birth-certificate-dialog';

// The SMS form, the schema and the confirm dialogs load when a dialog first opens.
const BirthCertificateDialogs = loadedWhenOpen(() =>
  import('./birth-certificate-dialogs').then((module) => module.BirthCertificateDialogs),
);
/** Loads the dialogs' code when the user reaches for a button that opens one. */
const dialogsIntent = preloadOnIntent(() => BirthCertificateDialogs.preload());

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
        {
          label: t('bc.fields.gradedToday'),
          value: <TodayChip grades={grades} />,
          testId: 'bc-graded-today',
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

/** "Graded today: fail (−31.2 dBm)": today's rules on the certificate's values, with the value that decided. */
function TodayChip({ grades }: { grades: BirthCertificateGrades | undefined }) {
  const { t } = useTranslation('insight360');
  const number = useNumber();
  const today = gradedToday(grades);
  const value =
    typeof today.by?.value === 'number'
      ? ` (${number(today.by.value)} ${today.by.unit})`.replace(' )', ')')
      : '';
  return (
    <StatusChip
      grade={today.grade}
      label={t('bc.gradedToday', { grade: t(`grade.${today.grade}`), value })}
    />
  );
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
  const [dialog, setDialog] = useState<CertificateDialog>(null);
  const recordDone = useRecordDone(mac);
  const [smsDone, setSmsDone] = useState<DoneOperation | null>(null);
  const runRegenerate = useRegenerateCertificate(mac, language);
  const regenerate = useOperation((key: string) =>
    runRegenerate(key).then((result) => (recordDone('regenerateBc', { method: result.method }), result)),
  );
  // The number comes from the SMS form (birth-certificate-dialogs.tsx) when the sending is confirmed.
  const sms = useOperation((key, certificateId: string, phone: string) =>
    sendBirthCertificateSms(mac, { phone, certificateId, language }, key).then(
      (result) => (setSmsDone(recordDone('sendBcSms', { phone: formatPhone(phone) })), result),
    ),
  );
  const list = section.certificates;
  const latest = list[0] ?? null;
  // When the dialog opened: the PUT/POST choice and the age are stated as of then.
  const [openedAt, setOpenedAt] = useState(0);
  const openRegenerate = () => {
    regenerate.reset();
    setOpenedAt(Date.now());
    setDialog('regenerate');
  };

  return (
    <Stack spacing={2}>
      {list.length === 0 ? (
        <Alert
          severity="info"
          data-testid="bc-none"
          action={
            canRegenerate && (
              <Button
                color="inherit"
                size="small"
                onClick={openRegenerate}
                {...dialogsIntent}
                data-testid="bc-generate"
              >
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
                {...dialogsIntent}
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
                    <span data-testid="bc-installed">
                      <StatusChip
                        grade={bc.results.overall}
                        label={t('bc.installed', { grade: t(`grade.${bc.results.overall}`) })}
                      />
                    </span>
                    <span data-testid="bc-today">
                      <TodayChip grades={section.grades?.[bc.id]} />
                    </span>
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
                      onClick={() => (
                        sms.reset(),
                        setDialog({ sms: bc, today: gradedToday(section.grades?.[bc.id]) })
                      )}
                      {...dialogsIntent}
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
      <BirthCertificateDialogs
        open={dialog !== null}
        dialog={dialog}
        onClose={() => setDialog(null)}
        mac={mac}
        latest={latest}
        openedAt={openedAt}
        customerPhone={customerPhone}
        customerPhones={customerPhones}
        regenerate={regenerate}
        sms={sms}
        smsDone={smsDone}
      />
    </Stack>
  );
}
