import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { THRESHOLD_COLLECTIONS } from '@insight/common/threshold';
import { seedThresholdSet } from '@insight/common/threshold-seed';
import common from '../../../locales/en/common.json';
import frCommon from '../../../locales/fr/common.json';
import type { FakePath } from '../../../testing/fake-firebase';
import { renderApp } from '../../../testing/render-app';
import ThresholdPage from './threshold-page';

const byId = (rows: ReadonlyArray<{ tdId: string }>) =>
  Object.fromEntries(rows.map((row) => [row.tdId, row]));
const seed = seedThresholdSet();
const lists = (rules: FakePath = byId(seed.rules)) => ({
  [THRESHOLD_COLLECTIONS.rules]: rules,
  [THRESHOLD_COLLECTIONS.definitions]: byId(seed.definitions),
  [THRESHOLD_COLLECTIONS.variants]: byId(seed.variants),
});

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
    expect(await screen.findByText('XGS PON optics')).toBeTruthy();
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
});
