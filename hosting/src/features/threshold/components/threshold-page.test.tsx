import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { THRESHOLD_COLLECTIONS } from '@insight/common/threshold';
import { seedThresholdSet } from '@insight/common/threshold-seed';
import admin from '../../../locales/en/admin.json';
import common from '../../../locales/en/common.json';
import frAdmin from '../../../locales/fr/admin.json';
import frCommon from '../../../locales/fr/common.json';
import { noContent, ok, type Reply } from '../../../testing/fake-api';
import { fakeWrites, type FakePath } from '../../../testing/fake-firebase';
import { catchDownloads } from '../../../testing/grid-csv-export';
import { renderApp } from '../../../testing/render-app';
import ThresholdPage from './threshold-page';

const byId = (rows: ReadonlyArray<{ tdId: string }>) =>
  Object.fromEntries(rows.map((row) => [row.tdId, row]));
const seed = seedThresholdSet();
const lists = (rules: FakePath = byId(seed.rules), definitions: FakePath = byId(seed.definitions)) => ({
  [THRESHOLD_COLLECTIONS.rules]: rules,
  [THRESHOLD_COLLECTIONS.definitions]: definitions,
  [THRESHOLD_COLLECTIONS.variants]: byId(seed.variants),
});
/** The seed's definitions, DEF-rxPower keeping `ruleCount`. */
const counted = (ruleCount: number) =>
  byId(seed.definitions.map((row) => (row.tdId === 'DEF-rxPower' ? { ...row, ruleCount } : row)));
const conflict = (details: Record<string, unknown>): Reply => ({
  status: 409,
  body: { error: { code: 'conflict', message: 'Conflict', details } },
});
/** The grid row holding a cell with exactly this text. */
const rowOf = async (text: string) => (await screen.findByText(text)).closest<HTMLElement>('[role="row"]')!;

describe('ThresholdPage', () => {
  it('when the rules are still loading, then their table shows its loading overlay, not an empty list', async () => {
    await renderApp(<ThresholdPage />, { firestore: lists('loading') });
    const table = screen.getByTestId('rules-table');
    expect(table.querySelector('.MuiDataGrid-overlayWrapper')).not.toBeNull();
    expect(within(table).queryByText(common.adminKit.empty)).toBeNull();
  });

  it('when there is no rule, then the rules table says it has no rows', async () => {
    await renderApp(<ThresholdPage />, { firestore: lists({}) });
    expect(await within(screen.getByTestId('rules-table')).findByText(common.adminKit.empty)).toBeTruthy();
  });

  it('when the database refuses the rules, then its message is shown', async () => {
    await renderApp(<ThresholdPage />, {
      firestore: lists({ error: 'Missing or insufficient permissions.' }),
    });
    expect((await screen.findByTestId('rules-table-error')).textContent).toBe(
      common.adminKit.loadFailed.replace('{{message}}', 'Missing or insufficient permissions.'),
    );
  });

  it('when a support3 user opens the variants in French, then the list is read only', async () => {
    await renderApp(<ThresholdPage child="variants" />, {
      path: '/fr/threshold/variants',
      user: { roles: ['support3'] },
      firestore: lists(),
    });
    expect((await screen.findByTestId('variants-table-read-only')).textContent).toBe(
      frCommon.adminKit.readOnly,
    );
    expect(screen.queryByTestId('variants-table-add')).toBeNull();
    // The variant's name in French; read-only users see no untranslated flag.
    expect(await screen.findByText('Optique XGS PON')).toBeTruthy();
    expect(screen.queryByText('XGS PON optics')).toBeNull();
    expect(screen.queryByTestId('untranslated')).toBeNull();
  });

  it('when engineering searches, then the counts say how many rules, definitions and variants match', async () => {
    await renderApp(<ThresholdPage />, { firestore: lists() });
    await screen.findByText('GPON-rxPower-FAIL-LOW');
    await userEvent.type(screen.getByTestId('threshold-search'), 'XGS');
    expect(screen.getByTestId('matches-rules').textContent).toBe('0');
    expect(screen.getByTestId('matches-definitions').textContent).toBe('0');
    expect(screen.getByTestId('matches-variants').textContent).toBe('1');
    expect(screen.getByTestId('rules-table-add')).toBeTruthy();
  });

  it('when the saved rules are consistent, then no conflict is listed', async () => {
    await renderApp(<ThresholdPage />, { firestore: lists() });
    await screen.findByText('GPON-rxPower-FAIL-LOW');
    expect(screen.queryByTestId('threshold-conflicts')).toBeNull();
  });

  it('when two saved rules overlap, then an alert above the rules says so in plain words, in English and in French', async () => {
    const pass = seed.rules.find((rule) => rule.tdId === 'GPON-rxPower-PASS')!;
    const rules = byId([
      ...seed.rules,
      { ...pass, tdId: 'GPON-rxPower-PASS2', rangeMin: -20, rangeMax: -10 },
    ]);
    for (const [path, texts, words] of [
      ['/threshold', admin, 'overlap (same definition, technology and variant): the worse result grades.'],
      [
        '/fr/threshold',
        frAdmin,
        'se chevauchent (même définition, technologie et variante) : le pire résultat l’emporte.',
      ],
    ] as const) {
      const view = await renderApp(<ThresholdPage />, { path, firestore: lists(rules) });
      const alert = await screen.findByTestId('threshold-conflicts');
      expect(alert.textContent).toContain(texts.threshold.conflicts.title_one.replace('{{count}}', '1'));
      expect(
        within(alert)
          .getAllByTestId('threshold-conflict')
          .map((item) => item.textContent),
      ).toEqual(
        [['GPON-rxPower-PASS', 'GPON-rxPower-PASS2']].map(
          ([a, b]) =>
            `${path === '/threshold' ? 'Rules' : 'Les règles'} ${a} ${path === '/threshold' ? 'and' : 'et'} ${b} ${words}`,
        ),
      );
      // Above the rules table.
      expect(
        alert.compareDocumentPosition(screen.getByTestId('rules-table')) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
      view.unmount();
    }
  });

  it('when the API refuses a rule whose range overlaps another, then the modal names that rule', async () => {
    const { api } = await renderApp(<ThresholdPage />, {
      firestore: lists(),
      api: {
        'PUT /admin/rules/GPON-rxPower-PASS': conflict({
          reason: 'rangeOverlap',
          field: 'rangeMin',
          with: 'GPON-rxPower-WARN-LOW',
        }),
      },
    });
    await userEvent.type(screen.getByTestId('threshold-search'), 'GPON-rxPower-PASS');
    await userEvent.click(within(await rowOf('GPON-rxPower-PASS')).getByTestId('row-edit'));
    await userEvent.click(await screen.findByTestId('rule-dialog-save'));
    expect((await screen.findByTestId('write-error-message')).textContent).toBe(
      'The range overlaps rule GPON-rxPower-WARN-LOW (same definition, technology and variant).',
    );
    const { fields } = api.called('PUT', '/admin/rules/GPON-rxPower-PASS')[0]!.body as {
      fields: Record<string, unknown>;
    };
    expect(fields).toMatchObject({ tdId: 'GPON-rxPower-PASS', definitionName: 'DEF-rxPower', rangeMin: -25 });
    for (const stamp of ['updatedBy', 'updateDate', 'insertDate']) expect(fields).not.toHaveProperty(stamp);
    expect(fakeWrites).toEqual([]);
  });

  it('when the definitions are listed, then each shows its kept rule count, and a negative one is flagged', async () => {
    await renderApp(<ThresholdPage child="definitions" />, {
      path: '/threshold/definitions',
      firestore: lists(byId(seed.rules), counted(-1)),
    });
    expect(screen.getByRole('columnheader', { name: admin.threshold.fields.ruleCount })).toBeTruthy();
    const flag = within(await rowOf('DEF-rxPower')).getByTestId('count-out-of-range');
    expect(flag.textContent).toBe('-1');
    expect(flag.getAttribute('aria-label')).toBe(`-1: ${common.adminKit.countOutOfRange}`);
    const txPower = seed.definitions.find((row) => row.tdId === 'DEF-txPower')!;
    expect(within(await rowOf('DEF-txPower')).getByTestId('count-value').textContent).toBe(
      String(txPower.ruleCount),
    );
  });

  it('when engineering opens the definitions in French, then the names are French and a row without French shows its English, flagged as untranslated', async () => {
    const untranslated = byId(
      seed.definitions.map((row) =>
        row.tdId === 'DEF-rssi' ? { ...row, nameFr: null, descriptionFr: null } : row,
      ),
    );
    await renderApp(<ThresholdPage child="definitions" />, {
      path: '/fr/threshold/definitions',
      firestore: lists(byId(seed.rules), untranslated),
    });
    const rx = await rowOf('DEF-rxPower');
    expect(within(rx).getByText('Puissance reçue ONU')).toBeTruthy();
    expect(within(rx).queryByText('ONU receive power')).toBeNull();
    expect(within(rx).queryByTestId('untranslated')).toBeNull();
    const rssi = await rowOf('DEF-rssi');
    expect(within(rssi).getByText('Wi Fi client RSSI')).toBeTruthy();
    expect(within(rssi).getByTestId('untranslated').getAttribute('aria-label')).toContain(
      `${frAdmin.threshold.fields.nameFr}, ${frAdmin.threshold.fields.descriptionFr}`,
    );
  });

  it('when the definitions are exported, then the CSV carries the names and descriptions in both languages', async () => {
    await renderApp(<ThresholdPage child="definitions" />, {
      path: '/threshold/definitions',
      firestore: lists(),
    });
    await rowOf('DEF-rxPower');
    const [file] = await catchDownloads(() => userEvent.click(screen.getByTestId('definitions-export')));
    expect(file!.name).toMatch(/^insight-threshold-definitions-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = file!.text;
    // The stored fields by name, as the import reads them.
    expect(csv.split(/\r?\n/)[0]).toBe(
      'tdId,name,nameFr,parameter,format,direction,category,fallback,description,descriptionFr',
    );
    expect(csv).toContain('DEF-rxPower,ONU receive power,Puissance reçue ONU,rxPower,dBm');
    expect(csv).toContain('Puissance optique reçue par l’ONU');
  });

  it('when a support3 user opens the definitions in French, then a row without French is not flagged', async () => {
    await renderApp(<ThresholdPage child="definitions" />, {
      path: '/fr/threshold/definitions',
      user: { roles: ['support3'] },
      firestore: lists(
        byId(seed.rules),
        byId(seed.definitions.map((row) => ({ ...row, nameFr: null, descriptionFr: null }))),
      ),
    });
    expect(within(await rowOf('DEF-rssi')).getByText('Wi Fi client RSSI')).toBeTruthy();
    expect(screen.queryByTestId('untranslated')).toBeNull();
  });

  it('when a definition’s kept count says rules use it, then the server is asked and the in-use dialog shows its count, not the kept one', async () => {
    const { api } = await renderApp(<ThresholdPage child="definitions" />, {
      path: '/threshold/definitions',
      firestore: lists(byId(seed.rules), counted(5)),
      api: {
        'GET /admin/definitions/DEF-rxPower/dependents': ok({ dependents: [{ list: 'rules', count: 4 }] }),
      },
    });
    await userEvent.click(within(await rowOf('DEF-rxPower')).getByTestId('row-delete'));
    expect((await screen.findByTestId('in-use-dialog')).textContent).toContain(
      admin.threshold.inUse_other.replace('{{count}}', '4'),
    );
    expect(api.called('DELETE', '/admin/definitions/DEF-rxPower')).toEqual([]);
    expect(screen.queryByTestId('confirm-delete')).toBeNull();
  });

  it('when the kept count says rules use a definition but the server counts none (a count from before the markers), then the delete is offered', async () => {
    const { api } = await renderApp(<ThresholdPage child="definitions" />, {
      path: '/threshold/definitions',
      firestore: lists(byId(seed.rules), counted(5)),
      api: {
        'GET /admin/definitions/DEF-rxPower/dependents': ok({ dependents: [] }),
        'DELETE /admin/definitions/DEF-rxPower': noContent,
      },
    });
    await userEvent.click(within(await rowOf('DEF-rxPower')).getByTestId('row-delete'));
    await userEvent.click(await screen.findByTestId('confirm-delete-yes'));
    await waitFor(() => expect(api.called('DELETE', '/admin/definitions/DEF-rxPower')).toHaveLength(1));
    expect(screen.queryByTestId('in-use-dialog')).toBeNull();
  });

  it('when the server refuses a definition’s delete because rules use it, then the in-use dialog shows its count (French)', async () => {
    const { api } = await renderApp(<ThresholdPage child="definitions" />, {
      path: '/fr/threshold/definitions',
      firestore: lists(byId(seed.rules), counted(0)),
      api: {
        'DELETE /admin/definitions/DEF-rxPower': conflict({
          reason: 'inUse',
          dependents: [{ list: 'rules', count: 4 }],
        }),
      },
    });
    await userEvent.click(within(await rowOf('DEF-rxPower')).getByTestId('row-delete'));
    await userEvent.click(screen.getByTestId('confirm-delete-yes'));
    expect((await screen.findByTestId('in-use-dialog')).textContent).toContain(
      frAdmin.threshold.inUse_other.replace('{{count}}', '4'),
    );
    expect(api.called('DELETE', '/admin/definitions/DEF-rxPower')).toHaveLength(1);
    expect(screen.queryByTestId('write-error')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('confirm-delete')).toBeNull());
  });

  it('when a variant that rules name gets another technology in its form, then the form names those rules, and the server’s refusal names them too', async () => {
    const naming = { ...seed.rules[0]!, tdId: 'GPON-XGS-rxPower', variantName: 'GPON-XGS', isDefault: false };
    const { api } = await renderApp(<ThresholdPage child="variants" />, {
      path: '/threshold/variants',
      firestore: lists({ ...byId(seed.rules), [naming.tdId]: naming }),
      api: {
        'PUT /admin/variants/GPON-XGS': conflict({
          reason: 'technologyInUse',
          value: 'GPON',
          dependents: [{ list: 'rules', count: 1 }],
          rows: ['GPON-XGS-rxPower'],
        }),
      },
    });
    await userEvent.click(within(await rowOf('GPON-XGS')).getByTestId('row-edit'));
    const dialog = await screen.findByTestId('variant-dialog');
    expect(within(dialog).queryByTestId('variant-technology-blocked')).toBeNull();
    await userEvent.click(within(dialog).getByTestId('field-technology'));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'EPON' }));
    expect((await within(dialog).findByTestId('variant-technology-blocked')).textContent).toBe(
      admin.threshold.technologyBlocked_one
        .replace('{{rules}}', 'GPON-XGS-rxPower')
        .replace('{{technology}}', 'GPON'),
    );
    await userEvent.click(within(dialog).getByTestId('variant-dialog-save'));
    expect((await screen.findByTestId('write-error-message')).textContent).toBe(
      common.adminKit.conflict.technologyInUse
        .replace('{{value}}', 'GPON')
        .replace('{{dependents}}', '1 threshold rule')
        .replace('{{rows}}', 'GPON-XGS-rxPower'),
    );
    expect(api.called('PUT', '/admin/variants/GPON-XGS')).toHaveLength(1);
  });
});

describe('Test a value in French', () => {
  it('when "-28,5" is typed (a decimal comma), then the rules grade it as -28.5; "abc" is said not to be a number', async () => {
    await renderApp(<ThresholdPage />, { path: '/fr/threshold/rules', firestore: lists() });
    const input = await screen.findByTestId('test-value');
    await userEvent.type(input, '-28,5');
    const result = screen.getByTestId('test-result');
    await waitFor(() => expect(screen.queryByTestId('test-reason')).not.toBeNull());
    expect(result.textContent).not.toContain(frAdmin.threshold.test.byFallback);
    expect(result.textContent).toContain('−28,5');
    await userEvent.clear(input);
    await userEvent.type(input, 'abc');
    expect(screen.getByTestId('test-not-a-number').textContent).toBe(
      frAdmin.threshold.test.notANumber.replace('{{value}}', 'abc'),
    );
  });
});
