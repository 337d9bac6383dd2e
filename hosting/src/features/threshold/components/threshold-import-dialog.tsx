import { useTranslation } from 'react-i18next';
import type { ThresholdKind } from '@insight/common/threshold';
import { THRESHOLD_CSV_COLUMNS, THRESHOLD_CSV_OPTIONAL_COLUMNS } from '@insight/common/threshold-csv';
import { CsvImportDialog } from '../../../components/admin/csv-import-dialog';
import { downloadCsv } from '../../../lib/csv-file';
import type { ThresholdLists } from '../api/threshold-lists';
import { thresholdImportFields, thresholdTemplate, validateThresholdImport } from './threshold-import';

/** The columns whose label is not `threshold.fields.{column}`: the texts held in both languages. */
const COLUMN_LABELS: Record<string, string> = {
  name: 'nameEn',
  description: 'descriptionEn',
  variantNameFr: 'nameFr',
};

/**
 * Paste or upload a CSV of one threshold list (CsvImportDialog): the columns its export writes, both
 * languages' texts; each row checked with the list's form schema before anything is written.
 */
export default function ThresholdImportDialog({
  kind,
  lists,
  onClose,
}: {
  kind: ThresholdKind;
  lists: ThresholdLists;
  onClose(): void;
}) {
  const { t } = useTranslation('admin');
  const label = (column: string) =>
    kind === 'variants' && column === 'variantName'
      ? t('threshold.fields.nameEn')
      : t(`threshold.fields.${COLUMN_LABELS[column] ?? column}` as 'threshold.fields.tdId', {
          defaultValue: column,
        });
  return (
    <CsvImportDialog<Record<string, unknown>>
      onClose={onClose}
      list={kind}
      title={t(`threshold.import.title.${kind}`)}
      help={`${t('threshold.import.help', { columns: THRESHOLD_CSV_COLUMNS[kind].join(', ') })} ${t(
        'csv.optionalHelp',
        { columns: THRESHOLD_CSV_OPTIONAL_COLUMNS[kind].join(', ') },
      )}`}
      testId="threshold-import-dialog"
      check={(parsed) => validateThresholdImport(kind, parsed, lists)}
      send={thresholdImportFields}
      idLabel={t('threshold.fields.tdId')}
      columnLabel={label}
      optionalColumns={THRESHOLD_CSV_OPTIONAL_COLUMNS[kind]}
      downloadTemplate={() =>
        downloadCsv(thresholdTemplate(kind, lists), `insight-threshold-${kind}-import-template.csv`)
      }
      ready={lists.definitions.synced && lists.variants.synced && lists.rules.synced}
    />
  );
}
