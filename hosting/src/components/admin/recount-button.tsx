import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import CalculateIcon from '@mui/icons-material/CalculateOutlined';
import { useTranslation } from 'react-i18next';
import type { RecountResult } from '@insight/common/admin-lists';
import { recountAll } from '../../lib/admin-writes';
import { HttpError } from '../../lib/http-client';
import { SimpleTable, type SimpleRow } from '../simple-table';
import { useFieldLabel } from './conflict-text';

type State =
  | { status: 'closed' }
  | { status: 'running' }
  | { status: 'failed'; message: string }
  | { status: 'done'; result: RecountResult };

/** A part of the recount's result: its heading, then its rows or a line saying there are none. */
function ResultSection({
  name,
  title,
  empty,
  headers,
  rows,
}: {
  name: string;
  title: string;
  empty: string;
  headers: string[];
  rows: SimpleRow[];
}) {
  const id = `recount-${name}`;
  return (
    <section aria-labelledby={id}>
      <Typography variant="subtitle1" component="h3" id={id}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" data-testid={`recount-no-${name}`}>
          {empty}
        </Typography>
      ) : (
        <SimpleTable labelledBy={id} testId={id} headers={headers} rows={rows} />
      )}
    </section>
  );
}

/**
 * Engineering's 'Recount' (the caller shows it to engineering only): every kept count recomputed by the
 * API (`POST /api/admin/recount`), then what was checked, what was repaired and the rows that name a
 * missing entry.
 */
export function RecountButton() {
  const { t } = useTranslation();
  const { t: te } = useTranslation('errors');
  const fieldLabel = useFieldLabel();
  const [state, setState] = useState<State>({ status: 'closed' });

  const run = async () => {
    setState({ status: 'running' });
    try {
      setState({ status: 'done', result: await recountAll() });
    } catch (error) {
      setState({
        status: 'failed',
        message: te(`codes.${error instanceof HttpError ? error.code : 'internal'}`),
      });
    }
  };
  const close = () => setState({ status: 'closed' });
  const listName = (list: RecountResult['repaired'][number]['list']) => t(`adminKit.lists.${list}`);

  return (
    <>
      <Button startIcon={<CalculateIcon />} onClick={run} data-testid="recount">
        {t('adminKit.recount.button')}
      </Button>
      <Dialog
        open={state.status !== 'closed'}
        onClose={state.status === 'running' ? undefined : close}
        aria-labelledby="recount-title"
        aria-describedby="recount-help"
        maxWidth="md"
        fullWidth
        data-testid="recount-dialog"
      >
        <DialogTitle id="recount-title">{t('adminKit.recount.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="recount-help" sx={{ mb: 2 }}>
            {t('adminKit.recount.help')}
          </DialogContentText>
          <Box aria-live="polite" aria-busy={state.status === 'running'}>
            {state.status === 'running' && (
              <Stack
                direction="row"
                spacing={1.5}
                sx={{ alignItems: 'center' }}
                data-testid="recount-running"
              >
                <CircularProgress size={20} aria-hidden />
                <Typography>{t('adminKit.recount.running')}</Typography>
              </Stack>
            )}
            {state.status === 'failed' && (
              <Alert severity="error" data-testid="recount-error">
                {t('adminKit.recount.failed', { message: state.message })}
              </Alert>
            )}
            {state.status === 'done' && (
              <Stack spacing={2} data-testid="recount-result">
                <Typography data-testid="recount-checked">
                  {t('adminKit.recount.checked', { count: state.result.checked })}
                </Typography>
                <ResultSection
                  name="repairs"
                  title={t('adminKit.recount.repairs')}
                  empty={t('adminKit.recount.noRepairs')}
                  headers={[
                    t('adminKit.recount.list'),
                    t('adminKit.recount.id'),
                    t('adminKit.recount.count'),
                  ]}
                  rows={state.result.repaired.map((repair) => ({
                    key: `${repair.list}/${repair.id}`,
                    cells: [listName(repair.list), repair.id, `${repair.was} → ${repair.now}`],
                  }))}
                />
                <ResultSection
                  name="orphans"
                  title={t('adminKit.recount.orphans')}
                  empty={t('adminKit.recount.noOrphans')}
                  headers={[
                    t('adminKit.recount.list'),
                    t('adminKit.recount.id'),
                    t('adminKit.recount.field'),
                    t('adminKit.recount.parent'),
                  ]}
                  rows={state.result.orphans.map((orphan) => ({
                    key: `${orphan.list}/${orphan.id}/${orphan.field}`,
                    cells: [listName(orphan.list), orphan.id, fieldLabel(orphan.field), orphan.parent],
                  }))}
                />
              </Stack>
            )}
          </Box>
        </DialogContent>
        <DialogActions>
          {state.status === 'failed' && (
            <Button onClick={run} data-testid="recount-retry">
              {t('adminKit.recount.retry')}
            </Button>
          )}
          <Button
            onClick={close}
            disabled={state.status === 'running'}
            autoFocus={state.status !== 'running'}
          >
            {t('adminKit.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
