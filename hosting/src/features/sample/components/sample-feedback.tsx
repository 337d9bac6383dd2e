import { useState } from 'react';
import { Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { OperationDialog } from '../../../components/operation-dialog';
import { useOperation } from '../../../hooks/use-operation';
import { notifyDataUpdated } from '../../../lib/snackbar-store';
import { showWriteError } from '../../../lib/write-error-store';
import { DEMO_DATABASE_MESSAGE } from './demo-data';

/** The write error modal with and without the database's message, as runWrite raises it. */
export function SampleWriteError() {
  const { t } = useTranslation('admin');
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Button
        variant="outlined"
        onClick={() => showWriteError(new Error(DEMO_DATABASE_MESSAGE))}
        data-testid="sample-write-error"
      >
        {t('sample.writeError.withMessage')}
      </Button>
      <Button
        variant="outlined"
        onClick={() => showWriteError(new Error(''))}
        data-testid="sample-write-error-bare"
      >
        {t('sample.writeError.withoutMessage')}
      </Button>
      <Button variant="outlined" onClick={() => notifyDataUpdated()} data-testid="sample-snackbar">
        {t('sample.writeError.snackbar')}
      </Button>
    </Stack>
  );
}

/** A device operation: confirm, then sent (a demo request id) or the error; one submission at a time. */
export function SampleOperation() {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const operation = useOperation(
    (key) =>
      new Promise<{ requestId: string }>((resolve) =>
        setTimeout(() => resolve({ requestId: `demo-${key.slice(0, 8)}` }), 800),
      ),
  );
  return (
    <>
      <div>
        <Button
          variant="outlined"
          onClick={() => (operation.reset(), setOpen(true))}
          data-testid="sample-operation"
        >
          {t('sample.operation.open')}
        </Button>
      </div>
      <OperationDialog
        open={open}
        message={t('sample.operation.confirm')}
        state={operation.state}
        sentMessage={
          operation.state.status === 'sent'
            ? t('sample.operation.sent', { requestId: operation.state.result.requestId })
            : ''
        }
        onConfirm={() => void operation.submit()}
        onClose={() => setOpen(false)}
        testId="sample-operation-dialog"
      />
    </>
  );
}
