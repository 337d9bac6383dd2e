import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { CMTS_CSV_COLUMNS, CMTS_CSV_OPTIONAL_COLUMNS, type CmtsFields } from '@insight/common/network';
import type { HttpError } from '../../../lib/http-client';
import { SimpleTable } from '../../../components/simple-table';
import { useValidationText } from '../../../lib/validation-text';
import { importRows } from '../api/import-rows';
import {
  downloadCmtsTemplate,
  MAX_IMPORT_BYTES,
  parseCsv,
  type CsvProblem,
  type ParsedCsv,
} from './cmts-csv';
import { importFields, validateImport, type CheckedImport, type ImportRow } from './cmts-import';

interface Props {
  onClose(): void;
  existing: readonly CmtsFields[];
  headEnds: ReadonlyMap<string, string>;
  marketAreas: ReadonlyMap<string, string>;
  /** Whether the CMTS, head-end and marketing-area lists are the server's (rows are checked against them). */
  ready: boolean;
}

const PREVIEW_LIMIT = 200;

/** The columns whose label key differs from their name. */
const COLUMN_LABELS: Record<string, string> = { configLastUpdated: 'lastConfig' };

/** Where an import that did not finish stopped: the rows the server refused, the request that failed. */
interface Stopped {
  failed: Array<{ line: number | undefined; id: string; message: string }>;
  error: HttpError | null;
}

/**
 * Paste or upload a CSV of CMTS rows; every row is checked with the form's schema before anything is
 * written. The rows go to the import route in requests one after another, with the progress shown; an
 * import that stops says what was written and why the rest was not, and 'Run again' sends the rows not
 * yet written (each row is an upsert, so nothing is written twice over).
 */
export default function CmtsImportDialog({ onClose, existing, headEnds, marketAreas, ready }: Props) {
  const { t } = useTranslation('admin');
  const { t: te } = useTranslation('errors');
  const message = useValidationText();
  // A column by the label its table shows ("Head end"), never its key ("headEnd").
  const columnLabel = (column: string) =>
    t(`netManage.fields.${COLUMN_LABELS[column] ?? column}` as 'netManage.fields.cmtsId', {
      defaultValue: column,
    });
  const fileInput = useRef<HTMLInputElement>(null);
  const runAgain = useRef<HTMLButtonElement>(null);
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<{ parsed: ParsedCsv; result: CheckedImport | null } | null>(null);
  const [busy, setBusy] = useState(false);
  // The ids of the checked file's rows written so far (by this run and the ones before it).
  const [writtenIds, setWrittenIds] = useState<ReadonlySet<string>>(new Set());
  const [progress, setProgress] = useState<{ written: number; total: number } | null>(null);
  const [stopped, setStopped] = useState<Stopped | null>(null);
  const [finished, setFinished] = useState<number | null>(null);

  const valid = useMemo(() => checked?.result?.rows.filter((row) => row.fields) ?? [], [checked]);
  const invalid = useMemo(() => checked?.result?.rows.filter((row) => !row.fields) ?? [], [checked]);
  const pending = useMemo(() => valid.filter((row) => !writtenIds.has(row.cmtsId)), [valid, writtenIds]);

  useEffect(() => {
    if (stopped) runAgain.current?.focus();
  }, [stopped]);

  function check(source: string, byteLength?: number) {
    const parsed = parseCsv(source, byteLength);
    const result = parsed.tooLarge
      ? null
      : validateImport(parsed, {
          existing,
          headEnds: new Set(headEnds.keys()),
          marketAreas: new Set(marketAreas.keys()),
        });
    setChecked({ parsed, result });
    setWrittenIds(new Set());
    setStopped(null);
    setFinished(null);
  }

  async function write() {
    const result = checked?.result;
    if (!result) return;
    setBusy(true);
    setStopped(null);
    const before = writtenIds;
    const total = valid.length;
    setProgress({ written: before.size, total });
    const outcome = await importRows(
      'cmts',
      result.columns,
      pending.map((row: ImportRow) => ({
        id: row.cmtsId,
        line: row.line,
        fields: importFields(row.fields!, result.columns),
      })),
      (step) => setProgress({ written: before.size + step.written, total }),
    );
    const now = new Set([...before, ...outcome.written]);
    setBusy(false);
    setProgress(null);
    if (!outcome.error && outcome.failed.length === 0) {
      setFinished(now.size);
      setWrittenIds(new Set());
      setChecked(null);
      setText('');
      return;
    }
    setWrittenIds(now);
    setStopped({
      failed: outcome.failed.map((failure) => ({
        line: failure.line,
        id: failure.id,
        message: failure.message,
      })),
      error: outcome.error,
    });
  }

  const problemText = (problem: CsvProblem) =>
    problem.kind === 'syntax'
      ? t('netManage.import.syntax', { line: problem.line, message: problem.message })
      : t('netManage.import.fieldCount', {
          line: problem.line,
          expected: problem.expected,
          found: problem.found,
        });

  const result = checked?.result;
  const tooLarge = checked?.parsed.tooLarge;
  const leftOut = result
    ? CMTS_CSV_OPTIONAL_COLUMNS.filter((column) => !result.columns.includes(column))
    : [];

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="lg"
      aria-labelledby="import-title"
      data-testid="cmts-import-dialog"
    >
      <DialogTitle id="import-title">{t('netManage.import.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('netManage.import.help', { columns: CMTS_CSV_COLUMNS.join(', ') })}{' '}
            {t('netManage.import.optionalHelp', { columns: CMTS_CSV_OPTIONAL_COLUMNS.join(', ') })}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button variant="outlined" onClick={() => fileInput.current?.click()} disabled={busy}>
              {t('netManage.import.chooseFile')}
            </Button>
            <Button
              startIcon={<DownloadIcon />}
              onClick={() => downloadCmtsTemplate(headEnds, marketAreas)}
              data-testid="import-template"
            >
              {t('netManage.import.template')}
            </Button>
            <input
              ref={fileInput}
              hidden
              type="file"
              accept=".csv,text/csv"
              data-testid="import-file"
              onChange={async (event) => {
                const input = event.currentTarget;
                const file = input.files?.[0];
                input.value = '';
                if (!file) return;
                // A file over the limit is not read at all.
                const content = file.size > MAX_IMPORT_BYTES ? '' : await file.text();
                setText(content);
                check(content, file.size);
              }}
            />
          </Stack>
          <TextField
            label={t('netManage.import.paste')}
            multiline
            minRows={5}
            maxRows={12}
            value={text}
            disabled={busy}
            onChange={(event) => {
              setText(event.target.value);
              setChecked(null);
              setStopped(null);
            }}
            slotProps={{
              htmlInput: {
                'data-testid': 'import-text',
                spellCheck: false,
                style: { fontFamily: 'monospace' },
              },
            }}
          />
          {finished !== null && (
            <Alert severity="success" data-testid="import-result">
              {t('netManage.import.written', { count: finished })}
            </Alert>
          )}
          {progress && (
            <Box role="status" data-testid="import-progress">
              <Typography variant="body2">
                {t('netManage.import.progress', { written: progress.written, total: progress.total })}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={progress.total ? (100 * progress.written) / progress.total : 0}
                aria-label={t('netManage.import.progress', {
                  written: progress.written,
                  total: progress.total,
                })}
              />
            </Box>
          )}
          {stopped && (
            <Alert severity="error" data-testid="import-stopped">
              <Typography variant="body2">
                {t('netManage.import.stopped', {
                  written: writtenIds.size,
                  total: valid.length,
                  left: pending.length,
                })}
              </Typography>
              {stopped.error && (
                <Typography variant="body2" data-testid="import-request-error">
                  {t('netManage.import.requestFailed', {
                    message: te(`codes.${stopped.error.code}`, { defaultValue: stopped.error.message }),
                  })}
                </Typography>
              )}
              {stopped.failed.length > 0 && (
                <Box sx={{ maxHeight: 240, overflow: 'auto', mt: 1 }}>
                  <SimpleTable
                    label={t('netManage.import.refusedTable')}
                    headers={[
                      t('netManage.import.line'),
                      t('netManage.fields.cmtsId'),
                      t('netManage.import.reason'),
                    ]}
                    rows={stopped.failed.slice(0, PREVIEW_LIMIT).map((failure) => ({
                      key: `${failure.id}-${failure.line ?? ''}`,
                      testId: 'import-refused-row',
                      cells: [failure.line ?? '-', failure.id, failure.message],
                    }))}
                  />
                </Box>
              )}
            </Alert>
          )}
          {tooLarge && (
            <Alert severity="error" data-testid="import-too-large">
              {tooLarge.limit === 'rows'
                ? t('netManage.import.tooManyRows', { max: tooLarge.max })
                : t('netManage.import.tooManyBytes', { max: tooLarge.max / (1024 * 1024) })}
            </Alert>
          )}
          {result && checked && (
            <Stack spacing={1} data-testid="import-preview">
              {result.missingColumns.length > 0 && (
                <Alert severity="error">
                  {t('netManage.import.missingColumns', { columns: result.missingColumns.join(', ') })}
                </Alert>
              )}
              {leftOut.length > 0 && result.rows.length > 0 && (
                <Alert severity="info" data-testid="import-kept-columns">
                  {t('netManage.import.keptColumns', { columns: leftOut.join(', ') })}
                </Alert>
              )}
              {checked.parsed.problems.length > 0 && (
                <Alert severity="warning" data-testid="import-problems">
                  {checked.parsed.problems.slice(0, 5).map(problemText).join(' · ')}
                </Alert>
              )}
              <Alert severity={invalid.length ? 'warning' : 'info'} data-testid="import-summary">
                {t('netManage.import.summary', {
                  valid: t('netManage.import.validRows', { count: valid.length }),
                  invalid: t('netManage.import.invalidRows', { count: invalid.length }),
                })}
              </Alert>
              {invalid.length > 0 && (
                <Box sx={{ maxHeight: 320, overflow: 'auto' }}>
                  <SimpleTable
                    stickyHeader
                    label={t('netManage.import.errorsTable')}
                    headers={[
                      t('netManage.import.line'),
                      t('netManage.fields.cmtsId'),
                      t('netManage.import.errors'),
                    ]}
                    rows={invalid.slice(0, PREVIEW_LIMIT).map((row) => ({
                      key: String(row.line),
                      testId: 'import-error-row',
                      cells: [
                        row.line,
                        row.cmtsId || '-',
                        row.errors
                          .map((error) =>
                            t('netManage.import.columnError', {
                              column: columnLabel(error.column),
                              message: message(error.message),
                            }),
                          )
                          .join(' · '),
                      ],
                    }))}
                  />
                  {invalid.length > PREVIEW_LIMIT && (
                    <Typography variant="caption">
                      {t('netManage.import.more', { count: invalid.length - PREVIEW_LIMIT })}
                    </Typography>
                  )}
                </Box>
              )}
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('netManage.close')}
        </Button>
        <Button
          onClick={() => check(text)}
          disabled={busy || !ready || !text.trim()}
          data-testid="import-check"
        >
          {t('netManage.import.check')}
        </Button>
        {stopped ? (
          <Button
            ref={runAgain}
            variant="contained"
            onClick={write}
            disabled={busy || pending.length === 0}
            data-testid="import-run-again"
          >
            {t('netManage.import.runAgain', { count: pending.length })}
          </Button>
        ) : (
          <Button
            variant="contained"
            onClick={write}
            disabled={busy || pending.length === 0}
            data-testid="import-write"
          >
            {t('netManage.import.write', { count: pending.length })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
