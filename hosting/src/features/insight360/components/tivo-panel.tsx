import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Customer, ServiceTreeNode } from '@insight/common/customer360';

function findTv(nodes: ServiceTreeNode[]): ServiceTreeNode | null {
  for (const node of nodes) {
    if (/tivo|tv|télé/i.test(node.name)) return node;
    const child = findTv(node.children);
    if (child) return child;
  }
  return null;
}

/** TiVo: whether the customer has a TV service. */
export function TivoPanel({ customer }: { customer: Customer }) {
  const { t } = useTranslation('insight360');
  const tv = findTv(customer.servicesTree);
  return tv ? (
    <Alert severity="success">{t('tivo.subscribed', { name: tv.name })}</Alert>
  ) : (
    <Alert severity="info">{t('tivo.none')}</Alert>
  );
}
