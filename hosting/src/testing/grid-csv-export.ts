import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';

/**
 * Exports a grid's rows through its toolbar (Export, then Download as CSV, in English) and resolves with
 * the text of the file the grid would have downloaded.
 */
export async function exportGridCsv(grid: HTMLElement): Promise<string> {
  const blobs: Blob[] = [];
  const { createObjectURL, revokeObjectURL } = URL;
  URL.createObjectURL = (blob: Blob) => {
    blobs.push(blob);
    return 'blob:grid-export';
  };
  URL.revokeObjectURL = () => undefined;
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  try {
    await userEvent.click(within(grid).getByRole('button', { name: 'Export' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Download as CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    // jsdom's Blob has no text(): FileReader reads it.
    const text = await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsText(blobs[0]!);
    });
    return text.replace(/^\uFEFF/, '');
  } finally {
    click.mockRestore();
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  }
}

/** Cells beginning with each character a spreadsheet would evaluate, and how an escaping export writes them. */
export const FORMULA_CELLS = ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'] as const;
