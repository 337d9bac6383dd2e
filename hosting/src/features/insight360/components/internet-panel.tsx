import { useTranslation } from 'react-i18next';
import type { WanSection } from '@insight/common/customer360';
import { OPER_STATUS } from '@insight/common/grading';
import { FieldList } from '../../../components/field-list';
import { StatusChip } from '../../../components/grade-chip';

/** Internet: the product and its speeds, the link, the IP address and the CPE count (from the WAN section). */
export function InternetPanel({ wan }: { wan: WanSection }) {
  const { t } = useTranslation('insight360');
  const oper = OPER_STATUS[wan.state.operStatus] ?? 'unknown';
  return (
    <FieldList
      columns={3}
      fields={[
        {
          label: t('internet.product'),
          value: wan.details.productSpeeds.productName,
          testId: 'internet-product',
        },
        {
          label: t('internet.speeds'),
          value: t('internet.speedValue', {
            down: wan.details.productSpeeds.downloadMbps,
            up: wan.details.productSpeeds.uploadMbps,
          }),
        },
        {
          label: t('internet.link'),
          value: (
            <StatusChip
              grade={oper === 'up' ? 'pass' : 'fail'}
              label={oper === 'up' ? t('status.online') : t('status.offline')}
            />
          ),
          testId: 'internet-link',
        },
        { label: t('internet.ip'), value: wan.state.ip_address },
        {
          label: t('internet.cpe'),
          value: t('internet.cpeValue', { count: wan.state.cpe, max: wan.state.max_cpe }),
        },
      ]}
    />
  );
}
