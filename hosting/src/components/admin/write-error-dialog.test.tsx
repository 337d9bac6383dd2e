import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { runWrite } from '../../lib/write-error-store';
import { renderWithTheme } from '../../testing/render';
import { WriteErrorDialog } from './write-error-dialog';

describe('WriteErrorDialog', () => {
  it("when a write fails with the database's message, then the modal shows it under the spec title", async () => {
    await renderWithTheme(<WriteErrorDialog />);
    let ok = true;
    await act(async () => {
      ok = await runWrite(() => Promise.reject(new Error('Missing or insufficient permissions.')));
    });
    expect(ok).toBe(false);
    expect(screen.getByText('An error occurred saving to the database')).toBeTruthy();
    expect(screen.getByText('Missing or insufficient permissions.')).toBeTruthy();
  });
  it("when a write fails without a message, then 'firebase error' is shown", async () => {
    await renderWithTheme(<WriteErrorDialog />);
    await act(async () => {
      await runWrite(() => Promise.reject(new Error('')));
    });
    expect(screen.getByText('firebase error')).toBeTruthy();
  });
});
