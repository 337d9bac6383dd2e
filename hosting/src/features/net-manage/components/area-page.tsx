import { useMemo } from 'react';
import { Chip, Link } from '@mui/material';
import { useLocation, useSearch } from 'wouter';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import {
  areaFieldsSchema,
  COUNT_FIELD,
  idSchema,
  NETWORK_COLLECTIONS,
  type AreaDocument,
} from '@insight/common/network';
import { AdminList, type InUse, type ListForm } from '../../../components/admin/admin-list';
import { AppLink } from '../../../components/app-link';
import { RecountButton } from '../../../components/admin/recount-button';
import { CountCell } from '../../../components/admin/row-flags';
import { useDateCells } from '../../../lib/date';
import type { WithId } from '../../../lib/firestore-hooks';
import { historyPath } from '../../../lib/history-path';
import { deleteArea, saveArea, useAreas, type AreaKind } from '../api/network-lists';

type Row = WithId<AreaDocument>;

const formSchema = areaFieldsSchema.extend({ id: idSchema });

/** The CMTS rows that use one entry: the CMTS table filtered on it. */
export const dependentsPath = (kind: AreaKind, id: string) =>
  `/net-manage?${new URLSearchParams({ [kind]: id }).toString()}`;

/** /net-manage/head-end and /net-manage/market-area: a code, a name, and how many CMTS rows use each. */
export function AreaPage({ kind, canWrite }: { kind: AreaKind; canWrite: boolean }) {
  const { t } = useTranslation('admin');
  const list = useAreas(kind);
  // ?id=ON-OTT-01: one row (the 360 view's head end link).
  const only = new URLSearchParams(useSearch()).get('id');
  const [location, navigate] = useLocation();
  const rows = useMemo(
    () => (only ? list.rows.filter((row) => row.id === only) : list.rows),
    [list.rows, only],
  );

  const dateCells = useDateCells();
  const columns: Array<GridColDef<Row>> = [
    { field: 'id', headerName: t('netManage.fields.code'), minWidth: 140 },
    { field: 'name', headerName: t('netManage.fields.name'), minWidth: 200, flex: 1 },
    {
      field: COUNT_FIELD,
      headerName: t('netManage.fields.cmtsCount'),
      type: 'number',
      minWidth: 130,
      renderCell: ({ row }) =>
        row.cmtsCount > 0 ? (
          <Link component={AppLink} href={dependentsPath(kind, row.id)} data-testid="count-link">
            {row.cmtsCount}
          </Link>
        ) : (
          <CountCell count={row.cmtsCount}>
            <span data-testid="count-zero">0</span>
          </CountCell>
        ),
    },
    {
      field: 'createdOn',
      headerName: t('netManage.fields.createdOn'),
      type: 'dateTime',
      // Dates stay out of the quick search: it looks for ids, names and addresses.
      getApplyQuickFilterFn: undefined,
      minWidth: 160,
      ...dateCells,
    },
    {
      field: 'updatedAt',
      headerName: t('netManage.fields.lastUpdated'),
      type: 'dateTime',
      // Dates stay out of the quick search: it looks for ids, names and addresses.
      getApplyQuickFilterFn: undefined,
      minWidth: 160,
      ...dateCells,
    },
  ];
  const form: ListForm<Row, typeof formSchema> = {
    schema: formSchema,
    key: 'id',
    fields: [
      { name: 'id', label: t('netManage.fields.code'), helperText: t('netManage.codeHelp') },
      { name: 'name', label: t('netManage.fields.name') },
    ],
    defaults: (row) => (row ? { id: row.id, name: row.name } : { id: '', name: '' }),
  };
  // docs/requirements.md, "Network management": an entry that CMTS rows use is not deleted; the dialog links to those rows.
  const inUse: InUse<Row> = {
    list: kind,
    count: (row) => row.cmtsCount,
    of: 'cmts',
    refusal: (row, count) => ({
      title: t('netManage.deleteRefusedTitle', { name: row.name }),
      message: t('netManage.totalInCmts', { num: count }),
      hint: t('netManage.searchAndUpdate'),
      link: { href: dependentsPath(kind, row.id), label: t('netManage.showDependents', { num: count }) },
    }),
    testId: 'dependents',
  };

  return (
    <AdminList<Row, typeof formSchema>
      label={t(`netManage.${kind}`)}
      testId={`${kind}-table`}
      dialogTestId={`${kind}-dialog`}
      list={list}
      rows={rows}
      columns={columns}
      canWrite={canWrite}
      addLabel={t(`netManage.add.${kind}`)}
      editTitle={(row) => t('netManage.editEntry', { id: row.id })}
      describe={(row) => `${row.name} (${row.id})`}
      form={form}
      save={({ id, ...fields }) => saveArea(kind, id, fields)}
      remove={(row) => deleteArea(kind, row.id)}
      inUse={inUse}
      historyPath={(row) => historyPath(NETWORK_COLLECTIONS[kind], row.id)}
      csvFileName={`insight-${kind === 'headEnd' ? 'head-ends' : 'marketing-areas'}`}
      actions={
        only || canWrite ? (
          <>
            {only && (
              <Chip
                color="primary"
                data-testid="area-filter"
                label={t('netManage.filteredBy.id', { id: only })}
                onDelete={() => navigate(location, { replace: true })}
              />
            )}
            {canWrite && <RecountButton />}
          </>
        ) : undefined
      }
    />
  );
}
