import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IMPORT_ROWS_PER_REQUEST, type ImportRequest } from '@insight/common/admin-lists';
import type { CmtsFields } from '@insight/common/network';
import { fail, ok, type ApiCall, type Reply, type Route } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';
import { MAX_IMPORT_BYTES } from '../../../lib/csv-file';
import CmtsImportDialog from './cmts-import-dialog';

const header = 'cmtsId,hostName,ipLookup,ipManage,headEnd,marketArea';
const line = (n: number) =>
  `NEW-${n},new-${n},10.1.${Math.floor(n / 250)}.${(n % 250) + 1},10.2.${Math.floor(n / 250)}.${(n % 250) + 1},ON-OTT-01,MA-OTT`;
const csv = (count: number) => [header, ...Array.from({ length: count }, (_, n) => line(n))].join('\n');

const existing: CmtsFields[] = [
  {
    cmtsId: 'OLT-OTT-1',
    hostName: 'olt-ott-1',
    ipLookup: '10.0.0.1',
    ipManage: '10.0.1.1',
    headEnd: 'ON-OTT-01',
    marketArea: 'MA-OTT',
    group: 'Fibre',
    versionId: 'R6.1',
    configLastUpdated: new Date('2026-10-31T08:15:00Z'),
    overrideIpChecks: true,
  },
];

/** Writes every row it is sent, unless `answer` says otherwise for that request (numbered from 1). */
function importRoute(
  answer: (request: ImportRequest, index: number) => Reply | 'pending' | null = () => null,
) {
  const requests: ImportRequest[] = [];
  const route: Route = (call: ApiCall) => {
    const request = call.body as ImportRequest;
    requests.push(request);
    return answer(request, requests.length) ?? ok({ written: request.rows.map((row) => row.id), failed: [] });
  };
  return { route, requests };
}

async function open(text: string, route: Route, path = '/net-manage') {
  const view = await renderApp(
    <CmtsImportDialog
      onClose={vi.fn()}
      existing={existing}
      headEnds={new Map([['ON-OTT-01', 'Ottawa']])}
      marketAreas={new Map([['MA-OTT', 'Ottawa']])}
      ready
    />,
    { path, api: { 'POST /admin/cmts/import': route } },
  );
  fireEvent.change(screen.getByTestId('import-text'), { target: { value: text } });
  await userEvent.click(screen.getByTestId('import-check'));
  return view;
}

describe('CmtsImportDialog', () => {
  it('when the file leaves out the optional columns, then the request names only its columns and the existing row keeps the rest', async () => {
    const { route, requests } = importRoute();
    await open(`${header}\nOLT-OTT-1,olt-ott-1-new,10.0.0.1,10.0.1.1,ON-OTT-01,MA-OTT`, route);
    expect(screen.getByTestId('import-kept-columns').textContent).toContain(
      'group, versionId, configLastUpdated, overrideIpChecks',
    );
    await userEvent.click(screen.getByTestId('import-write'));
    expect(await screen.findByTestId('import-result')).toHaveProperty('textContent', '1 row written.');
    expect(requests).toEqual([
      {
        columns: ['cmtsId', 'hostName', 'ipLookup', 'ipManage', 'headEnd', 'marketArea'],
        rows: [
          {
            id: 'OLT-OTT-1',
            line: 2,
            fields: {
              cmtsId: 'OLT-OTT-1',
              hostName: 'olt-ott-1-new',
              ipLookup: '10.0.0.1',
              ipManage: '10.0.1.1',
              headEnd: 'ON-OTT-01',
              marketArea: 'MA-OTT',
            },
          },
        ],
      },
    ]);
  });

  it('when rows are being written, then the progress line says how many of how many', async () => {
    const { route } = importRoute((_request, index) => (index === 2 ? 'pending' : null));
    await open(csv(600), route);
    await userEvent.click(screen.getByTestId('import-write'));
    const progress = await screen.findByTestId('import-progress');
    await waitFor(() => expect(progress.textContent).toBe('Written 250 of 600 rows'));
    expect(progress.getAttribute('role')).toBe('status');
  });

  it('when a request fails partway, then what was written is said, and Run again sends only the rest and finishes', async () => {
    let failing = true;
    const { route, requests } = importRoute((request, index) => {
      if (index === 1)
        return ok({
          written: request.rows.slice(1).map((row) => row.id),
          failed: [
            { id: 'NEW-0', line: 2, code: 'conflict', message: 'Head end ON-OTT-01 is being deleted' },
          ],
        });
      return index === 2 && failing ? fail(503, 'internal', 'unavailable') : null;
    });
    await open(csv(600), route);
    await userEvent.click(screen.getByTestId('import-write'));

    const stopped = await screen.findByTestId('import-stopped');
    expect(stopped.textContent).toContain(
      'The import did not finish: 249 of 600 rows written, 351 not written.',
    );
    expect(screen.getByTestId('import-request-error').textContent).toBe(
      'It stopped at a request that failed: An internal error occurred.',
    );
    const [refused] = screen.getAllByTestId('import-refused-row');
    expect(refused!.textContent).toBe('2NEW-0Head end ON-OTT-01 is being deleted');
    expect(requests.map((request) => request.rows.length)).toEqual([IMPORT_ROWS_PER_REQUEST, 250]);
    const again = screen.getByTestId('import-run-again');
    expect(again.textContent).toBe('Run again (351 rows not yet written)');
    // The button takes the focus: Enter runs the import again.
    expect(document.activeElement).toBe(again);

    failing = false;
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByTestId('import-result')).toHaveProperty('textContent', '600 rows written.');
    const resent = requests.slice(2);
    expect(resent.map((request) => request.rows.length)).toEqual([250, 101]);
    expect(resent[0]!.rows[0]).toMatchObject({ id: 'NEW-0', line: 2 });
    expect(resent[0]!.rows[1]).toMatchObject({ id: 'NEW-250', line: 252 });
    expect(resent.flatMap((request) => request.rows).map((row) => row.id)).not.toContain('NEW-1');
  });

  it('when the file has more than 10,000 rows, then it is refused with the limit and nothing can be written', async () => {
    const { route, requests } = importRoute();
    await open(csv(10_001), route);
    expect(screen.getByTestId('import-too-large').textContent).toBe(
      'The file has more than 10,000 rows. Split it into files of at most 10,000 rows.',
    );
    expect(screen.getByTestId('import-write')).toHaveProperty('disabled', true);
    expect(requests).toEqual([]);
  });

  it('when the chosen file is larger than 5 MB, then it is refused without being read', async () => {
    await renderApp(
      <CmtsImportDialog onClose={vi.fn()} existing={[]} headEnds={new Map()} marketAreas={new Map()} ready />,
      { path: '/fr' },
    );
    const file = new File(['x'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(file, 'size', { value: MAX_IMPORT_BYTES + 1 });
    const text = vi.fn();
    Object.defineProperty(file, 'text', { value: text });
    fireEvent.change(screen.getByTestId('import-file'), { target: { files: [file] } });
    expect((await screen.findByTestId('import-too-large')).textContent).toBe(
      'Le fichier dépasse 5 Mo. Divisez-le en fichiers plus petits.',
    );
    expect(text).not.toHaveBeenCalled();
  });

  it('when Choose a file is pressed with the keyboard, then the file picker opens', async () => {
    await open(csv(1), importRoute().route);
    const pick = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    screen.getByRole('button', { name: 'Choose a file' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(pick).toHaveBeenCalled();
    pick.mockRestore();
  });
});

describe('CmtsImportDialog in French', () => {
  it('when a row names a head end by its name, then the error names the column by its label, once, with what is expected, and the counts take their plural forms', async () => {
    const text = [header, line(1), 'NEW-9,new-9,10.0.9.1,10.0.9.2,Hamilton 01,MA-OTT'].join('\n');
    await open(text, importRoute().route, '/fr/net-manage');
    expect((await screen.findByTestId('import-summary')).textContent).toBe(
      '1 ligne valide, 1 ligne avec erreurs (non importées).',
    );
    const error = screen.getByTestId('import-error-row').textContent!;
    expect(error).toContain('Tête de réseau : « Hamilton 01 » n’est pas un code de tête de réseau');
    expect(error).toContain('ON-HAM-01');
    expect(error).not.toMatch(/headEnd|marketArea|requis/);
    expect(screen.getByTestId('import-template').textContent).toBe('Télécharger un modèle');
  });
});
