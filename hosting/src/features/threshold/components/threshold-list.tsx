import { lazy, Suspense, useState } from 'react';
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import TranslateIcon from '@mui/icons-material/Translate';
import UploadIcon from '@mui/icons-material/Upload';
import type { GridColDef } from '@mui/x-data-grid';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { bilingual } from '@insight/common/bilingual';
import {
  FRENCH_FIELDS,
  THRESHOLD_COLLECTIONS,
  untranslatedFields,
  type ThresholdKind,
} from '@insight/common/threshold';
import { useDataText } from '../../../hooks/use-data-text';
import {
  AdminList,
  type AdminRow,
  type ListForm,
  type ListState,
} from '../../../components/admin/admin-list';
import { CountCell, FlaggedValue } from '../../../components/admin/row-flags';
import { useDateCells } from '../../../lib/date';
import { formatDate } from '@insight/common/format';
import { downloadCsv } from '../../../lib/csv-file';
import { historyPath } from '../../../lib/history-path';
import { deleteThreshold, saveThreshold, type ThresholdLists } from '../api/threshold-lists';
import { thresholdCsv } from './threshold-import';

const ImportDialog = lazy(() => import('./threshold-import-dialog'));

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
 * writes through the admin API, the change history, a CSV export and import of the stored fields (both
 * languages' texts side by side, common/src/threshold-csv.ts), and no quick search of their own (the
 * page searches the three at once). A definition or variant that rules use is not deleted.
 */
export function ThresholdList<R extends Row, S extends FormSchema>({
  kind,
  lists,
  list,
  rows,
  canWrite,
  columns,
  form,
  describe,
  usedBy,
}: {
  kind: ThresholdKind;
  lists: ThresholdLists;
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
  const [importing, setImporting] = useState(false);
  return (
    <>
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
        // The list's own export: the columns the import reads (the grid's would write the labels shown).
        csvFileName={false}
        actions={
          <>
            <Button
              startIcon={<DownloadIcon />}
              onClick={() =>
                downloadCsv(
                  thresholdCsv(kind, rows),
                  `insight-threshold-${kind}-${formatDate(new Date())}.csv`,
                )
              }
              disabled={list.loading}
              data-testid={`${kind}-export`}
            >
              {t('csv.export')}
            </Button>
            {canWrite && (
              <Button
                startIcon={<UploadIcon />}
                onClick={() => setImporting(true)}
                data-testid={`${kind}-import`}
              >
                {t('csv.import')}
              </Button>
            )}
          </>
        }
        // Both languages' texts as columns the user may show; the table shows the user's (useTextColumns).
        hiddenColumns={FRENCH_FIELDS[kind].flat()}
      />
      {importing && (
        <Suspense fallback={null}>
          <ImportDialog kind={kind} lists={lists} onClose={() => setImporting(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The columns the threshold lists share: the kept rule count and the last update. */
export function useSharedColumns() {
  const { t } = useTranslation('admin');
  const dateCells = useDateCells();
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
      ...dateCells,
    } satisfies GridColDef,
  };
}

/**
 * A text the rows hold in both languages (`english` and its French field): one column showing the user's
 * language (the English where the French is missing, flagged to engineering: `canWrite`), and the two
 * stored fields as hidden columns that the CSV export carries (ThresholdList hides them).
 */
export function useTextColumns<R extends Row>(
  kind: ThresholdKind,
  english: 'name' | 'variantName' | 'description',
  canWrite: boolean,
  column: Partial<GridColDef<R>> = {},
): Array<GridColDef<R>> {
  const { t } = useTranslation('admin');
  const dataText = useDataText();
  const french = FRENCH_FIELDS[kind].find(([field]) => field === english)![1];
  const base = english === 'description' ? 'description' : 'name';
  const textOf = (row: R) =>
    dataText(bilingual(row[english] as string | null, row[french] as string | null)) ?? '';
  return [
    {
      field: `${english}Shown`,
      headerName: t(`threshold.fields.${base}`),
      minWidth: 180,
      flex: 1,
      ...column,
      disableExport: true,
      valueGetter: (_value, row) => textOf(row),
      renderCell: ({ row }) => {
        // One flag a row, for engineering: on the name (definitions, variants) or the description (rules).
        const missing =
          canWrite && (english !== 'description' || kind === 'rules') ? untranslatedFields(kind, row) : [];
        if (missing.length === 0) return textOf(row);
        const fields = missing
          .map((field) => t(`threshold.fields.${field}` as 'threshold.fields.nameFr'))
          .join(', ');
        return (
          <FlaggedValue
            value={textOf(row)}
            label={t('threshold.untranslated')}
            hint={`${t('threshold.untranslated')}: ${t('threshold.untranslatedHint', { fields })}`}
            icon={<TranslateIcon />}
            testId="untranslated"
          />
        );
      },
    },
    { field: english, headerName: t(`threshold.fields.${base}En`), minWidth: 160 },
    { field: french, headerName: t(`threshold.fields.${base}Fr`), minWidth: 160 },
  ];
}
