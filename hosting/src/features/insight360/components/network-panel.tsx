import { useTranslation } from 'react-i18next';
import type { Customer, WanSection } from '@insight/common/customer360';
import { FieldList } from '../../../components/field-list';

/** Network: where the device hangs in the network (network group, fibre node, OLT, port, interfaces). */
export function NetworkPanel({ wan, customer }: { wan: WanSection; customer: Customer | undefined }) {
  const { t } = useTranslation('insight360');
  return (
    <FieldList
      columns={3}
      fields={[
        { label: t('network.networkGroup'), value: wan.details.networkGroup, testId: 'network-group' },
        { label: t('customer.node'), value: customer?.node ?? '-' },
        { label: t('wan.fields.olt'), value: wan.state.olt },
        { label: t('wan.fields.port'), value: wan.state.port },
        { label: t('wan.fields.olt_id'), value: wan.state.olt_id },
        { label: t('wan.fields.us_if'), value: wan.state.us_if },
        { label: t('wan.fields.ds_if'), value: wan.state.ds_if },
        { label: t('wan.fields.ip_address'), value: wan.state.ip_address },
        { label: t('network.hostIpMta'), value: wan.details.hostIpMta ?? '-' },
      ]}
    />
  );
}
