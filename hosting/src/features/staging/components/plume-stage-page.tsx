import { memo, useMemo, useState } from 'react';
import { Chip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { Province, SwitchRow } from '@insight/common/staging';
import { StatusChip } from '../../../components/grade-chip';
import { useDateCells } from '../../../lib/date';
import { useStagingStream } from '../api/use-staging-stream';
import { StageShell } from './stage-shell';
import { StageTable } from './stage-table';

const STATUS_GRADE = { online: 'pass', provisioning: 'warn', offline: 'fail' } as const;
const PORT_STATES = ['staging', 'done', 'failed', 'idle'] as const;
const switchName = (row: SwitchRow) => row.name;

/** A switch's status chip, drawn again only when the status changes. */
const SwitchStatus = memo(function SwitchStatus({ status }: { status: SwitchRow['status'] }) {
  const { t } = useTranslation('staging');
  return <StatusChip grade={STATUS_GRADE[status]} label={t(`statuses.${status}`)} />;
});

/** /plume-stage: the managed switches of a province, live from the Plume stream. */
/** What a phone shows of a device (the rest is a tap away on a wider screen or in the CSV). */
const PHONE_FIELDS = ['mac', 'status'];

export default function PlumeStagePage() {
  const { t } = useTranslation('staging');
  const dateCells = useDateCells();
  const [province, setProvince] = useState<Province>('ON');
  // What the quick search finds beside the raw values: the statuses and port states as shown.
  const labels = useMemo(
    () => ({
      values: Object.fromEntries([
        ...(Object.keys(STATUS_GRADE) as Array<keyof typeof STATUS_GRADE>).map((status) => [
          status,
          t(`statuses.${status}`),
        ]),
        ...PORT_STATES.map((state) => [state, t(`portStates.${state}`)]),
      ]),
    }),
    [t],
  );
  const stream = useStagingStream<SwitchRow>('plume', province, labels);
  // The same columns from render to render: the table redraws only the rows that changed.
  const columns = useMemo((): Array<GridColDef<SwitchRow>> => {
    const portLabels = PORT_STATES.map((state) => [state, t(`portStates.${state}`)] as const);
    return [
      { field: 'name', headerName: t('columns.name'), minWidth: 160 },
      { field: 'mac', headerName: t('columns.mac'), minWidth: 140 },
      {
        field: 'status',
        headerName: t('columns.status'),
        minWidth: 150,
        renderCell: ({ row }) => <SwitchStatus status={row.status} />,
      },
      { field: 'firmware', headerName: t('columns.firmware'), minWidth: 110 },
      {
        field: 'ports',
        headerName: t('columns.ports'),
        minWidth: 300,
        flex: 1,
        sortable: false,
        valueGetter: (_value, row) =>
          portLabels
            .map(
              ([state, label]) => [label, row.ports.filter((port) => port.state === state).length] as const,
            )
            .filter(([, count]) => count > 0)
            .map(([label, count]) => `${label} ${count}`)
            .join(' · '),
      },
      { field: 'lastEvent', headerName: t('columns.lastEvent'), minWidth: 170, ...dateCells },
      { field: 'updatedAt', headerName: t('columns.updatedAt'), minWidth: 170, ...dateCells },
    ];
  }, [t, dateCells]);

  return (
    <StageShell
      title={t('plumeTitle')}
      province={province}
      onProvince={setProvince}
      connection={stream.connection}
      onReset={stream.reset}
      onStart={stream.start}
      summary={<Chip size="small" label={t('rows', { count: stream.view.total })} data-testid="row-count" />}
    >
      <StageTable
        label={t('switches')}
        testId="plume-table"
        phoneFields={PHONE_FIELDS}
        rows={stream.view.rows}
        rowCount={stream.view.rowCount}
        answered={stream.answered}
        query={stream.query}
        onQuery={stream.setQuery}
        onSearch={stream.setSearch}
        matching={stream.matching}
        columns={columns}
        rowId={switchName}
        empty={stream.connection.state === 'stopped' ? t('stoppedEmpty') : t('empty')}
      />
    </StageShell>
  );
}
