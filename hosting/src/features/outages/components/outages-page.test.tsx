import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@insight/common/format';
import { NETWORK_COLLECTIONS } from '@insight/common/network';
import { OUTAGES_COLLECTION, type Outage } from '@insight/common/outages';
import { anOutage } from '@insight/common/testing/outage-fixtures';
import common from '../../../locales/en/common.json';
import en from '../../../locales/en/outages.json';
import fr from '../../../locales/fr/outages.json';
import { fail, ok } from '../../../testing/fake-api';
import { Timestamp, updateFakeFirestore } from '../../../testing/fake-firebase';
import { renderApp } from '../../../testing/render-app';
import OutagesPage from './outages-page';

const at = Timestamp.fromDate(new Date('2026-11-20T14:00:00Z'));
const area = (name: string) => ({ name, cmtsCount: 0, createdOn: at, updatedAt: at });
const lists = {
  [NETWORK_COLLECTIONS.headEnd]: { 'ON-TOR-01': area('Toronto Centre') },
  [NETWORK_COLLECTIONS.marketArea]: { 'MA-TOR': area('Toronto') },
};
const open = anOutage();
const failed = anOutage({
  id: '0badc0de-1795788000',
  fingerprint: '0badc0de',
  kind: 'power-outage',
  olt: null,
  port: null,
  note: { ticket: null, backAbout: null, text: '' },
  notify: { state: 'failed', attempts: 8, lastError: 'HTTP 500', updatedAt: '2026-11-27T14:30:00.000Z' },
});
// Resolved yesterday (the fixture's dates are late November 2026: the board keeps the last 7 days).
const ended = new Date(Date.now() - 86_400_000).toISOString();
const resolved = anOutage({
  id: 'abc123-1795700000',
  fingerprint: 'abc123',
  state: 'resolved',
  port: '1/1/7',
  startsAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
  endsAt: ended,
});
const outages = (...rows: Outage[]) => Object.fromEntries(rows.map((row) => [row.id, row]));

const card = (outage: Outage) => screen.findByTestId(`outage-${outage.id}`);

/** The board as operation sees it, with the open outage's note dialog opened (its save answered OK). */
async function openNote() {
  const { api } = await renderApp(<OutagesPage />, {
    user: { roles: ['operation'] },
    firestore: { ...lists, [OUTAGES_COLLECTION]: outages(open) },
    api: { [`PUT /outages/${open.id}/note`]: ok({ id: open.id }) },
  });
  await userEvent.click(within(await card(open)).getByTestId('outage-edit-note'));
  return { api, dialog: await screen.findByTestId('outage-note-dialog') };
}

describe('OutagesPage', () => {
  it('when the outages are still loading, then each list says so, not that it is empty', async () => {
    await renderApp(<OutagesPage />, { firestore: { ...lists, [OUTAGES_COLLECTION]: 'loading' } });
    expect(screen.getByTestId('outages-open-loading').getAttribute('aria-label')).toBe(en.loading);
    expect(screen.getByTestId('outages-resolved-loading')).toBeTruthy();
    expect(screen.queryByTestId('outages-open-empty')).toBeNull();
  });

  it('when no outage is known, then both lists say they are empty', async () => {
    await renderApp(<OutagesPage />, { firestore: { ...lists, [OUTAGES_COLLECTION]: {} } });
    expect((await screen.findByTestId('outages-open-empty')).textContent).toBe(en.openEmpty);
    expect(screen.getByTestId('outages-resolved-empty').textContent).toBe(
      en.resolvedEmpty.replace('{{days}}', '7'),
    );
  });

  it('when the database refuses the outages, then its message is shown (French)', async () => {
    await renderApp(<OutagesPage />, {
      path: '/fr/outages',
      firestore: { ...lists, [OUTAGES_COLLECTION]: { error: 'Missing or insufficient permissions.' } },
    });
    expect((await screen.findByTestId('outages-open-error')).textContent).toBe(
      fr.loadFailed.replace('{{message}}', 'Missing or insufficient permissions.'),
    );
  });

  it('when outages are open, then each says where, since when, whom it affects, its note and the CRM state; the resolved sit below', async () => {
    await renderApp(<OutagesPage />, {
      user: { roles: ['operation'] },
      firestore: { ...lists, [OUTAGES_COLLECTION]: outages(open, failed, resolved) },
    });
    const item = await card(open);
    expect(within(item).getByTestId('outage-port-link').getAttribute('href')).toBe('/i/port/OLT-TOR-1/1/1/5');
    expect(within(item).getByRole('heading', { level: 3 }).textContent).toBe('OLT-TOR-1 1/1/5');
    expect(within(item).getByTestId('outage-since').textContent).toBe(formatDateTime(open.startsAt, 'en'));
    expect(within(item).getByTestId('outage-onus').textContent).toBe('17 of 18');
    expect(within(item).getByTestId('outage-accounts').textContent).toBe('17');
    expect(within(item).getByTestId('outage-area').textContent).toBe('Toronto (MA-TOR)');
    expect(within(item).getByTestId('outage-head-end').textContent).toBe('Toronto Centre (ON-TOR-01)');
    expect(within(item).getByTestId('outage-ticket').textContent).toBe('OUT-123');
    expect(within(item).getByTestId('outage-back-about').textContent).toBe(
      formatDateTime(open.note.backAbout!, 'en'),
    );
    expect(within(item).getByTestId('outage-notify').textContent).toBe(en.notify.sent);
    // The area's outage: named by its head end; its CRM notification failed, and says so.
    const power = await card(failed);
    expect(within(power).getByRole('heading', { level: 3 }).textContent).toBe(
      'Area Toronto Centre (ON-TOR-01)',
    );
    expect(within(power).getByTestId('outage-notify').getAttribute('data-notify')).toBe('failed');
    expect(within(power).getByTestId('outage-notify-error').textContent).toContain('HTTP 500');
    expect(within(power).getByTestId('outage-back-about').textContent).toBe(en.card.noEstimate);
    // Open first, then the resolved below, each in its own list.
    const openList = screen.getByTestId('outages-open');
    expect(within(openList).getAllByRole('article')).toHaveLength(2);
    const resolvedList = screen.getByTestId('outages-resolved');
    const done = within(resolvedList).getByRole('article');
    expect(done.getAttribute('data-state')).toBe('resolved');
    expect(within(done).getByTestId('outage-ends').textContent).toBe(formatDateTime(ended, 'en'));
    expect(within(done).queryByTestId('outage-edit-note')).toBeNull();
    expect(openList.compareDocumentPosition(resolvedList) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('when an outage opens, resolves or a head end is renamed, then the board shows it at once', async () => {
    await renderApp(<OutagesPage />, { firestore: { ...lists, [OUTAGES_COLLECTION]: {} } });
    await screen.findByTestId('outages-open-empty');
    act(() => updateFakeFirestore(OUTAGES_COLLECTION, outages(open)));
    const item = await card(open);
    expect(within(item).getByTestId('outage-head-end').textContent).toBe('Toronto Centre (ON-TOR-01)');
    act(() => updateFakeFirestore(NETWORK_COLLECTIONS.headEnd, { 'ON-TOR-01': area('Toronto Downtown') }));
    await waitFor(() =>
      expect(within(item).getByTestId('outage-head-end').textContent).toBe('Toronto Downtown (ON-TOR-01)'),
    );
    act(() =>
      updateFakeFirestore(
        OUTAGES_COLLECTION,
        outages({ ...open, state: 'resolved', endsAt: new Date().toISOString() }),
      ),
    );
    await screen.findByTestId('outages-open-empty');
    expect(within(screen.getByTestId('outages-resolved')).getByTestId(`outage-${open.id}`)).toBeTruthy();
  });

  it('when operation edits the note, then it is sent to the API as the shared schema has it', async () => {
    const { api, dialog } = await openNote();
    const ticket = within(dialog).getByTestId('field-ticket');
    await userEvent.clear(ticket);
    await userEvent.type(ticket, ' OUT-456 ');
    const back = within(dialog).getByTestId('field-backAbout');
    await userEvent.clear(back);
    await userEvent.type(back, '2026-11-27 17:30');
    await userEvent.type(within(dialog).getByTestId('field-text'), 'Crew on site');
    await userEvent.click(within(dialog).getByTestId('outage-note-dialog-save'));
    await waitFor(() => expect(api.called('PUT', `/outages/${open.id}/note`)).toHaveLength(1));
    expect(api.called('PUT', `/outages/${open.id}/note`)[0]!.body).toEqual({
      ticket: 'OUT-456',
      backAbout: new Date(2026, 10, 27, 17, 30).toISOString(),
      text: 'Crew on site',
    });
    await waitFor(() => expect(screen.queryByTestId('outage-note-dialog')).toBeNull());
  });

  it('when the outage resolves while its note is being written, then the form stays open with what was typed, and saves it', async () => {
    const { api, dialog } = await openNote();
    await userEvent.type(within(dialog).getByTestId('field-text'), 'Crew on site');
    act(() =>
      updateFakeFirestore(
        OUTAGES_COLLECTION,
        outages({ ...open, state: 'resolved', endsAt: new Date().toISOString() }),
      ),
    );
    await screen.findByTestId('outages-open-empty');
    await userEvent.click(
      within(screen.getByTestId('outage-note-dialog')).getByTestId('outage-note-dialog-save'),
    );
    await waitFor(() => expect(api.called('PUT', `/outages/${open.id}/note`)).toHaveLength(1));
    expect(api.called('PUT', `/outages/${open.id}/note`)[0]!.body).toMatchObject({ text: 'Crew on site' });
  });

  it('when the time back is not a date, then the form says so and sends nothing; a refused save keeps the form', async () => {
    const { api } = await renderApp(<OutagesPage />, {
      user: { roles: ['operation'] },
      firestore: { ...lists, [OUTAGES_COLLECTION]: outages(open) },
      api: { [`PUT /outages/${open.id}/note`]: fail(403, 'forbidden') },
    });
    await userEvent.click(within(await card(open)).getByTestId('outage-edit-note'));
    const dialog = await screen.findByTestId('outage-note-dialog');
    const back = within(dialog).getByTestId('field-backAbout');
    await userEvent.clear(back);
    await userEvent.type(back, 'soon');
    await userEvent.click(within(dialog).getByTestId('outage-note-dialog-save'));
    expect(await within(dialog).findByText(common.validation.date)).toBeTruthy();
    expect(api.called('PUT', `/outages/${open.id}/note`)).toHaveLength(0);
    await userEvent.clear(back);
    await userEvent.click(within(dialog).getByTestId('outage-note-dialog-save'));
    await waitFor(() => expect(api.called('PUT', `/outages/${open.id}/note`)).toHaveLength(1));
    expect(await screen.findByText(common.adminKit.writeError)).toBeTruthy();
    expect(screen.getByTestId('outage-note-dialog')).toBeTruthy();
  });

  it('when a support agent opens the board (French), then it reads but offers neither the note nor the port page', async () => {
    await renderApp(<OutagesPage />, {
      path: '/fr/outages',
      user: { roles: ['support1'] },
      firestore: { ...lists, [OUTAGES_COLLECTION]: outages(open) },
    });
    const item = await card(open);
    expect(screen.getByTestId('outages-title').textContent).toBe(fr.title);
    expect(within(item).queryByTestId('outage-edit-note')).toBeNull();
    expect(within(item).queryByTestId('outage-port-link')).toBeNull();
    expect(within(item).getByTestId('outage-onus').textContent).toBe('17 sur 18');
    expect(within(item).getByTestId('outage-since').textContent).toBe(formatDateTime(open.startsAt, 'fr'));
  });

  for (const theme of ['light', 'dark'] as const)
    it(`(${theme}) when the board shows outages, then axe finds no violation and the keyboard reaches the note`, async () => {
      const { container } = await renderApp(<OutagesPage />, {
        theme,
        user: { roles: ['operation'] },
        firestore: { ...lists, [OUTAGES_COLLECTION]: outages(open, failed, resolved) },
      });
      await card(resolved);
      // jsdom lays nothing out: the contrast is checked in the browser (tests/e2e/outages.test.ts).
      const results = await axe.run(container, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        rules: { 'color-contrast': { enabled: false } },
      });
      expect(results.violations.map((violation) => violation.id)).toEqual([]);
      const link = within(await card(open)).getByTestId('outage-port-link');
      link.focus();
      await userEvent.tab();
      expect(document.activeElement?.getAttribute('data-testid')).toBe('outage-edit-note');
      expect(document.activeElement?.getAttribute('aria-label')).toBe(
        en.note.editFor.replace('{{place}}', 'OLT-TOR-1 1/1/5'),
      );
    });
});
