import { useMemo, useState } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { TECHNOLOGIES, THRESHOLD_COLLECTIONS, type VariantDocument } from '@insight/common/threshold';
import { AdminTable } from '../../../components/admin/admin-table';
import { ConfirmDeleteDialog } from '../../../components/admin/confirm-delete-dialog';
import { EditDialog, type FormField } from '../../../components/admin/edit-dialog';
import { CountCell } from '../../../components/admin/row-flags';
import { dependentCount } from '../../../lib/admin-writes';
import { useFormatDateTime } from '../../../lib/date';
import type { WithId } from '../../../lib/firestore-hooks';
import { historyPath } from '../../../lib/history-path';
import { runWrite } from '../../../lib/write-error-store';
import { deleteThreshold, saveThreshold, type ThresholdLists } from '../api/threshold-lists';
import { InUseDialog } from './in-use-dialog';
import { variantFormSchema } from './threshold-forms';

type Row = WithId<VariantDocument>;
type Editing = { mode: 'add' } | { mode: 'edit'; row: Row } | null;

/** /threshold/variants: each names the device models whose rules differ from the default ones. */
export function VariantsTable({
  lists,
  rows,
  canWrite,
}: {
  lists: ThresholdLists;
  rows: Row[];
  canWrite: boolean;
}) {
  const { t } = useTranslation('admin');
  const formatDate = useFormatDateTime();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [refused, setRefused] = useState<{ row: Row; count: number } | null>(null);
  const ids = useMemo(() => new Set(lists.variants.rows.map((row) => row.id)), [lists.variants.rows]);
  const schema = useMemo(() => variantFormSchema(lists.variants.rows), [lists.variants.rows]);

  const columns: Array<GridColDef<Row>> = [
    { field: 'tdId', headerName: t('threshold.fields.tdId'), minWidth: 130 },
    { field: 'variantName', headerName: t('threshold.fields.name'), minWidth: 170, flex: 1 },
    { field: 'technology', headerName: t('threshold.fields.technology'), minWidth: 110 },
    { field: 'identifier', headerName: t('threshold.fields.identifier'), minWidth: 120 },
    {
      field: 'variants',
      headerName: t('threshold.fields.variants'),
      minWidth: 220,
      flex: 1,
      valueGetter: (_value, row) => row.variants.join(', '),
    },
    {
      field: 'ruleCount',
      headerName: t('threshold.fields.ruleCount'),
      type: 'number',
      minWidth: 90,
      // The count the triggers keep (a first hint for a delete; the server has the last word).
      renderCell: ({ row }) => <CountCell count={row.ruleCount} />,
    },
    {
      field: 'updateDate',
      headerName: t('threshold.fields.updateDate'),
      type: 'dateTime',
      minWidth: 160,
      valueFormatter: (value: Date | null) => (value ? formatDate(value) : ''),
    },
  ];
  const fields: FormField[] = [
    { name: 'tdId', label: t('threshold.fields.tdId'), disabled: editing?.mode === 'edit' },
    { name: 'variantName', label: t('threshold.fields.name') },
    {
      name: 'technology',
      label: t('threshold.fields.technology'),
      kind: 'select',
      options: TECHNOLOGIES.map((value) => ({ value, label: value })),
    },
    { name: 'identifier', label: t('threshold.fields.identifier') },
    {
      name: 'variants',
      label: t('threshold.fields.variants'),
      helperText: t('threshold.modelsHelp'),
      wide: true,
    },
    { name: 'description', label: t('threshold.fields.description'), wide: true },
  ];
  const formOf = (row: Row) => ({
    tdId: row.tdId,
    variantName: row.variantName,
    technology: row.technology,
    identifier: row.identifier ?? '',
    variants: row.variants.join(', '),
    description: row.description ?? '',
  });
  const blank = {
    tdId: '',
    variantName: '',
    technology: 'GPON',
    identifier: '',
    variants: '',
    description: '',
  };

  return (
    <>
      <AdminTable<Row>
        label={t('threshold.variants')}
        testId="variants-table"
        rows={rows}
        columns={columns}
        loading={lists.variants.loading}
        error={lists.variants.error}
        invalid={lists.variants.invalid}
        synced={lists.variants.synced}
        canWrite={canWrite}
        addLabel={t('threshold.add.variants')}
        onAdd={() => setEditing({ mode: 'add' })}
        onEdit={(row) => setEditing({ mode: 'edit', row })}
        onDelete={(row) => (row.ruleCount > 0 ? setRefused({ row, count: row.ruleCount }) : setDeleting(row))}
        historyPath={(row) => historyPath(THRESHOLD_COLLECTIONS.variants, row.id)}
        quickSearch={false}
        csvFileName="insight-threshold-variants"
      />
      <EditDialog
        open={editing !== null}
        title={
          editing?.mode === 'edit' ? t('threshold.edit', { id: editing.row.id }) : t('threshold.add.variants')
        }
        schema={schema}
        defaultValues={(editing?.mode === 'edit' ? formOf(editing.row) : blank) as never}
        fields={fields}
        notice={(values) =>
          editing?.mode === 'add' && ids.has(String(values.tdId ?? '').trim())
            ? t('threshold.idExists')
            : null
        }
        onSubmit={(values) => runWrite(() => saveThreshold('variants', values))}
        onClose={() => setEditing(null)}
        testId="variant-dialog"
      />
      <ConfirmDeleteDialog
        item={deleting ? `${deleting.variantName} (${deleting.id})` : null}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const row = deleting;
          const done = await runWrite(() => deleteThreshold('variants', row.id), {
            onConflict: (conflict) => {
              if (conflict.reason !== 'inUse') return false;
              setDeleting(null);
              setRefused({ row, count: dependentCount(conflict, 'rules') });
              return true;
            },
          });
          if (done) setDeleting(null);
        }}
      />
      <InUseDialog
        entry={refused ? { name: refused.row.variantName, count: refused.count } : null}
        onClose={() => setRefused(null)}
      />
    </>
  );
}
