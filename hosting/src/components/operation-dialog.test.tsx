import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import en from '../locales/en/insight360.json';
import enErrors from '../locales/en/errors.json';
import { HttpError } from '../lib/http-client';
import type { OperationState } from '../hooks/use-operation';
import { renderApp } from '../testing/render-app';
import { OperationDialog } from './operation-dialog';

const dialog = (
  state: OperationState<unknown>,
  onConfirm = vi.fn(),
  more: Partial<ComponentProps<typeof OperationDialog>> = {},
) => (
  <OperationDialog
    open
    message="The device will restart."
    state={state}
    sentMessage="Sent. Request r-1."
    onConfirm={onConfirm}
    onClose={vi.fn()}
    testId="op"
    {...more}
  />
);

describe('OperationDialog', () => {
  it('when it opens, then it states what will happen, and Confirm runs the operation', async () => {
    const onConfirm = vi.fn();
    await renderApp(dialog({ status: 'idle' }, onConfirm));
    expect(screen.getByTestId('op').textContent).toContain('The device will restart.');
    await userEvent.click(screen.getByTestId('op-confirm'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('when the operation is being sent, then neither button can be pressed again', async () => {
    await renderApp(dialog({ status: 'pending' }));
    expect(screen.getByTestId('op-confirm')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('op-confirm').textContent).toBe(en.ops.sending);
    expect(screen.getByRole('button', { name: en.ops.cancel })).toHaveProperty('disabled', true);
  });

  it('when it was sent, then only the confirmation and Close remain', async () => {
    await renderApp(dialog({ status: 'sent', result: {} }));
    expect(screen.getByTestId('op-sent').textContent).toBe('Sent. Request r-1.');
    expect(screen.queryByTestId('op-confirm')).toBeNull();
    expect(screen.getByRole('button', { name: en.ops.close })).toBeTruthy();
  });

  it('when the upstream timed out, then the dialog warns the operation may have run', async () => {
    await renderApp(dialog({ status: 'failed', error: new HttpError(504, 'upstream_timeout', 'slow') }));
    expect(screen.getByTestId('op-failed').textContent).toBe(en.ops.mayHaveRun);
  });

  it('when a warning is shown and the operation fails for another reason, then the failure is said under it', async () => {
    await renderApp(
      dialog(
        { status: 'failed', error: new HttpError(502, 'upstream_error', 'Upstream unreachable') },
        vi.fn(),
        {
          notice: 'A known outage holds this device: a reset cannot bring it back.',
        },
      ),
    );
    expect(screen.getByTestId('op-notice').textContent).toContain('known outage');
    expect(screen.getByTestId('op-failed').textContent).toBe(
      en.ops.failed.replace('{{message}}', enErrors.codes.upstream_error),
    );
  });

  it('when the notice is what explains the failure (a refusal it words), then the failure is not said twice', async () => {
    await renderApp(
      dialog({ status: 'failed', error: new HttpError(409, 'conflict', 'recent') }, vi.fn(), {
        notice: 'A reset went out a minute ago.',
        failureInNotice: true,
      }),
    );
    expect(screen.getByTestId('op-notice')).toBeTruthy();
    expect(screen.queryByTestId('op-failed')).toBeNull();
  });

  it('when its notice holds a long e-mail, then the text wraps instead of scrolling (a phone’s width)', async () => {
    await renderApp(
      <OperationDialog
        open
        message="The device will restart."
        notice="Sent 2026-11-28 by check-support-mx0u5mewkugq@insight.test a minute ago."
        state={{ status: 'idle' }}
        sentMessage="Sent."
        onConfirm={vi.fn()}
        onClose={vi.fn()}
        testId="op"
      />,
    );
    const message = screen.getByTestId('op-notice').querySelector('.MuiAlert-message')!;
    expect(getComputedStyle(message).overflowWrap).toBe('anywhere');
  });
});
