import { lazy, Suspense, useMemo, useState } from 'react';
import { Button, Chip } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/Upload';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { cmtsFieldsOf, NETWORK_COLLECTIONS, type CmtsDocument } from '@insight/common/network';
import { AdminList, type ListForm } from '../../../components/admin/admin-list';
import { RecountButton } from '../../../components/admin/recount-button';
import { MissingParent } from '../../../components/admin/row-flags';
import { useDateCells } from '../../../lib/date';
import type { WithId } from '../../../lib/firestore-hooks';
import { historyPath } from '../../../lib/history-path';
import { deleteCmts, saveCmts, useAreas, useCmtsRows } from '../api/network-lists';
import { cmtsFormSchema, EMPTY_CMTS } from './cmts-form';
import { downloadCmtsCsv } from './cmts-csv';

const ImportDialog = lazy(() => import('./cmts-import-dialog'));

type Row = WithId<CmtsDocument>;

/** URL filters: `?headEnd=ID`, `?marketArea=ID` (a refused delete's link), `?cmtsId=ID` (the 360 view's link). */
const URL_FILTERS = ['headEnd', 'marketArea', 'cmtsId'] as const;

/** /net-manage: the CMTS source table, with add, edit, delete, import and export for engineering. */
export function CmtsPage({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('admin');
  const cmts = useCmtsRows();
  const headEnds = useAreas('headEnd', { notify: false });
  const marketAreas = useAreas('marketArea', { notify: false });
  const [importing, setImporting] = useState(false);
  const search = useSearch();
  const [location, navigate] = useLocation();

  const names = useMemo(
    () => ({
      headEnd: new Map(headEnds.rows.map((row) => [row.id, row.name])),
      marketArea: new Map(marketAreas.rows.map((row) => [row.id, row.name])),
    }),
    [headEnds.rows, marketAreas.rows],
  );
  const params = new URLSearchParams(search);
  const filter = URL_FILTERS.map((field) => ({ field, id: params.get(field) })).find((f) => f.id);
  const rows = useMemo(
    () => (filter ? cmts.rows.filter((row) => row[filter.field] === filter.id) : cmts.rows),
    [cmts.rows, filter?.field, filter?.id], // eslint-disable-line react-hooks/exhaustive-deps
  );
  // A reference is flagged only once its list is the server's whole list (not a cache or a first page).
  const known = {
    headEnd: headEnds.synced && !headEnds.loading && !headEnds.error,
    marketArea: marketAreas.synced && !marketAreas.loading && !marketAreas.error,
  };
  const reference = (field: 'headEnd' | 'marketArea') => ({
    valueGetter: (value: string) => names[field].get(value) ?? value,
    renderCell: ({ row, formattedValue }: { row: Row; formattedValue?: unknown }) =>
      known[field] && !names[field].has(row[field]) ? (
        <MissingParent field={t(`netManage.fields.${field}`)} id={row[field]} />
      ) : (
        String(formattedValue ?? row[field])
      ),
  });

  const schema = useMemo(
    () =>
      cmtsFormSchema({
        rows: cmts.rows,
        headEnds: new Set(names.headEnd.keys()),
        marketAreas: new Set(names.marketArea.keys()),
      }),
    [cmts.rows, names],
  );

  const dateCells = useDateCells();
  const columns: Array<GridColDef<Row>> = [
    { field: 'cmtsId', headerName: t('netManage.fields.cmtsId'), minWidth: 150, flex: 1 },
    { field: 'hostName', headerName: t('netManage.fields.hostName'), minWidth: 150, flex: 1 },
    { field: 'ipLookup', headerName: t('netManage.fields.ipLookup'), minWidth: 120 },
    { field: 'ipManage', headerName: t('netManage.fields.ipManage'), minWidth: 120 },
    {
      field: 'headEnd',
      headerName: t('netManage.fields.headEnd'),
      minWidth: 150,
      flex: 1,
      ...reference('headEnd'),
    },
    {
      field: 'marketArea',
      headerName: t('netManage.fields.marketArea'),
      minWidth: 150,
      flex: 1,
      ...reference('marketArea'),
    },
    { field: 'group', headerName: t('netManage.fields.group'), minWidth: 90 },
    { field: 'versionId', headerName: t('netManage.fields.versionId'), minWidth: 100 },
    {
      field: 'lastUpdate',
      headerName: t('netManage.fields.lastUpdated'),
      type: 'dateTime',
      // Dates stay out of the quick search: it looks for ids, names and addresses.
      getApplyQuickFilterFn: undefined,
      minWidth: 150,
      ...dateCells,
    },
    {
      field: 'configLastUpdated',
      headerName: t('netManage.fields.lastConfig'),
      type: 'dateTime',
      // Dates stay out of the quick search: it looks for ids, names and addresses.
      getApplyQuickFilterFn: undefined,
      minWidth: 150,
      ...dateCells,
    },
    {
      field: 'createdOn',
      headerName: t('netManage.fields.createdOn'),
      type: 'dateTime',
      // Dates stay out of the quick search: it looks for ids, names and addresses.
      getApplyQuickFilterFn: undefined,
      minWidth: 150,
      ...dateCells,
    },
  ];

  const options = (map: Map<string, string>) =>
    [...map].map(([value, name]) => ({ value, label: `${name} (${value})` }));
  const form: ListForm<Row, typeof schema> = {
    schema,
    key: 'cmtsId',
    defaults: (row) => (row ? cmtsFieldsOf(row) : EMPTY_CMTS),
    fields: [
      { name: 'cmtsId', label: t('netManage.fields.cmtsId') },
      { name: 'hostName', label: t('netManage.fields.hostName') },
      { name: 'ipLookup', label: t('netManage.fields.ipLookup') },
      { name: 'ipManage', label: t('netManage.fields.ipManage') },
      {
        name: 'headEnd',
        label: t('netManage.fields.headEnd'),
        kind: 'select',
        options: options(names.headEnd),
      },
      {
        name: 'marketArea',
        label: t('netManage.fields.marketArea'),
        kind: 'select',
        options: options(names.marketArea),
      },
      { name: 'group', label: t('netManage.fields.group') },
      { name: 'versionId', label: t('netManage.fields.versionId') },
      { name: 'configLastUpdated', label: t('netManage.fields.lastConfig'), kind: 'datetime' },
      {
        name: 'overrideIpChecks',
        label: t('netManage.fields.overrideIpChecks'),
        kind: 'checkbox',
        helperText: t('netManage.overrideHelp'),
      },
    ],
  };

  const clearFilter = () => navigate(location, { replace: true });

  return (
    <>
      <AdminList<Row, typeof schema>
        label={t('netManage.cmtsTable')}
        testId="cmts-table"
        dialogTestId="cmts-dialog"
        list={cmts}
        rows={rows}
        columns={columns}
        canWrite={canWrite}
        addLabel={t('netManage.addCmts')}
        editTitle={(row) => t('netManage.editCmts', { id: row.id })}
        describe={(row) => row.id}
        form={form}
        save={async (values) => {
          const added = !cmts.rows.some((row) => row.id === values.cmtsId);
          await saveCmts(values);
          // A new row is shown at once, on its own (not a count that moves from 360 to 361).
          if (added)
            navigate(`${location}?${new URLSearchParams({ cmtsId: values.cmtsId, added: '1' }).toString()}`, {
              replace: true,
            });
        }}
        remove={(row) => deleteCmts(row.id)}
        historyPath={(row) => historyPath(NETWORK_COLLECTIONS.cmts, row.id)}
        csvFileName={false}
        actions={
          <>
            {filter && (
              <Chip
                color="primary"
                data-testid="cmts-filter"
                label={t(
                  params.get('added') ? 'netManage.filteredBy.added' : `netManage.filteredBy.${filter.field}`,
                  {
                    name:
                      filter.field === 'cmtsId'
                        ? filter.id
                        : (names[filter.field].get(filter.id!) ?? filter.id),
                    count: rows.length,
                  },
                )}
                onDelete={clearFilter}
              />
            )}
            <Button
              startIcon={<DownloadIcon />}
              onClick={() => downloadCmtsCsv(rows)}
              disabled={cmts.loading}
              data-testid="cmts-export"
            >
              {t('csv.export')}
            </Button>
            {canWrite && (
              <Button startIcon={<UploadIcon />} onClick={() => setImporting(true)} data-testid="cmts-import">
                {t('csv.import')}
              </Button>
            )}
            {canWrite && <RecountButton />}
          </>
        }
      />
      {importing && (
        <Suspense fallback={null}>
          <ImportDialog
            onClose={() => setImporting(false)}
            existing={cmts.rows}
            headEnds={names.headEnd}
            marketAreas={names.marketArea}
            ready={cmts.synced && headEnds.synced && marketAreas.synced}
          />
        </Suspense>
      )}
    </>
  );
}
