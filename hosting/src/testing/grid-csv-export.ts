import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';

/** A file the app offered for download: its name and its text (without the BOM). */
export interface Download {
  name: string;
  text: string;
}

/**
 * Runs `act` with the browser's downloads caught (an object URL, a link clicked) and resolves with the
 * files it offered, once `count` of them were.
 */
export async function catchDownloads(act: () => Promise<unknown>, count = 1): Promise<Download[]> {
  const blobs: Blob[] = [];
  const names: string[] = [];
  const { createObjectURL, revokeObjectURL } = URL;
  URL.createObjectURL = (blob: Blob) => {
    blobs.push(blob);
    return `blob:download-${blobs.length}`;
  };
  URL.revokeObjectURL = () => undefined;
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  try {
    await act();
    await waitFor(() => expect(blobs).toHaveLength(count));
    // jsdom's Blob has no text(): FileReader reads it.
    const texts = await Promise.all(
      blobs.map(
        (blob) =>
          new Promise<string>((resolve, reject) => {
            const reader = new FileReader();
            reader.onload = () => resolve(String(reader.result));
            reader.onerror = () => reject(reader.error);
            reader.readAsText(blob);
          }),
      ),
    );
    return texts.map((text, index) => ({ name: names[index] ?? '', text: text.replace(/^\uFEFF/, '') }));
  } finally {
    click.mockRestore();
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  }
}

/**
 * Exports a grid's rows through its toolbar (Export, then Download as CSV, in English) and resolves with
 * the text of the file the grid would have downloaded.
 */
export async function exportGridCsv(grid: HTMLElement): Promise<string> {
  const [file] = await catchDownloads(async () => {
    await userEvent.click(within(grid).getByRole('button', { name: 'Export' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Download as CSV' }));
  });
  return file!.text;
}

/** Cells beginning with each character a spreadsheet would evaluate, and how an escaping export writes them. */
export const FORMULA_CELLS = ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'] as const;
