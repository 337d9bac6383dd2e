import { Box, Divider, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { LanSection, WifiClient, WifiPod } from '@insight/common/customer360';
import { ungraded } from '@insight/common/threshold-grading';
import { spokenDuration } from '@insight/common/duration';
import { formatMac } from '@insight/common/mac';
import { FieldList } from '../../../components/field-list';
import { GradeChip, StatusChip } from '../../../components/grade-chip';
import { PlumeSummary } from './plume-summary';
import { PortalDataGrid } from '../../../components/portal-data-grid';

export function LanPanel({ lan }: { lan: LanSection }) {
  const { t, i18n } = useTranslation('insight360');
  const value = (key: string) => t(`lan.values.${key}` as 'lan.values.connected');
  const podColumns: GridColDef<WifiPod>[] = [
    { field: 'nickname', headerName: t('lan.columns.nickname'), flex: 1, minWidth: 130 },
    { field: 'model', headerName: t('lan.columns.model'), flex: 1, minWidth: 130 },
    { field: 'firmware', headerName: t('lan.columns.firmware'), minWidth: 100 },
    {
      field: 'connectionState',
      headerName: t('lan.columns.connectionState'),
      minWidth: 140,
      renderCell: ({ row }) => (
        <StatusChip
          grade={row.connectionState === 'connected' ? 'pass' : 'fail'}
          label={value(row.connectionState)}
        />
      ),
    },
    {
      field: 'backhaul',
      headerName: t('lan.columns.backhaul'),
      minWidth: 100,
      valueFormatter: (v: string) => value(v),
    },
    {
      field: 'connectedDevices',
      headerName: t('lan.columns.connectedDevices'),
      type: 'number',
      minWidth: 90,
    },
  ];
  const clientColumns: GridColDef<WifiClient>[] = [
    { field: 'hostname', headerName: t('lan.columns.hostname'), flex: 1, minWidth: 150 },
    {
      field: 'mac',
      headerName: t('lan.columns.mac'),
      minWidth: 150,
      valueFormatter: (v: string) => formatMac(v),
    },
    { field: 'ip', headerName: t('lan.columns.ip'), minWidth: 110 },
    { field: 'band', headerName: t('lan.columns.band'), minWidth: 80 },
    { field: 'channel', headerName: t('lan.columns.channel'), type: 'number', minWidth: 80 },
    {
      field: 'rssi',
      headerName: t('lan.columns.rssi'),
      minWidth: 130,
      type: 'number',
      renderCell: ({ row }) => (
        <GradeChip grading={lan.grades?.clients[row.mac] ?? ungraded(row.rssi, 'dBm')} />
      ),
    },
    {
      field: 'health',
      headerName: t('lan.columns.health'),
      minWidth: 120,
      renderCell: ({ row }) => (
        <GradeChip
          grading={lan.grades?.health?.[row.mac] ?? ungraded(row.health)}
          label={value(row.health)}
        />
      ),
    },
    {
      field: 'connectionState',
      headerName: t('lan.columns.connectionState'),
      minWidth: 140,
      renderCell: ({ row }) => (
        <StatusChip
          grade={row.connectionState === 'connected' ? 'pass' : 'n/a'}
          label={value(row.connectionState)}
        />
      ),
    },
  ];
  const uptime = spokenDuration(lan.gateway.uptimeSeconds * 1000, i18n.language === 'fr' ? 'fr' : 'en');
  return (
    <Stack spacing={3} divider={<Divider flexItem />}>
      <PlumeSummary lan={lan} />
      <Box>
        <Typography variant="subtitle2" component="h3" gutterBottom>
          {t('lan.gateway')}
        </Typography>
        <FieldList
          columns={3}
          fields={[
            { label: t('lan.columns.model'), value: lan.gateway.model },
            { label: t('lan.columns.firmware'), value: lan.gateway.firmware },
            { label: t('lan.uptime'), value: uptime },
            { label: 'WAN IP', value: lan.gateway.wanIp },
            { label: 'LAN IP', value: lan.gateway.lanIp },
            {
              label: t('lan.ethernetPorts'),
              value: (
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                  {lan.gateway.ethernetPorts.map((port) => (
                    <StatusChip
                      key={port.port}
                      grade={port.linkUp ? 'pass' : 'n/a'}
                      label={
                        port.linkUp
                          ? t('lan.portUp', { port: port.port, speed: port.speedMbps })
                          : t('lan.portDown', { port: port.port })
                      }
                    />
                  ))}
                </Stack>
              ),
            },
          ]}
        />
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3" gutterBottom>
          {t('lan.pods')}
        </Typography>
        {lan.pods.length === 0 ? (
          <Typography color="text.secondary">{t('lan.noPods')}</Typography>
        ) : (
          <PortalDataGrid
            rows={lan.pods}
            columns={podColumns}
            density="compact"
            autoHeight
            hideFooter
            disableRowSelectionOnClick
            aria-label={t('lan.pods')}
          />
        )}
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3" gutterBottom>
          {t('lan.clients')}
        </Typography>
        {lan.clients.length === 0 ? (
          <Typography color="text.secondary">{t('lan.noClients')}</Typography>
        ) : (
          <PortalDataGrid
            rows={lan.clients}
            getRowId={(row) => row.mac}
            columns={clientColumns}
            density="compact"
            autoHeight
            initialState={{
              pagination: { paginationModel: { pageSize: 10 } },
              sorting: { sortModel: [{ field: 'rssi', sort: 'asc' }] },
            }}
            pageSizeOptions={[10, 25, 50]}
            disableRowSelectionOnClick
            aria-label={t('lan.clients')}
          />
        )}
      </Box>
    </Stack>
  );
}
