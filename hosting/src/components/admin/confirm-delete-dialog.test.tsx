import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import fr from '../../locales/fr/common.json';
import { renderApp } from '../../testing/render-app';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';

describe('ConfirmDeleteDialog', () => {
  it('when a delete is asked (French), then the item is named with the question of docs/requirements.md, "Admin kit"', async () => {
    await renderApp(
      <ConfirmDeleteDialog item="Ottawa (ON-OTT-01)" onCancel={vi.fn()} onConfirm={vi.fn()} />,
      {
        path: '/fr',
      },
    );
    const dialog = screen.getByTestId('confirm-delete');
    expect(dialog.textContent).toContain('Ottawa (ON-OTT-01)');
    expect(dialog.textContent).toContain(fr.adminKit.confirmDelete);
  });

  it('when the delete is confirmed, then both buttons stay disabled until it is over', async () => {
    let finish = () => undefined as void;
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    await renderApp(<ConfirmDeleteDialog item="x" onCancel={vi.fn()} onConfirm={onConfirm} />);
    await userEvent.click(screen.getByTestId('confirm-delete-yes'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('confirm-delete-yes')).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    finish();
    await waitFor(() => expect(screen.getByTestId('confirm-delete-yes')).toHaveProperty('disabled', false));
  });

  it('when no item is given, then the dialog is closed', async () => {
    await renderApp(<ConfirmDeleteDialog item={null} onCancel={vi.fn()} onConfirm={vi.fn()} />);
    expect(screen.queryByTestId('confirm-delete')).toBeNull();
  });
});
