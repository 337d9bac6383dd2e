import {
  Alert,
  Box,
  Chip,
  Divider,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { SectionError, WanSection } from '@insight/common/customer360';
import { formatMac } from '@insight/common/mac';
import { FieldList } from '../../../components/field-list';
import { StatusChip } from '../../../components/grade-chip';
import { FirmwareSummary, SignalSummary } from './wan-summary';
import { useFormatDateTime } from '../../../lib/date';
import { PowerChart, TrafficChart } from './charts';

const isError = (value: unknown): value is { error: SectionError } =>
  typeof value === 'object' && value !== null && 'error' in value;

const STATE_FIELDS = [
  'fsan',
  'ip_address',
  'olt',
  'port',
  'olt_id',
  'us_if',
  'ds_if',
  'rx_pwr',
  'tx_pwr',
  'cpe',
  'max_cpe',
  'speed_mode',
  'upload_speed',
  'download_speed',
  'date_update',
] as const;

/** Why a part of the WAN could not be read, in the user's language (the upstream's own words are English). */
function PartError({ error }: { error: SectionError }) {
  const { t: te } = useTranslation('errors');
  return <Alert severity="warning">{te(`codes.${error.code}`)}</Alert>;
}

export function WanPanel({ wan }: { wan: WanSection }) {
  const { t } = useTranslation('insight360');
  const formatDate = useFormatDateTime();
  const registration = wan.registration;
  const provisioning = wan.provisioning;
  return (
    <Stack spacing={3} divider={<Divider flexItem />}>
      <Box>
        <Typography variant="subtitle2" component="h3" gutterBottom>
          {t('wan.signal')}
        </Typography>
        <SignalSummary wan={wan} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, mt: 2 }}>
          <PowerChart
            history={wan.state.powerHistory}
            warnBelow={wan.grades?.rxPowerPass?.rangeMin ?? null}
          />
          <TrafficChart fiber={wan.state.fiberTraffic} ethernet={wan.state.ethernetTraffic} />
        </Box>
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3" gutterBottom>
          {t('wan.firmware')}
        </Typography>
        <FirmwareSummary wan={wan} />
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3" gutterBottom>
          {t('wan.state')}
        </Typography>
        <FieldList
          columns={3}
          fields={STATE_FIELDS.map((field) => ({
            label: t(`wan.fields.${field}`),
            value: field === 'date_update' ? formatDate(wan.state.date_update) : String(wan.state[field]),
            testId: `state-${field}`,
          }))}
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Box data-testid="wan-registration">
          <Typography variant="subtitle2" component="h3" gutterBottom>
            {t('wan.registration')}
          </Typography>
          {registration === null ? (
            <Alert severity="info">{t('wan.notFetched')}</Alert>
          ) : isError(registration) ? (
            <PartError error={registration.error} />
          ) : (
            <FieldList
              fields={[
                {
                  label: t('wan.registration'),
                  value: (
                    <StatusChip
                      grade={registration.registered ? 'pass' : 'fail'}
                      label={registration.registered ? t('wan.registered') : t('wan.notRegistered')}
                    />
                  ),
                },
                {
                  label: 'OLT',
                  value: `${registration.olt} · ${registration.ponPort} · ONU ${registration.onuId}`,
                },
                {
                  label: t('wan.fields.date_update'),
                  value: registration.registeredAt ? formatDate(registration.registeredAt) : '-',
                },
              ]}
            />
          )}
        </Box>
        <Box data-testid="wan-provisioning">
          <Typography variant="subtitle2" component="h3" gutterBottom>
            {t('wan.provisioning')}
          </Typography>
          {provisioning === null ? (
            <Alert severity="info">{t('wan.notFetched')}</Alert>
          ) : isError(provisioning) ? (
            <PartError error={provisioning.error} />
          ) : (
            <>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {provisioning.message}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                {provisioning.steps.map((step) => (
                  <StatusChip
                    key={step.name}
                    grade={step.status}
                    label={`${step.name}: ${t(`grade.${step.status}`)}`}
                  />
                ))}
              </Stack>
            </>
          )}
        </Box>
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3" gutterBottom>
          {t('wan.cpeMacs')}
        </Typography>
        <Table size="small" aria-label={t('wan.cpeMacs')}>
          <TableHead>
            <TableRow>
              <TableCell>MAC</TableCell>
              <TableCell>IP</TableCell>
              <TableCell>{t('wan.cpeType')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {wan.details.cpeMacs.map((cpe) => (
              <TableRow key={cpe.mac}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{formatMac(cpe.mac)}</TableCell>
                <TableCell>{cpe.ip}</TableCell>
                <TableCell>
                  <Chip size="small" label={cpe.type} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Stack>
  );
}
