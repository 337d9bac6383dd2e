/**
 * /i/port/{olt}/{shelf}/{slot}/{port}: every ONU of a PON port with its state and receive power, for the
 * roles that work above the home (portView); each MAC opens its 360 view. The address is checked with the
 * same schema as the API's before anything is asked for.
 */
import { Alert, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { ponPortAddressSchema } from '@insight/common/customer360';
import { SectionCard } from '../../../components/section-card';
import { usePort } from '../api/port';
import { PortOnus } from './neighbourhood-panel';

export default function PortPage() {
  const { t } = useTranslation('insight360');
  const parsed = ponPortAddressSchema.safeParse(useParams());
  const address = parsed.success
    ? {
        olt: parsed.data.olt,
        port: `${Number(parsed.data.shelf)}/${Number(parsed.data.slot)}/${Number(parsed.data.port)}`,
      }
    : null;
  const state = usePort(address);
  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      {/* The page says what it is, an address that is not a port's included. */}
      <Typography variant="h5" component="h1" tabIndex={-1} data-testid="port-title">
        {address ? t('neighbourhood.pageTitle', address) : t('neighbourhood.portPage')}
      </Typography>
      {address ? (
        <SectionCard
          title={t('neighbourhood.list', address)}
          name={t('sections.neighbourhood')}
          state={state}
          onRefresh={() => void state.refresh()}
          testId="section-port"
        >
          {(port) => (
            <Stack spacing={1.5}>
              <Typography variant="body2" data-testid="port-counts">
                {port.status === 'down' ? `${t('neighbourhood.portDown')} · ` : ''}
                {t('neighbourhood.portCounts', {
                  total: port.onus.length,
                  online: port.onus.filter((onu) => onu.status === 'online').length,
                  split: port.split,
                })}
              </Typography>
              <PortOnus onus={port.onus} port={port.port} />
            </Stack>
          )}
        </SectionCard>
      ) : (
        <Alert severity="error" role="alert" data-testid="port-invalid">
          {t('neighbourhood.invalidPort')}
        </Alert>
      )}
    </Stack>
  );
}
