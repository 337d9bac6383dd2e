import { useTranslation } from 'react-i18next';
import type { WanSection } from '@insight/common/customer360';
import { ADMIN_STATUS, OPER_STATUS } from '@insight/common/grading';
import { ungraded } from '@insight/common/threshold-grading';
import { FieldList } from '../../../components/field-list';
import { GradeChip, StatusChip } from '../../../components/grade-chip';

/** Signal: receive and transmit power graded, the OLT's receive power, admin and operational status. */
export function SignalSummary({ wan }: { wan: WanSection }) {
  const { t } = useTranslation('insight360');
  const oper = OPER_STATUS[wan.state.operStatus] ?? 'unknown';
  return (
    <FieldList
      columns={3}
      fields={[
        {
          label: t('wan.rxPower'),
          value: (
            <GradeChip grading={wan.grades?.rxPower ?? ungraded(wan.state.rx_pwr, 'dBm')} testId="grade-rx" />
          ),
        },
        {
          label: t('wan.txPower'),
          value: (
            <GradeChip grading={wan.grades?.txPower ?? ungraded(wan.state.tx_pwr, 'dBm')} testId="grade-tx" />
          ),
        },
        {
          label: t('wan.oltRxPower'),
          value: (
            <GradeChip
              grading={wan.grades?.oltRxPower ?? ungraded(wan.state.oltRxPower, 'dBm')}
              testId="grade-olt-rx"
            />
          ),
        },
        {
          label: t('status.adminStatus'),
          value: t(`status.admin.${ADMIN_STATUS[wan.state.adminStatus] ?? 'down'}`),
        },
        {
          label: t('status.operStatus'),
          value: (
            <StatusChip
              grade={oper === 'up' ? 'pass' : oper === 'testing' || oper === 'dormant' ? 'warn' : 'fail'}
              label={t(`status.oper.${oper}`)}
            />
          ),
          testId: 'oper-status',
        },
      ]}
    />
  );
}

export function FirmwareSummary({ wan }: { wan: WanSection }) {
  const { t } = useTranslation('insight360');
  const { firmware } = wan;
  return (
    <FieldList
      columns={3}
      fields={[
        { label: t('wan.current'), value: firmware.current, testId: 'firmware-current' },
        { label: t('wan.latest'), value: firmware.latest },
        { label: t('wan.approved'), value: firmware.approved.join(', ') || '-' },
        {
          label: t('wan.firmware'),
          value: (
            <GradeChip
              grading={wan.grades?.firmware ?? ungraded(firmware.score)}
              label={t(`wan.score.${firmware.scoreLabel}`)}
              testId="grade-firmware"
            />
          ),
          testId: 'firmware-score',
        },
        { label: t('wan.model'), value: firmware.model },
        { label: t('wan.revision'), value: firmware.revision },
      ]}
    />
  );
}
