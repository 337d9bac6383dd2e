import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { ImportRequest } from '@insight/common/admin-lists';
import { PARAMETERS, THRESHOLD_COLLECTIONS, type ThresholdKind } from '@insight/common/threshold';
import { seedThresholdSet } from '@insight/common/threshold-seed';
import admin from '../../../locales/en/admin.json';
import common from '../../../locales/en/common.json';
import frCommon from '../../../locales/fr/common.json';
import { ok, type ApiCall } from '../../../testing/fake-api';
import { catchDownloads } from '../../../testing/grid-csv-export';
import { renderApp } from '../../../testing/render-app';
import { thresholdLists } from '../api/threshold-lists-fixture';
import ThresholdImportDialog from './threshold-import-dialog';
import ThresholdPage from './threshold-page';

const byId = (rows: ReadonlyArray<{ tdId: string }>) =>
  Object.fromEntries(rows.map((row) => [row.tdId, row]));
const seed = seedThresholdSet();
/** The seed without DEF-firmware: its parameter is free for a new definition. */
const withoutFirmware = {
  ...seed,
  definitions: seed.definitions.filter((row) => row.tdId !== 'DEF-firmware'),
};
const lists = thresholdLists(withoutFirmware);
const firestore = {
  [THRESHOLD_COLLECTIONS.rules]: byId(seed.rules),
  [THRESHOLD_COLLECTIONS.definitions]: byId(seed.definitions.filter((row) => row.tdId !== 'DEF-firmware')),
  [THRESHOLD_COLLECTIONS.variants]: byId(seed.variants),
};

const DEFINITIONS_HEADER =
  'tdId,name,nameFr,parameter,format,direction,category,fallback,description,descriptionFr';
const RULES_HEADER =
  'tdId,definitionName,technology,variantName,rangeMin,rangeMax,alphaValue,result,version,description,descriptionFr';

/** The list's import dialog, as the threshold page opens it; the import route writes every row it is sent. */
async function openImport(kind: ThresholdKind, path = `/threshold/${kind}`) {
  const requests: ImportRequest[] = [];
  const view = await renderApp(
    <ThresholdImportDialog kind={kind} lists={lists} onClose={() => undefined} />,
    {
      path,
      api: {
        [`POST /admin/${kind}/import`]: (call: ApiCall) => {
          const request = call.body as ImportRequest;
          requests.push(request);
          return ok({ written: request.rows.map((row) => row.id), failed: [] });
        },
      },
    },
  );
  const dialog = await screen.findByTestId('threshold-import-dialog');
  return { view, requests, dialog };
}

async function check(text: string) {
  fireEvent.change(screen.getByTestId('import-text'), { target: { value: text } });
  await userEvent.click(screen.getByTestId('import-check'));
  return screen.findByTestId('import-summary');
}

describe('ThresholdImportDialog', () => {
  it('when a file holds definitions in French and English, then every row is checked and sent with both languages', async () => {
    const { requests } = await openImport('definitions');
    const text = [
      DEFINITIONS_HEADER,
      'DEF-firmware,Firmware level,Niveau du micrologiciel,firmware,,alpha,firmware,n/a,Firmware the ONU runs,Micrologiciel de l’ONU',
      'DEF-rxPower,ONU receive power,Puissance reçue à l ONU,rxPower,dBm,window,optical,n/a,Optical power received,Puissance optique reçue',
    ].join('\n');
    expect((await check(text)).textContent).toBe('2 valid rows, 0 rows with errors (not imported).');
    await userEvent.click(screen.getByTestId('import-write'));
    expect((await screen.findByTestId('import-result')).textContent).toBe('2 rows written.');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.columns).toEqual(DEFINITIONS_HEADER.split(','));
    expect(requests[0]!.rows.map((row) => [row.id, row.line])).toEqual([
      ['DEF-firmware', 2],
      ['DEF-rxPower', 3],
    ]);
    expect(requests[0]!.rows[0]!.fields).toEqual({
      tdId: 'DEF-firmware',
      name: 'Firmware level',
      nameFr: 'Niveau du micrologiciel',
      parameter: 'firmware',
      format: null,
      direction: 'alpha',
      category: 'firmware',
      fallback: 'n/a',
      description: 'Firmware the ONU runs',
      descriptionFr: 'Micrologiciel de l’ONU',
    });
  });

  it('when a new row has no French, then it is refused with its message in the user’s language and nothing is sent', async () => {
    const { requests } = await openImport('definitions', '/fr/threshold/definitions');
    const text = [
      DEFINITIONS_HEADER,
      'DEF-firmware,Firmware level,,firmware,,alpha,firmware,n/a,Firmware the ONU runs,',
      // An existing row may still lack its French (it keeps showing the English, flagged).
      'DEF-rxPower,ONU receive power,,rxPower,dBm,window,optical,n/a,,',
    ].join('\n');
    expect((await check(text)).textContent).toBe('1 ligne valide, 1 ligne avec erreurs (non importées).');
    const row = screen.getByTestId('import-error-row');
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]!.textContent).toBe('2');
    expect(cells[1]!.textContent).toBe('DEF-firmware');
    expect(cells[2]!.textContent).toBe(
      `Nom (français) : ${frCommon.validation.frenchRequired} · Description (français) : ${frCommon.validation.frenchRequired}`,
    );
    expect(requests).toEqual([]);
  });

  it('when a number is not one, then its column is named with what is expected, and a French decimal comma is read', async () => {
    const { requests } = await openImport('rules');
    const text = [
      RULES_HEADER,
      'GPON-rxPower-WARN-LOW,DEF-rxPower,GPON,,-27,"-25,5",,warn,,Low power,Puissance faible',
      'EPON-rxPower-NEW,DEF-rxPower,EPON,,minus 30,,,fail,,,',
      'EPON-rxPower-ODD,DEF-nothing,EPON,,,,,maybe,,,',
    ].join('\n');
    expect((await check(text)).textContent).toBe('1 valid row, 2 rows with errors (not imported).');
    const [bad, odd] = screen.getAllByTestId('import-error-row');
    expect(within(bad!).getAllByRole('cell')[2]!.textContent).toBe(`Min.: ${common.validation.float}`);
    const oddErrors = within(odd!).getAllByRole('cell')[2]!.textContent!;
    expect(oddErrors).toContain('Result: Expected one of: pass, warn, fail');
    expect(oddErrors).toContain('Definition: Expected one of: DEF-rxPower,');
    expect(oddErrors).not.toMatch(/rangeMin|definitionName|Required/);
    await userEvent.click(screen.getByTestId('import-write'));
    await screen.findByTestId('import-result');
    expect(requests[0]!.rows[0]!.fields).toMatchObject({ rangeMin: -27, rangeMax: -25.5 });
  });

  it('when a new row has other errors, then its missing French is said with them, not once they are fixed', async () => {
    await openImport('definitions');
    await check([DEFINITIONS_HEADER, 'DEF-new,Upstream SNR,,snr,dB,window,optical,n/a,,'].join('\n'));
    expect(within(screen.getByTestId('import-error-row')).getAllByRole('cell')[2]!.textContent).toBe(
      `Parameter: Expected one of: ${PARAMETERS.join(', ')} · Name (French): ${common.validation.frenchRequired}`,
    );
  });

  it('when the template is downloaded, then it has every column and an example row in both languages that the check accepts', async () => {
    await openImport('definitions');
    const [file] = await catchDownloads(() => userEvent.click(screen.getByTestId('import-template')));
    expect(file!.name).toBe('insight-threshold-definitions-import-template.csv');
    const [header, example, ...rest] = file!.text.split(/\r?\n/);
    expect(header).toBe(DEFINITIONS_HEADER);
    expect(rest).toEqual([]);
    expect(example).toContain('Upstream power,Puissance montante,firmware');
    expect((await check(file!.text)).textContent).toBe('1 valid row, 0 rows with errors (not imported).');
  });

  it('when engineering presses Import CSV on the definitions, then their import dialog opens', async () => {
    await renderApp(<ThresholdPage child="definitions" />, { path: '/threshold/definitions', firestore });
    await screen.findByText('DEF-rxPower');
    await userEvent.click(screen.getByRole('button', { name: admin.csv.import }));
    const dialog = await screen.findByRole('dialog', { name: admin.threshold.import.title.definitions });
    expect(within(dialog).getByTestId('import-check')).toBeTruthy();
  });

  it('when a support3 user opens the definitions, then there is an export and no import', async () => {
    await renderApp(<ThresholdPage child="definitions" />, {
      path: '/threshold/definitions',
      user: { roles: ['support3'] },
      firestore,
    });
    await screen.findByText('DEF-rxPower');
    expect(screen.getByTestId('definitions-export').textContent).toBe(admin.csv.export);
    expect(screen.queryByTestId('definitions-import')).toBeNull();
  });

  it('when the dialog shows rows with errors, then axe finds no violation and the keyboard reaches every action', async () => {
    const { dialog } = await openImport('variants', '/fr/threshold/variants');
    await check(
      [
        'tdId,variantName,variantNameFr,technology,variants',
        'V-NEW,New optics,,GPON,',
        'V-OK,Other optics,Autre optique,EPON,Model Q',
      ].join('\n'),
    );
    // jsdom lays nothing out: the contrast is checked in the browser (tests/e2e/phone-a11y.test.ts).
    const results = await axe.run(dialog, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    const errors = within(screen.getByTestId('import-error-row')).getAllByRole('cell')[2]!.textContent;
    expect(errors).toBe(
      `Modèles : ${frCommon.validation.required} · Nom (français) : ${frCommon.validation.frenchRequired}`,
    );
    screen.getByTestId('import-check').focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByTestId('import-write'));
  });
});
