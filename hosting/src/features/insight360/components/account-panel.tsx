import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Customer } from '@insight/common/customer360';
import { FieldList } from '../../../components/field-list';

/** Account: the customer and billing accounts, contact and services. */
export function AccountPanel({ customer }: { customer: Customer }) {
  const { t } = useTranslation('insight360');
  return (
    <FieldList
      columns={3}
      fields={[
        { label: t('customer.account'), value: customer.customerAccountId },
        {
          label: t('customer.type'),
          value: `${customer.customerAccountType} · ${customer.customerAccountTypeName}`,
        },
        { label: t('customer.billingAccount'), value: customer.billingAccount ?? '-' },
        {
          label: t('customer.billingStatus'),
          value: customer.billingAccountStatus ? (
            <Chip size="small" label={customer.billingAccountStatus} />
          ) : (
            '-'
          ),
        },
        { label: t('customer.phone'), value: customer.phone },
        { label: t('customer.email'), value: customer.email ?? '-' },
        {
          label: t('customer.services'),
          value: customer.addresses.flatMap((address) => address.services).join(', '),
        },
      ]}
    />
  );
}
