import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CMTS_CSV_COLUMNS, type CmtsFields } from '@insight/common/network';
import { useValidationText } from '../../../lib/validation-text';
import { runWrite } from '../../../lib/write-error-store';
import { importCmts } from '../api/network-lists';
import { parseCsv } from './cmts-csv';
import { validateImport, type ImportRow } from './cmts-import';

interface Props {
  onClose(): void;
  existing: readonly CmtsFields[];
  headEnds: ReadonlyMap<string, string>;
  marketAreas: ReadonlyMap<string, string>;
  /** Whether the CMTS, head-end and marketing-area lists are the server's (rows are checked against them). */
  ready: boolean;
}

const PREVIEW_LIMIT = 200;

/** Paste or upload a CSV of CMTS rows; every row is checked with the form's schema before anything is written. */
export default function CmtsImportDialog({ onClose, existing, headEnds, marketAreas, ready }: Props) {
  const { t } = useTranslation('admin');
  const message = useValidationText();
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<{
    rows: ImportRow[];
    missingColumns: string[];
    parseErrors: string[];
  } | null>(null);
  const [busy, setBusy] = useState(false);
  const [written, setWritten] = useState<number | null>(null);

  const valid = useMemo(() => checked?.rows.filter((row) => row.fields) ?? [], [checked]);
  const invalid = useMemo(() => checked?.rows.filter((row) => !row.fields) ?? [], [checked]);

  function check(source: string) {
    const parsed = parseCsv(source);
    const result = validateImport(parsed.rows, {
      existing,
      headEnds: new Set(headEnds.keys()),
      marketAreas: new Set(marketAreas.keys()),
    });
    setChecked({ ...result, parseErrors: parsed.errors });
    setWritten(null);
  }

  async function write() {
    setBusy(true);
    let count = 0;
    const ok = await runWrite(async () => {
      count = await importCmts(valid.map((row) => ({ fields: row.fields!, exists: row.exists })));
    });
    setBusy(false);
    if (ok) {
      setWritten(count);
      setChecked(null);
      setText('');
    }
  }

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
            {t('netManage.import.help', { columns: CMTS_CSV_COLUMNS.join(', ') })}
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button component="label" variant="outlined">
              {t('netManage.import.chooseFile')}
              <input
                hidden
                type="file"
                accept=".csv,text/csv"
                data-testid="import-file"
                onChange={async (event) => {
                  const file = event.target.files?.[0];
                  if (!file) return;
                  const content = await file.text();
                  setText(content);
                  check(content);
                }}
              />
            </Button>
          </Stack>
          <TextField
            label={t('netManage.import.paste')}
            multiline
            minRows={5}
            maxRows={12}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setChecked(null);
            }}
            slotProps={{
              htmlInput: {
                'data-testid': 'import-text',
                spellCheck: false,
                style: { fontFamily: 'monospace' },
              },
            }}
          />
          {written !== null && (
            <Alert severity="success" data-testid="import-result">
              {t('netManage.import.written', { count: written })}
            </Alert>
          )}
          {checked && (
            <Stack spacing={1} data-testid="import-preview">
              {checked.missingColumns.length > 0 && (
                <Alert severity="error">
                  {t('netManage.import.missingColumns', { columns: checked.missingColumns.join(', ') })}
                </Alert>
              )}
              {checked.parseErrors.length > 0 && (
                <Alert severity="warning">{checked.parseErrors.slice(0, 5).join(' · ')}</Alert>
              )}
              <Alert severity={invalid.length ? 'warning' : 'info'} data-testid="import-summary">
                {t('netManage.import.summary', { valid: valid.length, invalid: invalid.length })}
              </Alert>
              {invalid.length > 0 && (
                <Box sx={{ maxHeight: 320, overflow: 'auto' }}>
                  <Table size="small" stickyHeader aria-label={t('netManage.import.errorsTable')}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('netManage.import.line')}</TableCell>
                        <TableCell>{t('netManage.fields.cmtsId')}</TableCell>
                        <TableCell>{t('netManage.import.errors')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {invalid.slice(0, PREVIEW_LIMIT).map((row) => (
                        <TableRow key={row.line} data-testid="import-error-row">
                          <TableCell>{row.line}</TableCell>
                          <TableCell>{row.cmtsId || '-'}</TableCell>
                          <TableCell>
                            {row.errors
                              .map((error) => `${error.column}: ${message(error.message)}`)
                              .join(' · ')}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
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
        <Button
          variant="contained"
          onClick={write}
          disabled={busy || valid.length === 0}
          data-testid="import-write"
        >
          {t('netManage.import.write', { count: valid.length })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
