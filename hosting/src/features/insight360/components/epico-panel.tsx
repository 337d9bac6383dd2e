import { Alert, Stack, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { BirthCertificatesSection, LanSection } from '@insight/common/customer360';
import { ungraded } from '@insight/common/threshold-grading';
import { formatMac } from '@insight/common/mac';
import { FieldList } from '../../../components/field-list';
import { GradeChip, StatusChip } from '../../../components/grade-chip';

/** Epico: the Wi-Fi devices of the latest birth certificate, graded, and the Plume pods. */
export function EpicoPanel({ bc, lan }: { bc: BirthCertificatesSection; lan: LanSection | undefined }) {
  const { t } = useTranslation('insight360');
  const devices = bc.certificates[0]?.bcEpicoDevices ?? [];
  return (
    <Stack spacing={2}>
      {devices.length === 0 ? (
        <Alert severity="info">{t('epico.none')}</Alert>
      ) : (
        <Table size="small" aria-label={t('epico.devices')}>
          <TableHead>
            <TableRow>
              <TableCell>MAC</TableCell>
              <TableCell>{t('lan.columns.model')}</TableCell>
              <TableCell>{t('lan.columns.rssi')}</TableCell>
              <TableCell>{t('bc.fields.overall')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {devices.map((device) => (
              <TableRow key={device.mac}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{formatMac(device.mac)}</TableCell>
                <TableCell>{device.model}</TableCell>
                <TableCell>
                  {device.rssi === null ? (
                    '-'
                  ) : (
                    <GradeChip
                      grading={
                        bc.grades?.[bc.certificates[0]!.id]?.epico[device.mac] ?? ungraded(device.rssi, 'dBm')
                      }
                    />
                  )}
                </TableCell>
                <TableCell>
                  <StatusChip grade={device.result} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {lan && (
        <FieldList
          fields={[{ label: t('lan.pods'), value: lan.pods.map((pod) => pod.nickname).join(', ') || '-' }]}
        />
      )}
    </Stack>
  );
}
