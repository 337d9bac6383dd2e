import { useState } from 'react';
import { Button, type ButtonProps } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { RESET_BACK_SECONDS } from '@insight/common/constants';
import { formatMac } from '@insight/common/mac';
import { OperationDialogOnDemand as OperationDialog } from '../../../components/on-demand';
import { useOperation } from '../../../hooks/use-operation';
import { useFormatDateTime } from '../../../lib/date';
import { useAuth } from '../../../providers/auth-provider';
import { recentResetOf, resetDevice } from '../api/operations';
import { recordOperation } from '../hooks/use-operations-done';

const minutesOf = (seconds: number) => Math.max(1, Math.round(seconds / 60));

interface Props {
  mac: string;
  label: string;
  buttonProps?: ButtonProps;
  testId: string;
  dialogTestId: string;
  /** Why the diagnosis says a reset cannot help now (a root cause holds it): said first in the dialog. */
  held?: string | null;
  /** After the reset went out. */
  onSent?(): void;
}

/**
 * The device reset: its button, the confirmation, and what went out (when, by whom, what happens next),
 * recorded for the view (operations-done.tsx). A reset within a few minutes of the last one, by anyone,
 * is refused by the API; the dialog then says when the last one went out and asks again.
 */
export function ResetAction({ mac, label, buttonProps, testId, dialogTestId, held, onSent }: Props) {
  const { t } = useTranslation('insight360');
  const formatDateTime = useFormatDateTime();
  const { state: auth } = useAuth();
  const me = auth.status === 'signedIn' ? auth.user.email : null;
  const [open, setOpen] = useState(false);
  const reset = useOperation((key, repeat: boolean) => resetDevice(mac, key, repeat));
  const recent = reset.state.status === 'failed' ? recentResetOf(reset.state.error) : null;
  const sent = reset.state.status === 'sent' ? reset.state.result : null;
  const minutes = minutesOf(sent?.expectedBackSeconds ?? RESET_BACK_SECONDS);
  const confirm = () =>
    void reset.submit(recent !== null).then((result) => {
      if (!result) return;
      recordOperation(mac, {
        kind: 'deviceReset',
        at: result.sentAt,
        by: result.sentBy ?? me,
        values: { requestId: result.requestId, count: String(minutesOf(result.expectedBackSeconds)) },
        backAt: Date.parse(result.sentAt) + result.expectedBackSeconds * 1000,
      });
      onSent?.();
    });
  return (
    <>
      <Button
        size="small"
        color="warning"
        variant="outlined"
        {...buttonProps}
        onClick={() => (reset.reset(), setOpen(true))}
        data-testid={testId}
      >
        {label}
      </Button>
      <OperationDialog
        open={open}
        message={t('ops.resetConfirm', { mac: formatMac(mac), count: minutesOf(RESET_BACK_SECONDS) })}
        notice={
          [
            held,
            recent
              ? t('ops.resetRecent', {
                  at: formatDateTime(recent.at),
                  by: recent.by ?? t('ops.someone'),
                })
              : null,
          ]
            .filter(Boolean)
            .join(' ') || undefined
        }
        failureInNotice={recent !== null}
        confirmLabel={recent ? t('ops.resetAgain') : undefined}
        state={reset.state}
        sentTitle={t('ops.resetSentTitle')}
        sentMessage={
          sent
            ? t('ops.resetSent', {
                at: formatDateTime(sent.sentAt),
                by: sent.sentBy ?? me ?? t('ops.someone'),
                count: minutes,
                requestId: sent.requestId,
              })
            : ''
        }
        onConfirm={confirm}
        onClose={() => setOpen(false)}
        testId={dialogTestId}
      />
    </>
  );
}
