import { useMemo, useState } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { RESULTS, TECHNOLOGIES, THRESHOLD_COLLECTIONS, type RuleDocument } from '@insight/common/threshold';
import { AdminTable } from '../../../components/admin/admin-table';
import { ConfirmDeleteDialog } from '../../../components/admin/confirm-delete-dialog';
import { EditDialog, type FormField } from '../../../components/admin/edit-dialog';
import { StatusChip } from '../../../components/grade-chip';
import { useFormatDateTime } from '../../../lib/date';
import type { WithId } from '../../../lib/firestore-hooks';
import { runWrite } from '../../../lib/write-error-store';
import { deleteThreshold, saveThreshold, type ThresholdLists } from '../api/threshold-lists';
import { historyPath } from '../../../lib/history-path';
import { ruleFormSchema, type RuleForm } from './threshold-forms';
import { useOptions, useRangeText } from './use-threshold-text';

type Row = WithId<RuleDocument>;
type Editing = { mode: 'add' } | { mode: 'edit'; row: Row } | null;

const text = (value: number | string | null) => (value === null ? '' : String(value));
const formOf = (row: Row): RuleForm => ({
  tdId: row.tdId,
  definitionName: row.definitionName,
  technology: row.technology,
  variantName: row.variantName ?? '',
  rangeMin: text(row.rangeMin),
  rangeMax: text(row.rangeMax),
  alphaValue: row.alphaValue ?? '',
  result: row.result,
  version: row.version ?? '',
  description: row.description ?? '',
});

/** /threshold: each rule maps a range or an alpha value of a definition to a result. */
export function RulesTable({
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
  const rangeText = useRangeText();
  const options = useOptions();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const definitions = useMemo(
    () => new Map(lists.definitions.rows.map((row) => [row.id, row])),
    [lists.definitions.rows],
  );
  const variants = useMemo(
    () => new Map(lists.variants.rows.map((row) => [row.id, row])),
    [lists.variants.rows],
  );
  const ids = useMemo(() => new Set(lists.rules.rows.map((row) => row.id)), [lists.rules.rows]);
  const schema = useMemo(() => ruleFormSchema(lists.rules.rows), [lists.rules.rows]);

  const columns: Array<GridColDef<Row>> = [
    { field: 'tdId', headerName: t('threshold.fields.tdId'), minWidth: 190 },
    {
      field: 'definitionName',
      headerName: t('threshold.fields.definitionName'),
      minWidth: 180,
      flex: 1,
      valueGetter: (_value, row) => definitions.get(row.definitionName)?.name ?? row.definitionName,
    },
    { field: 'technology', headerName: t('threshold.fields.technology'), minWidth: 110 },
    {
      field: 'variantName',
      headerName: t('threshold.fields.variantName'),
      minWidth: 140,
      valueGetter: (_value, row) =>
        row.variantName
          ? (variants.get(row.variantName)?.variantName ?? row.variantName)
          : t('threshold.default'),
    },
    {
      field: 'range',
      headerName: t('threshold.fields.range'),
      minWidth: 220,
      flex: 1,
      valueGetter: (_value, row) => rangeText(row, definitions.get(row.definitionName)?.format ?? null),
    },
    {
      field: 'result',
      headerName: t('threshold.fields.result'),
      minWidth: 130,
      renderCell: ({ row }) => <StatusChip grade={row.result} label={t(`threshold.results.${row.result}`)} />,
    },
    { field: 'version', headerName: t('threshold.fields.version'), minWidth: 90 },
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
    {
      name: 'definitionName',
      label: t('threshold.fields.definitionName'),
      kind: 'select',
      options: lists.definitions.rows.map((row) => ({ value: row.id, label: `${row.name} (${row.id})` })),
    },
    {
      name: 'technology',
      label: t('threshold.fields.technology'),
      kind: 'select',
      options: TECHNOLOGIES.map((value) => ({ value, label: value })),
    },
    {
      name: 'variantName',
      label: t('threshold.fields.variantName'),
      kind: 'select',
      options: [
        { value: '', label: t('threshold.default') },
        ...lists.variants.rows.map((row) => ({
          value: row.id,
          label: `${row.variantName} (${row.technology})`,
        })),
      ],
    },
    {
      name: 'rangeMin',
      label: t('threshold.fields.rangeMin'),
      helperText: t('threshold.rangeHelp'),
      wide: true,
    },
    { name: 'rangeMax', label: t('threshold.fields.rangeMax') },
    { name: 'alphaValue', label: t('threshold.fields.alphaValue') },
    {
      name: 'result',
      label: t('threshold.fields.result'),
      kind: 'select',
      options: options(RESULTS, 'threshold.results'),
    },
    { name: 'version', label: t('threshold.fields.version') },
    { name: 'description', label: t('threshold.fields.description'), wide: true },
  ];
  const blank: RuleForm = {
    tdId: '',
    definitionName: '',
    technology: 'GPON',
    variantName: '',
    rangeMin: '',
    rangeMax: '',
    alphaValue: '',
    result: 'pass',
    version: '',
    description: '',
  };

  return (
    <>
      <AdminTable<Row>
        label={t('threshold.rules')}
        testId="rules-table"
        rows={rows}
        columns={columns}
        loading={lists.rules.loading}
        error={lists.rules.error}
        invalid={lists.rules.invalid}
        synced={lists.rules.synced}
        canWrite={canWrite}
        addLabel={t('threshold.add.rules')}
        onAdd={() => setEditing({ mode: 'add' })}
        onEdit={(row) => setEditing({ mode: 'edit', row })}
        onDelete={setDeleting}
        historyPath={(row) => historyPath(THRESHOLD_COLLECTIONS.rules, row.id)}
        quickSearch={false}
        csvFileName="insight-threshold-rules"
      />
      <EditDialog
        open={editing !== null}
        title={
          editing?.mode === 'edit' ? t('threshold.edit', { id: editing.row.id }) : t('threshold.add.rules')
        }
        schema={schema}
        defaultValues={editing?.mode === 'edit' ? formOf(editing.row) : blank}
        fields={fields}
        notice={(values) =>
          editing?.mode === 'add' && ids.has(String(values.tdId ?? '').trim())
            ? t('threshold.idExists')
            : null
        }
        onSubmit={(values) => runWrite(() => saveThreshold('rules', values, ids.has(values.tdId)))}
        onClose={() => setEditing(null)}
        testId="rule-dialog"
      />
      <ConfirmDeleteDialog
        item={deleting ? deleting.id : null}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting && (await runWrite(() => deleteThreshold('rules', deleting.id)))) setDeleting(null);
        }}
      />
    </>
  );
}
