/** The thinner views of the 360 page, each composed from the sections' data. */
import { Alert, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type {
  BirthCertificatesSection,
  Customer,
  LanSection,
  ServiceTreeNode,
  VoiceSection,
  WanSection,
} from '@insight/common/customer360';
import { OPER_STATUS } from '@insight/common/grading';
import { ungraded } from '@insight/common/threshold';
import { formatMac } from '@insight/common/mac';
import { ExternalLinkButton } from '../../../components/external-link-button';
import { FieldList } from '../../../components/field-list';
import { GradeChip, StatusChip } from '../../../components/grade-chip';
import { useFormatDateTime } from '../../../lib/date';

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

export function ModemPanel({ wan, lan }: { wan: WanSection; lan: LanSection | undefined }) {
  const { t } = useTranslation('insight360');
  return (
    <FieldList
      columns={3}
      fields={[
        { label: t('wan.model'), value: wan.details.model },
        { label: t('modem.vendor'), value: wan.details.vendor },
        { label: t('modem.serialNumber'), value: wan.details.serialNumber, testId: 'modem-serial' },
        { label: t('modem.networkType'), value: wan.details.networkType },
        { label: t('wan.current'), value: wan.firmware.current },
        { label: 'MAC', value: formatMac(wan.details.mac) },
        ...(lan ? [{ label: t('lan.gateway'), value: `${lan.gateway.model} · ${lan.gateway.lanIp}` }] : []),
      ]}
    />
  );
}

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

export function VoipPanel({
  wan,
  voice,
  templateUrl,
}: {
  wan: WanSection;
  voice: VoiceSection | undefined;
  /** Null while the links load. */
  templateUrl: string | null;
}) {
  const { t } = useTranslation('insight360');
  const mta = wan.details.cpeMacs.find((cpe) => cpe.type === 'mta');
  return (
    <Stack spacing={2}>
      <FieldList
        columns={3}
        fields={[
          { label: t('voip.mtaIp'), value: mta?.ip ?? '-' },
          { label: 'MTA MAC', value: mta ? formatMac(mta.mac) : '-' },
          {
            label: t('voice.ata'),
            value: voice?.subscriber
              ? `${voice.subscriber.ata.model} (${t(`status.${voice.subscriber.ata.status}`)})`
              : t('voice.noVoice'),
          },
          { label: t('voice.ports'), value: String(voice?.subscriber?.ports.length ?? 0) },
        ]}
      />
      <div>
        <ExternalLinkButton size="small" variant="outlined" label={t('voip.template')} href={templateUrl} />
      </div>
    </Stack>
  );
}

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

function findTv(nodes: ServiceTreeNode[]): ServiceTreeNode | null {
  for (const node of nodes) {
    if (/tivo|tv|télé/i.test(node.name)) return node;
    const child = findTv(node.children);
    if (child) return child;
  }
  return null;
}

export function TivoPanel({ customer }: { customer: Customer }) {
  const { t } = useTranslation('insight360');
  const tv = findTv(customer.servicesTree);
  return tv ? (
    <Alert severity="success">{t('tivo.subscribed', { name: tv.name })}</Alert>
  ) : (
    <Alert severity="info">{t('tivo.none')}</Alert>
  );
}

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
