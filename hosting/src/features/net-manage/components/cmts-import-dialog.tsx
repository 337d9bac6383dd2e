import { useTranslation } from 'react-i18next';
import {
  CMTS_CSV_COLUMNS,
  CMTS_CSV_OPTIONAL_COLUMNS,
  type CmtsCsvColumn,
  type CmtsFields,
} from '@insight/common/network';
import { CsvImportDialog } from '../../../components/admin/csv-import-dialog';
import { downloadCmtsTemplate } from './cmts-csv';
import { importFields, validateImport } from './cmts-import';

interface Props {
  onClose(): void;
  existing: readonly CmtsFields[];
  headEnds: ReadonlyMap<string, string>;
  marketAreas: ReadonlyMap<string, string>;
  /** Whether the CMTS, head-end and marketing-area lists are the server's (rows are checked against them). */
  ready: boolean;
}

/** The columns whose label key differs from their name. */
const COLUMN_LABELS: Record<string, string> = { configLastUpdated: 'lastConfig' };

/**
 * Paste or upload a CSV of CMTS rows (CsvImportDialog): each row is checked with the form's schema,
 * against the head ends, market areas and the addresses other rows hold, before anything is written.
 */
export default function CmtsImportDialog({ onClose, existing, headEnds, marketAreas, ready }: Props) {
  const { t } = useTranslation('admin');
  return (
    <CsvImportDialog<CmtsFields>
      onClose={onClose}
      list="cmts"
      title={t('netManage.import.title')}
      help={`${t('netManage.import.help', { columns: CMTS_CSV_COLUMNS.join(', ') })} ${t('csv.optionalHelp', {
        columns: CMTS_CSV_OPTIONAL_COLUMNS.join(', '),
      })}`}
      testId="cmts-import-dialog"
      check={(parsed) =>
        validateImport(parsed, {
          existing,
          headEnds: new Set(headEnds.keys()),
          marketAreas: new Set(marketAreas.keys()),
        })
      }
      send={(fields, columns) => importFields(fields, columns as CmtsCsvColumn[])}
      idLabel={t('netManage.fields.cmtsId')}
      // A column by the label its table shows ("Head end"), never its key ("headEnd").
      columnLabel={(column) =>
        t(`netManage.fields.${COLUMN_LABELS[column] ?? column}` as 'netManage.fields.cmtsId', {
          defaultValue: column,
        })
      }
      optionalColumns={CMTS_CSV_OPTIONAL_COLUMNS}
      downloadTemplate={() => downloadCmtsTemplate(headEnds, marketAreas)}
      ready={ready}
    />
  );
}
