import type { GridColDef } from '@mui/x-data-grid';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { THRESHOLD_COLLECTIONS, type ThresholdKind } from '@insight/common/threshold';
import {
  AdminList,
  type AdminRow,
  type ListForm,
  type ListState,
} from '../../../components/admin/admin-list';
import { CountCell } from '../../../components/admin/row-flags';
import { useFormatDateTime } from '../../../lib/date';
import { historyPath } from '../../../lib/history-path';
import { deleteThreshold, saveThreshold, type ThresholdLists } from '../api/threshold-lists';

type Row = AdminRow & { ruleCount?: number };
type FormSchema = z.ZodType<FieldValues & { tdId: string }, FieldValues>;

/** What the page gives each threshold table: the three lists, the rows its search kept, the role's writes. */
export interface ThresholdTableProps<R> {
  lists: ThresholdLists;
  rows: R[];
  canWrite: boolean;
}

const DIALOG_TEST_IDS = {
  rules: 'rule-dialog',
  definitions: 'definition-dialog',
  variants: 'variant-dialog',
} as const;

/**
 * One of the threshold manager's lists on AdminList, with what the three share: the id in `tdId`,
 * writes through the admin API, the change history, a CSV export, and no quick search of their own
 * (the page searches the three at once). A definition or variant that rules use is not deleted.
 */
export function ThresholdList<R extends Row, S extends FormSchema>({
  kind,
  list,
  rows,
  canWrite,
  columns,
  form,
  describe,
  usedBy,
}: {
  kind: ThresholdKind;
  list: ListState<R>;
  rows: readonly R[];
  canWrite: boolean;
  columns: ReadonlyArray<GridColDef<R>>;
  form: ListForm<R, S>;
  /** A row in words, for the delete confirmation. */
  describe(row: R): string;
  /** Definitions and variants: the name the in-use dialog gives a row that rules still use. */
  usedBy?: (row: R) => string;
}) {
  const { t } = useTranslation('admin');
  return (
    <AdminList<R, S>
      label={t(`threshold.${kind}`)}
      testId={`${kind}-table`}
      dialogTestId={DIALOG_TEST_IDS[kind]}
      list={list}
      rows={rows}
      columns={columns}
      canWrite={canWrite}
      addLabel={t(`threshold.add.${kind}`)}
      editTitle={(row) => t('threshold.edit', { id: row.id })}
      describe={describe}
      form={form}
      save={(values) => saveThreshold(kind, values)}
      remove={(row) => deleteThreshold(kind, row.id)}
      inUse={
        usedBy && {
          list: kind,
          count: (row) => row.ruleCount ?? 0,
          of: 'rules',
          refusal: (row, count) => ({
            title: t('threshold.deleteRefusedTitle', { name: usedBy(row) }),
            message: t('threshold.inUse', { count }),
          }),
          testId: 'in-use-dialog',
        }
      }
      historyPath={(row) => historyPath(THRESHOLD_COLLECTIONS[kind], row.id)}
      quickSearch={false}
      csvFileName={`insight-threshold-${kind}`}
    />
  );
}

/** The columns the threshold lists share: the kept rule count and the last update. */
export function useSharedColumns() {
  const { t } = useTranslation('admin');
  const formatDate = useFormatDateTime();
  return {
    ruleCount: {
      field: 'ruleCount',
      headerName: t('threshold.fields.ruleCount'),
      type: 'number',
      minWidth: 90,
      // The count the triggers keep (a first hint for a delete; the server has the last word).
      renderCell: ({ row }) => <CountCell count={row.ruleCount} />,
    } satisfies GridColDef<{ ruleCount: number }>,
    updateDate: {
      field: 'updateDate',
      headerName: t('threshold.fields.updateDate'),
      type: 'dateTime',
      minWidth: 160,
      valueFormatter: (value: Date | null) => (value ? formatDate(value) : ''),
    } satisfies GridColDef,
  };
}
