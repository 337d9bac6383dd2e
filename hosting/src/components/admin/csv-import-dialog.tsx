import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
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
import type { AdminListId } from '@insight/common/admin-lists';
import {
  MAX_IMPORT_BYTES,
  parseCsv,
  type CheckedImport,
  type CheckedRow,
  type CsvProblem,
  type ParsedCsv,
} from '../../lib/csv-file';
import type { HttpError } from '../../lib/http-client';
import { importRows } from '../../lib/import-rows';
import { useValidationText } from '../../lib/validation-text';
import { SimpleTable } from '../simple-table';

export interface CsvImportDialogProps<F> {
  onClose(): void;
  /** The list the rows go to (`POST /api/admin/{list}/import`). */
  list: AdminListId;
  title: string;
  /** What the file holds: its columns, which may be left out. */
  help: ReactNode;
  testId: string;
  /** Every row of the file checked in the browser (the list's schema from common/), before anything is sent. */
  check(parsed: ParsedCsv): CheckedImport<F>;
  /** What the import sends for a checked row: the file's columns. */
  send(fields: F, columns: readonly string[]): Record<string, unknown>;
  /** The label of the row's id, and of each column, as the list's table shows it. */
  idLabel: string;
  columnLabel(column: string): string;
  /** The columns a file may leave out (an existing row keeps them). */
  optionalColumns: readonly string[];
  downloadTemplate(): void;
  /** Whether the rows the file's are checked against are the server's. */
  ready: boolean;
}

const PREVIEW_LIMIT = 200;

/** Where an import that did not finish stopped: the rows the server refused, the request that failed. */
interface Stopped {
  failed: Array<{ line: number | undefined; id: string; message: string }>;
  error: HttpError | null;
}

/**
 * Paste or upload a CSV of an admin list's rows; every row is checked with the list's schema before
 * anything is written. The rows go to the import route in requests one after another, with the progress
 * shown; an import that stops says what was written and why the rest was not, and 'Run again' sends the
 * rows not yet written (each row is an upsert, so nothing is written twice over).
 */
export function CsvImportDialog<F>({
  onClose,
  list,
  title,
  help,
  testId,
  check: checkFile,
  send,
  idLabel,
  columnLabel,
  optionalColumns,
  downloadTemplate,
  ready,
}: CsvImportDialogProps<F>) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const { t: te } = useTranslation('errors');
  const message = useValidationText();
  const fileInput = useRef<HTMLInputElement>(null);
  const runAgain = useRef<HTMLButtonElement>(null);
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<{ parsed: ParsedCsv; result: CheckedImport<F> | null } | null>(null);
  const [busy, setBusy] = useState(false);
  // The ids of the checked file's rows written so far (by this run and the ones before it).
  const [writtenIds, setWrittenIds] = useState<ReadonlySet<string>>(new Set());
  const [progress, setProgress] = useState<{ written: number; total: number } | null>(null);
  const [stopped, setStopped] = useState<Stopped | null>(null);
  const [finished, setFinished] = useState<number | null>(null);

  const valid = useMemo(() => checked?.result?.rows.filter((row) => row.fields) ?? [], [checked]);
  const invalid = useMemo(() => checked?.result?.rows.filter((row) => !row.fields) ?? [], [checked]);
  const pending = useMemo(() => valid.filter((row) => !writtenIds.has(row.id)), [valid, writtenIds]);

  useEffect(() => {
    if (stopped) runAgain.current?.focus();
  }, [stopped]);

  function check(source: string, byteLength?: number) {
    const parsed = parseCsv(source, byteLength);
    setChecked({ parsed, result: parsed.tooLarge ? null : checkFile(parsed) });
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
      list,
      result.columns,
      pending.map((row: CheckedRow<F>) => ({
        id: row.id,
        line: row.line,
        fields: send(row.fields!, result.columns),
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
      ? t('csv.syntax', { line: problem.line, message: problem.message })
      : t('csv.fieldCount', {
          line: problem.line,
          expected: problem.expected,
          found: problem.found,
        });

  const result = checked?.result;
  const tooLarge = checked?.parsed.tooLarge;
  const leftOut = result ? optionalColumns.filter((column) => !result.columns.includes(column)) : [];

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="lg"
      aria-labelledby="import-title"
      data-testid={testId}
    >
      <DialogTitle id="import-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {help}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button variant="outlined" onClick={() => fileInput.current?.click()} disabled={busy}>
              {t('csv.chooseFile')}
            </Button>
            <Button startIcon={<DownloadIcon />} onClick={downloadTemplate} data-testid="import-template">
              {t('csv.template')}
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
            label={t('csv.paste')}
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
              {t('csv.written', { count: finished })}
            </Alert>
          )}
          {progress && (
            <Box role="status" data-testid="import-progress">
              <Typography variant="body2">
                {t('csv.progress', { written: progress.written, total: progress.total })}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={progress.total ? (100 * progress.written) / progress.total : 0}
                aria-label={t('csv.progress', {
                  written: progress.written,
                  total: progress.total,
                })}
              />
            </Box>
          )}
          {stopped && (
            <Alert severity="error" data-testid="import-stopped">
              <Typography variant="body2">
                {t('csv.stopped', {
                  written: writtenIds.size,
                  total: valid.length,
                  left: pending.length,
                })}
              </Typography>
              {stopped.error && (
                <Typography variant="body2" data-testid="import-request-error">
                  {t('csv.requestFailed', {
                    message: te(`codes.${stopped.error.code}`, { defaultValue: stopped.error.message }),
                  })}
                </Typography>
              )}
              {stopped.failed.length > 0 && (
                <Box sx={{ maxHeight: 240, overflow: 'auto', mt: 1 }}>
                  <SimpleTable
                    label={t('csv.refusedTable')}
                    headers={[t('csv.line'), idLabel, t('csv.reason')]}
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
                ? t('csv.tooManyRows', { max: tooLarge.max })
                : t('csv.tooManyBytes', { max: tooLarge.max / (1024 * 1024) })}
            </Alert>
          )}
          {result && checked && (
            <Stack spacing={1} data-testid="import-preview">
              {result.missingColumns.length > 0 && (
                <Alert severity="error" data-testid="import-missing-columns">
                  {t('csv.missingColumns', { columns: result.missingColumns.join(', ') })}
                </Alert>
              )}
              {leftOut.length > 0 && result.rows.length > 0 && (
                <Alert severity="info" data-testid="import-kept-columns">
                  {t('csv.keptColumns', { columns: leftOut.join(', ') })}
                </Alert>
              )}
              {checked.parsed.problems.length > 0 && (
                <Alert severity="warning" data-testid="import-problems">
                  {checked.parsed.problems.slice(0, 5).map(problemText).join(' · ')}
                </Alert>
              )}
              <Alert severity={invalid.length ? 'warning' : 'info'} data-testid="import-summary">
                {t('csv.summary', {
                  valid: t('csv.validRows', { count: valid.length }),
                  invalid: t('csv.invalidRows', { count: invalid.length }),
                })}
              </Alert>
              {invalid.length > 0 && (
                <Box sx={{ maxHeight: 320, overflow: 'auto' }}>
                  <SimpleTable
                    stickyHeader
                    label={t('csv.errorsTable')}
                    headers={[t('csv.line'), idLabel, t('csv.errors')]}
                    rows={invalid.slice(0, PREVIEW_LIMIT).map((row) => ({
                      key: String(row.line),
                      testId: 'import-error-row',
                      cells: [
                        row.line,
                        row.id || '-',
                        row.errors
                          .map((error) =>
                            t('csv.columnError', {
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
                      {t('csv.more', { count: invalid.length - PREVIEW_LIMIT })}
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
          {tc('adminKit.close')}
        </Button>
        <Button
          onClick={() => check(text)}
          disabled={busy || !ready || !text.trim()}
          data-testid="import-check"
        >
          {t('csv.check')}
        </Button>
        {/* After an import that stopped, the same action sends the rows not yet written. */}
        <Button
          ref={runAgain}
          variant="contained"
          onClick={write}
          disabled={busy || pending.length === 0}
          data-testid={stopped ? 'import-run-again' : 'import-write'}
        >
          {t(stopped ? 'csv.runAgain' : 'csv.write', { count: pending.length })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
