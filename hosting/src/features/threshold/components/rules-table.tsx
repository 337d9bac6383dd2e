import { useMemo, useState } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { THRESHOLD_COLLECTIONS, type RuleDocument } from '@insight/common/threshold';
import { AdminTable } from '../../../components/admin/admin-table';
import { ConfirmDeleteDialog } from '../../../components/admin/confirm-delete-dialog';
import { StatusChip } from '../../../components/grade-chip';
import { useFormatDateTime } from '../../../lib/date';
import type { WithId } from '../../../lib/firestore-hooks';
import { runWrite } from '../../../lib/write-error-store';
import { deleteThreshold, saveThreshold, type ThresholdLists } from '../api/threshold-lists';
import { historyPath } from '../../../lib/history-path';
import { RuleDialog, type RuleEditing } from './rule-dialog';
import { useRangeText } from './use-threshold-text';

type Row = WithId<RuleDocument>;

/** /threshold: each rule maps a range or an alpha value of a definition to a result. */
export function RulesTable({
  lists,
  rows,
  canWrite,
  testValue,
}: {
  lists: ThresholdLists;
  rows: Row[];
  canWrite: boolean;
  /** The value typed in the "test a value" box: the rule dialog shows what a draft gives for it. */
  testValue: string;
}) {
  const { t } = useTranslation('admin');
  const formatDate = useFormatDateTime();
  const rangeText = useRangeText();
  const [editing, setEditing] = useState<RuleEditing>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const definitions = useMemo(
    () => new Map(lists.definitions.rows.map((row) => [row.id, row])),
    [lists.definitions.rows],
  );
  const variants = useMemo(
    () => new Map(lists.variants.rows.map((row) => [row.id, row])),
    [lists.variants.rows],
  );

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
      <RuleDialog
        lists={lists}
        editing={editing}
        testValue={testValue}
        onSave={(values) => runWrite(() => saveThreshold('rules', values))}
        onClose={() => setEditing(null)}
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
