import { Alert, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Customer } from '@insight/common/customer360';
import { formatMac } from '@insight/common/mac';
import { useFormatDateTime } from '../../../lib/date';

/** Legacy: the account's other devices (loki), or why they could not be read. */
export function LegacyPanel({ customer }: { customer: Customer }) {
  const { t } = useTranslation('insight360');
  const formatDate = useFormatDateTime();
  if ('error' in customer.lokiData)
    return (
      <Alert severity="warning">
        {t('legacy.unavailable', { message: customer.lokiData.error.message })}
      </Alert>
    );
  if (customer.lokiData.length === 0) return <Alert severity="info">{t('legacy.none')}</Alert>;
  return (
    <Table size="small" aria-label={t('legacy.devices')}>
      <TableHead>
        <TableRow>
          <TableCell>MAC</TableCell>
          <TableCell>{t('legacy.deviceType')}</TableCell>
          <TableCell>{t('legacy.lastSeen')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {customer.lokiData.map((device) => (
          <TableRow key={device.mac}>
            <TableCell sx={{ fontFamily: 'monospace' }}>{formatMac(device.mac)}</TableCell>
            <TableCell>{device.deviceType}</TableCell>
            <TableCell>{formatDate(device.lastSeen)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
