import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/common.json';
import enErrors from '../../locales/en/errors.json';
import fr from '../../locales/fr/common.json';
import { fail, ok } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { RecountButton } from './recount-button';

const result = {
  checked: 1234,
  repaired: [{ list: 'headEnd', id: 'ON-OTT-01', was: -2, now: 3 }],
  orphans: [{ list: 'cmts', id: 'CMTS-9', field: 'marketArea', parent: 'MA-GONE' }],
};

describe('RecountButton', () => {
  it('when engineering recounts, then the dialog says how many rows were checked, the repairs and the orphan rows', async () => {
    const { api } = await renderApp(<RecountButton />, { api: { 'POST /admin/recount': ok(result) } });
    await userEvent.click(screen.getByTestId('recount'));
    const dialog = await screen.findByTestId('recount-dialog');
    expect(within(dialog).getByText(en.adminKit.recount.title)).toBeTruthy();
    expect((await within(dialog).findByTestId('recount-checked')).textContent).toBe('1234 rows checked.');
    const repairs = within(dialog).getByTestId('recount-repairs');
    expect(within(repairs).getAllByRole('row')[1]!.textContent).toBe(
      `${en.adminKit.lists.headEnd}ON-OTT-01-2 → 3`,
    );
    const orphans = within(dialog).getByTestId('recount-orphans');
    expect(within(orphans).getAllByRole('row')[1]!.textContent).toBe(
      `${en.adminKit.lists.cmts}CMTS-9${en.adminKit.fields.marketArea}MA-GONE`,
    );
    expect(api.called('POST', '/admin/recount')).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: en.adminKit.close }));
    await waitFor(() => expect(screen.queryByTestId('recount-dialog')).toBeNull());
  });

  it('while the recount runs, then the dialog says so and cannot be closed', async () => {
    await renderApp(<RecountButton />, { api: { 'POST /admin/recount': 'pending' } });
    await userEvent.click(screen.getByTestId('recount'));
    expect((await screen.findByTestId('recount-running')).textContent).toBe(en.adminKit.recount.running);
    expect(screen.getByRole('button', { name: en.adminKit.close }).hasAttribute('disabled')).toBe(true);
  });

  it('when nothing needed a repair (French), then the dialog says so for the repairs and the orphans', async () => {
    await renderApp(<RecountButton />, {
      path: '/fr',
      api: { 'POST /admin/recount': ok({ checked: 1, repaired: [], orphans: [] }) },
    });
    await userEvent.click(screen.getByTestId('recount'));
    expect((await screen.findByTestId('recount-checked')).textContent).toBe('1 ligne vérifiée.');
    expect(screen.getByTestId('recount-no-repairs').textContent).toBe(fr.adminKit.recount.noRepairs);
    expect(screen.getByTestId('recount-no-orphans').textContent).toBe(fr.adminKit.recount.noOrphans);
  });

  it('when the recount fails, then the error is shown and Try again runs it again', async () => {
    let calls = 0;
    const { api } = await renderApp(<RecountButton />, {
      api: {
        'POST /admin/recount': () =>
          ++calls === 1 ? fail(403, 'forbidden') : ok({ ...result, repaired: [] }),
      },
    });
    await userEvent.click(screen.getByTestId('recount'));
    expect((await screen.findByTestId('recount-error')).textContent).toBe(
      en.adminKit.recount.failed.replace('{{message}}', enErrors.codes.forbidden),
    );
    await userEvent.click(screen.getByTestId('recount-retry'));
    expect(await screen.findByTestId('recount-checked')).toBeTruthy();
    expect(screen.queryByTestId('recount-error')).toBeNull();
    expect(api.called('POST', '/admin/recount')).toHaveLength(2);
  });

  it('when the answer has an unexpected shape, then it is an error, not an empty result', async () => {
    await renderApp(<RecountButton />, { api: { 'POST /admin/recount': ok({ checked: 'many' }) } });
    await userEvent.click(screen.getByTestId('recount'));
    expect((await screen.findByTestId('recount-error')).textContent).toBe(
      en.adminKit.recount.failed.replace('{{message}}', enErrors.codes.internal),
    );
  });
});
