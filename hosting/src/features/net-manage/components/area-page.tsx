import { useMemo, useState } from 'react';
import { Chip, Link } from '@mui/material';
import { useLocation, useSearch } from 'wouter';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  areaFieldsSchema,
  COUNT_FIELD,
  idSchema,
  NETWORK_COLLECTIONS,
  type AreaDocument,
} from '@insight/common/network';
import { AdminTable } from '../../../components/admin/admin-table';
import { AppLink } from '../../../components/app-link';
import { ConfirmDeleteDialog } from '../../../components/admin/confirm-delete-dialog';
import { EditDialog, type FormField } from '../../../components/admin/edit-dialog';
import { RecountButton } from '../../../components/admin/recount-button';
import { CountCell } from '../../../components/admin/row-flags';
import { dependentCount } from '../../../lib/admin-writes';
import { useFormatDateTime } from '../../../lib/date';
import type { WithId } from '../../../lib/firestore-hooks';
import { runWrite } from '../../../lib/write-error-store';
import { historyPath } from '../../../lib/history-path';
import { deleteArea, saveArea, useAreas, type AreaKind } from '../api/network-lists';
import { DependentsDialog } from './dependents-dialog';

type Row = WithId<AreaDocument>;
type Editing = { mode: 'add' } | { mode: 'edit'; row: Row } | null;

const formSchema = areaFieldsSchema.extend({ id: idSchema });

/** The CMTS rows that use one entry: the CMTS table filtered on it. */
export const dependentsPath = (kind: AreaKind, id: string) =>
  `/net-manage?${new URLSearchParams({ [kind]: id }).toString()}`;

/** /net-manage/head-end and /net-manage/market-area: a code, a name, and how many CMTS rows use each. */
export function AreaPage({ kind, canWrite }: { kind: AreaKind; canWrite: boolean }) {
  const { t } = useTranslation('admin');
  const formatDate = useFormatDateTime();
  const list = useAreas(kind);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  // A delete refused: the row and how many CMTS rows use it (the server's count when it answered 409).
  const [refused, setRefused] = useState<{ row: Row; count: number } | null>(null);
  const ids = useMemo(() => new Set(list.rows.map((row) => row.id)), [list.rows]);
  // ?id=ON-OTT-01: one row (the 360 view's head end link).
  const only = new URLSearchParams(useSearch()).get('id');
  const [location, navigate] = useLocation();
  const rows = useMemo(
    () => (only ? list.rows.filter((row) => row.id === only) : list.rows),
    [list.rows, only],
  );

  const date = (value: Date | null) => (value ? formatDate(value) : '');
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
      valueFormatter: date,
    },
    {
      field: 'updatedAt',
      headerName: t('netManage.fields.lastUpdated'),
      type: 'dateTime',
      // Dates stay out of the quick search: it looks for ids, names and addresses.
      getApplyQuickFilterFn: undefined,
      minWidth: 160,
      valueFormatter: date,
    },
  ];
  const fields: FormField[] = [
    {
      name: 'id',
      label: t('netManage.fields.code'),
      disabled: editing?.mode === 'edit',
      helperText: t('netManage.codeHelp'),
    },
    { name: 'name', label: t('netManage.fields.name') },
  ];
  const title = t(`netManage.${kind}`);

  return (
    <>
      <AdminTable<Row>
        label={title}
        testId={`${kind}-table`}
        rows={rows}
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
        columns={columns}
        loading={list.loading}
        error={list.error}
        invalid={list.invalid}
        synced={list.synced}
        canWrite={canWrite}
        addLabel={t(`netManage.add.${kind}`)}
        onAdd={() => setEditing({ mode: 'add' })}
        onEdit={(row) => setEditing({ mode: 'edit', row })}
        historyPath={(row) => historyPath(NETWORK_COLLECTIONS[kind], row.id)}
        // The kept count is a first hint; the server has the last word (409 inUse, below).
        onDelete={(row) => (row.cmtsCount > 0 ? setRefused({ row, count: row.cmtsCount }) : setDeleting(row))}
        csvFileName={`insight-${kind === 'headEnd' ? 'head-ends' : 'marketing-areas'}`}
      />
      <EditDialog
        open={editing !== null}
        title={
          editing?.mode === 'edit'
            ? t('netManage.editEntry', { id: editing.row.id })
            : t(`netManage.add.${kind}`)
        }
        schema={formSchema}
        defaultValues={
          editing?.mode === 'edit' ? { id: editing.row.id, name: editing.row.name } : { id: '', name: '' }
        }
        fields={fields}
        notice={(values) =>
          editing?.mode === 'add' && ids.has(String(values.id ?? '').trim()) ? t('netManage.idExists') : null
        }
        onSubmit={({ id, ...values }: z.output<typeof formSchema>) =>
          runWrite(() => saveArea(kind, id, values))
        }
        onClose={() => setEditing(null)}
        testId={`${kind}-dialog`}
      />
      <ConfirmDeleteDialog
        item={deleting ? `${deleting.name} (${deleting.id})` : null}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const row = deleting;
          const done = await runWrite(() => deleteArea(kind, row.id), {
            onConflict: (conflict) => {
              if (conflict.reason !== 'inUse') return false;
              setDeleting(null);
              setRefused({ row, count: dependentCount(conflict, 'cmts') });
              return true;
            },
          });
          if (done) setDeleting(null);
        }}
      />
      <DependentsDialog
        entry={
          refused
            ? {
                id: refused.row.id,
                name: refused.row.name,
                count: refused.count,
                filterPath: dependentsPath(kind, refused.row.id),
              }
            : null
        }
        onClose={() => setRefused(null)}
      />
    </>
  );
}
