import { useMemo, useState } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import {
  CATEGORIES,
  DIRECTIONS,
  FALLBACKS,
  PARAMETERS,
  THRESHOLD_COLLECTIONS,
  type DefinitionDocument,
} from '@insight/common/threshold';
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
import { definitionFormSchema } from './threshold-forms';
import { useOptions } from './use-threshold-text';

type Row = WithId<DefinitionDocument>;
type Editing = { mode: 'add' } | { mode: 'edit'; row: Row } | null;

/** /threshold/definitions: each names a measurement, its unit, direction and fallback result. */
export function DefinitionsTable({
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
  const options = useOptions();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [refused, setRefused] = useState<{ row: Row; count: number } | null>(null);
  const ids = useMemo(() => new Set(lists.definitions.rows.map((row) => row.id)), [lists.definitions.rows]);
  const schema = useMemo(() => definitionFormSchema(lists.definitions.rows), [lists.definitions.rows]);

  const columns: Array<GridColDef<Row>> = [
    { field: 'tdId', headerName: t('threshold.fields.tdId'), minWidth: 150 },
    { field: 'name', headerName: t('threshold.fields.name'), minWidth: 180, flex: 1 },
    {
      field: 'parameter',
      headerName: t('threshold.fields.parameter'),
      minWidth: 170,
      valueGetter: (_value, row) =>
        t(`threshold.parameters.${row.parameter}` as 'threshold.parameters.rxPower', row.parameter),
    },
    { field: 'format', headerName: t('threshold.fields.format'), minWidth: 80 },
    {
      field: 'direction',
      headerName: t('threshold.fields.direction'),
      minWidth: 140,
      valueGetter: (_value, row) =>
        row.direction
          ? t(`threshold.directions.${row.direction}` as 'threshold.directions.window', row.direction)
          : '',
    },
    {
      field: 'fallback',
      headerName: t('threshold.fields.fallback'),
      minWidth: 110,
      valueGetter: (_value, row) => t(`threshold.results.${row.fallback}`),
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
    { name: 'name', label: t('threshold.fields.name') },
    {
      name: 'parameter',
      label: t('threshold.fields.parameter'),
      kind: 'select',
      options: options(PARAMETERS, 'threshold.parameters'),
    },
    { name: 'format', label: t('threshold.fields.format') },
    {
      name: 'direction',
      label: t('threshold.fields.direction'),
      kind: 'select',
      options: options(DIRECTIONS, 'threshold.directions'),
    },
    {
      name: 'category',
      label: t('threshold.fields.category'),
      kind: 'select',
      options: options(CATEGORIES, 'threshold.categories'),
    },
    {
      name: 'fallback',
      label: t('threshold.fields.fallback'),
      kind: 'select',
      options: options(FALLBACKS, 'threshold.results'),
    },
    { name: 'description', label: t('threshold.fields.description'), wide: true },
  ];
  const formOf = (row: Row) => ({
    tdId: row.tdId,
    name: row.name,
    parameter: row.parameter,
    format: row.format ?? '',
    direction: row.direction ?? 'window',
    category: row.category ?? 'optical',
    fallback: row.fallback,
    description: row.description ?? '',
  });
  const blank = {
    tdId: '',
    name: '',
    parameter: '',
    format: '',
    direction: 'window',
    category: 'optical',
    fallback: 'n/a',
    description: '',
  };

  return (
    <>
      <AdminTable<Row>
        label={t('threshold.definitions')}
        testId="definitions-table"
        rows={rows}
        columns={columns}
        loading={lists.definitions.loading}
        error={lists.definitions.error}
        invalid={lists.definitions.invalid}
        synced={lists.definitions.synced}
        canWrite={canWrite}
        addLabel={t('threshold.add.definitions')}
        onAdd={() => setEditing({ mode: 'add' })}
        onEdit={(row) => setEditing({ mode: 'edit', row })}
        onDelete={(row) => (row.ruleCount > 0 ? setRefused({ row, count: row.ruleCount }) : setDeleting(row))}
        historyPath={(row) => historyPath(THRESHOLD_COLLECTIONS.definitions, row.id)}
        quickSearch={false}
        csvFileName="insight-threshold-definitions"
      />
      <EditDialog
        open={editing !== null}
        title={
          editing?.mode === 'edit'
            ? t('threshold.edit', { id: editing.row.id })
            : t('threshold.add.definitions')
        }
        schema={schema}
        defaultValues={(editing?.mode === 'edit' ? formOf(editing.row) : blank) as never}
        fields={fields}
        notice={(values) =>
          editing?.mode === 'add' && ids.has(String(values.tdId ?? '').trim())
            ? t('threshold.idExists')
            : null
        }
        onSubmit={(values) => runWrite(() => saveThreshold('definitions', values))}
        onClose={() => setEditing(null)}
        testId="definition-dialog"
      />
      <ConfirmDeleteDialog
        item={deleting ? `${deleting.name} (${deleting.id})` : null}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const row = deleting;
          const done = await runWrite(() => deleteThreshold('definitions', row.id), {
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
        entry={refused ? { name: refused.row.name, count: refused.count } : null}
        onClose={() => setRefused(null)}
      />
    </>
  );
}
