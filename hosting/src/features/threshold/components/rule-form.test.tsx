import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seedThresholdSet } from '@insight/common/threshold-seed';
import { renderApp } from '../../../testing/render-app';
import { thresholdLists } from '../api/threshold-lists-fixture';
import { RulesTable } from './rules-table';

const seed = seedThresholdSet();
const lists = thresholdLists(seed);
const rule = (id: string) => lists.rules.rows.find((row) => row.id === id)!;

/** The rules table showing only the rule edited (or none, to add one), its dialog opened. */
async function open(
  editing: { mode: 'add' } | { mode: 'edit'; row: ReturnType<typeof rule> },
  testValue: string,
  language = 'en',
) {
  const rows = editing.mode === 'edit' ? [editing.row] : [];
  await renderApp(<RulesTable lists={lists} rows={rows} canWrite testValue={testValue} />, {
    path: language === 'fr' ? '/fr/threshold' : '/threshold',
  });
  await userEvent.click(
    editing.mode === 'edit' ? await screen.findByTestId('row-edit') : screen.getByTestId('rules-table-add'),
  );
  await screen.findByTestId('rule-dialog');
}
const saved = () => screen.getByTestId('draft-saved');
const draft = () => screen.getByTestId('draft-result');

async function choose(field: string, option: RegExp | string) {
  await userEvent.click(screen.getByTestId(`field-${field}`));
  await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

describe('the rule dialog shows what a draft does before it is saved', () => {
  it('when the pass rule is edited, then the test box’s value is graded by the saved rules and by the draft, side by side', async () => {
    await open({ mode: 'edit', row: rule('GPON-rxPower-PASS') }, '-20');
    expect((screen.getByTestId('draft-value') as HTMLInputElement).value).toBe('-20');
    expect(saved().dataset).toMatchObject({ grade: 'pass', rule: 'GPON-rxPower-PASS' });
    expect(draft().dataset).toMatchObject({ grade: 'pass', rule: 'GPON-rxPower-PASS' });
    expect(screen.getByTestId('draft-change').textContent).toBe('Same result as the saved rules.');

    await choose('result', 'warn');
    await waitFor(() => expect(draft().dataset).toMatchObject({ grade: 'warn', rule: 'GPON-rxPower-PASS' }));
    expect(saved().dataset.grade).toBe('pass');
    expect(screen.getByTestId('draft-change').textContent).toBe('This change turns pass into warn.');

    // Narrowed past the value with no rule to take it: the definition's fallback would grade it.
    await userEvent.clear(screen.getByTestId('field-rangeMin'));
    await userEvent.type(screen.getByTestId('field-rangeMin'), '-19');
    await waitFor(() => expect(draft().dataset).toMatchObject({ grade: 'n/a', rule: '' }));
    expect(draft().textContent).toContain('no rule covers this value');

    // A value typed in the dialog instead of the test box's.
    await userEvent.clear(screen.getByTestId('draft-value'));
    await userEvent.type(screen.getByTestId('draft-value'), '-15');
    await waitFor(() => expect(draft().dataset.grade).toBe('warn'));
    expect(saved().dataset.grade).toBe('pass');
  });

  it('when a new variant rule is typed (French), then the variant’s devices take it while the saved rules still grade them by default', async () => {
    await open({ mode: 'add' }, '-20', 'fr');
    expect(screen.getByTestId('draft-preview').textContent).toContain(
      'Choisissez une définition et complétez la plage',
    );
    await userEvent.type(screen.getByTestId('field-tdId'), 'XGS-RX-WARN');
    await choose('definitionName', /DEF-rxPower/);
    await choose('variantName', /Optique XGS PON/);
    await userEvent.type(screen.getByTestId('field-rangeMin'), '-22');
    await userEvent.type(screen.getByTestId('field-rangeMax'), '-18');
    await choose('result', 'avertissement');
    await waitFor(() => expect(draft().dataset).toMatchObject({ grade: 'warn', rule: 'XGS-RX-WARN' }));
    expect(draft().textContent).toContain('variante Optique XGS PON');
    expect(draft().textContent).toContain('Puissance reçue ONU');
    expect(saved().dataset).toMatchObject({ grade: 'pass', rule: 'GPON-rxPower-PASS' });
    expect(screen.getByTestId('draft-change').textContent).toBe(
      'Cette modification change réussi en avertissement.',
    );
  });

  it('when an alpha rule of Wi-Fi health is edited, then words are graded as words', async () => {
    await open({ mode: 'edit', row: rule('EPON-wifiHealth-GOOD') }, 'Good');
    expect(saved().dataset).toMatchObject({ grade: 'pass', rule: 'EPON-wifiHealth-GOOD' });
    await choose('result', 'fail');
    await waitFor(() => expect(draft().dataset.grade).toBe('fail'));
  });
});
