import { useMemo, useState } from 'react';
import { Chip, Link } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { formatMac } from '@insight/common/mac';
import { oltInterfaceSchema, type OnuRow, type Province } from '@insight/common/staging';
import { AppLink } from '../../../components/app-link';
import { StatusChip } from '../../../components/grade-chip';
import { useDateCells } from '../../../lib/date';
import { useDocument } from '../../../lib/firestore-hooks';
import { useStagingStream } from '../api/use-staging-stream';
import { StageShell } from './stage-shell';
import { StageTable } from './stage-table';

const rowKeyOf = (row: OnuRow) => row.key;
const STATE_GRADE = {
  discovered: 'n/a',
  ranging: 'warn',
  provisioning: 'warn',
  ready: 'pass',
  failed: 'fail',
} as const;

/**
 * /onu-stage: ONU devices and OLT ports of a province, live from the ONU stream, each port joined with
 * the province's OLT interface (a live Firestore document).
 */
/** What a phone shows of a device (the rest is a tap away on a wider screen or in the CSV). */
const PHONE_FIELDS = ['macAddress', 'state', 'rxPower'];

export default function OnuStagePage() {
  const { t } = useTranslation('staging');
  const dateCells = useDateCells();
  const [province, setProvince] = useState<Province>('ON');
  const olt = useDocument(`oltInterface/${province}`, oltInterfaceSchema);
  const interfaces = useMemo(
    () => new Map((olt.data?.ports ?? []).map((port) => [port.portNumber, port])),
    [olt.data],
  );
  const oltName = olt.data?.name;
  // What the quick search finds beside the raw values: types, states and each port's OLT interface as shown.
  const labels = useMemo(
    () => ({
      values: Object.fromEntries([
        ...(Object.keys(STATE_GRADE) as Array<keyof typeof STATE_GRADE>).map((state) => [
          state,
          t(`statuses.${state}`),
        ]),
        ...(['onu', 'olt'] as const).map((type) => [type, t(`types.${type}`)]),
      ]),
      interfaces: Object.fromEntries(
        [...interfaces].map(([number, port]) => [
          number,
          `${port.name ?? oltName ?? ''} ${formatMac(port.macAddress)}`.trim(),
        ]),
      ),
    }),
    [t, interfaces, oltName],
  );
  const stream = useStagingStream<OnuRow>('onu', province, labels);

  // The same columns from render to render: the table redraws only the rows that changed.
  const columns = useMemo(
    (): Array<GridColDef<OnuRow>> => [
      {
        field: 'type',
        headerName: t('columns.type'),
        minWidth: 100,
        valueGetter: (_value, row) => t(`types.${row.type}`),
      },
      { field: 'portNumber', headerName: t('columns.portNumber'), type: 'number', minWidth: 80 },
      {
        field: 'oltInterface',
        headerName: t('columns.oltInterface'),
        minWidth: 200,
        valueGetter: (_value, row) => {
          const port = interfaces.get(row.portNumber);
          return port
            ? `${port.name ?? oltName ?? ''} ${formatMac(port.macAddress)}`.trim()
            : t('noInterface');
        },
      },
      {
        field: 'macAddress',
        headerName: t('columns.macAddress'),
        minWidth: 170,
        renderCell: ({ row }) =>
          row.type === 'onu' ? (
            <Link component={AppLink} href={`/i/mac/${row.macAddress}`} data-testid="onu-mac">
              {formatMac(row.macAddress)}
            </Link>
          ) : (
            formatMac(row.macAddress)
          ),
      },
      {
        field: 'state',
        headerName: t('columns.state'),
        minWidth: 150,
        valueGetter: (_value, row) => (row.type === 'onu' ? row.state : ''),
        renderCell: ({ row }) =>
          row.type === 'onu' ? (
            <StatusChip grade={STATE_GRADE[row.state]} label={t(`statuses.${row.state}`)} />
          ) : null,
      },
      {
        field: 'rxPower',
        headerName: t('columns.rxPower'),
        minWidth: 110,
        valueGetter: (_value, row) => (row.type === 'onu' ? `${row.rxPower} dBm` : ''),
      },
      {
        field: 'name',
        headerName: t('columns.name'),
        minWidth: 160,
        valueGetter: (_value, row) =>
          row.type === 'olt' ? `${row.name} (${t('columns.onuCount')} ${row.onuCount})` : '',
      },
      {
        field: 'updatedAt',
        headerName: t('columns.updatedAt'),
        minWidth: 170,
        ...dateCells,
      },
    ],
    [t, dateCells, interfaces, oltName],
  );

  return (
    <StageShell
      title={t('onuTitle')}
      province={province}
      onProvince={setProvince}
      connection={stream.connection}
      onReset={stream.reset}
      onStart={stream.start}
      summary={<Chip size="small" label={t('rows', { count: stream.view.total })} data-testid="row-count" />}
    >
      <StageTable
        label={t('onus')}
        testId="onu-table"
        phoneFields={PHONE_FIELDS}
        rows={stream.view.rows}
        rowCount={stream.view.rowCount}
        answered={stream.answered}
        query={stream.query}
        onQuery={stream.setQuery}
        onSearch={stream.setSearch}
        matching={stream.matching}
        columns={columns}
        rowId={rowKeyOf}
        empty={stream.connection.state === 'stopped' ? t('stoppedEmpty') : t('empty')}
      />
    </StageShell>
  );
}
