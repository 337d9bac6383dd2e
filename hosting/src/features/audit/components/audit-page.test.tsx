import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/admin.json';
import fr from '../../../locales/fr/admin.json';
import { Timestamp } from '../../../testing/fake-firebase';
import { renderApp } from '../../../testing/render-app';
import AuditPage from './audit-page';

const record = (mac: string, operation: string, outcome: string) => ({
  uid: 'u-1',
  email: 'marie@insight.test',
  mac,
  customerAccountNumber: '800000003',
  operation,
  parameters: {},
  outcome,
  errorCode: null,
  at: Timestamp.fromDate(new Date('2026-11-20T14:00:00Z')),
});
const log = {
  r1: record('A4C1E8000010', 'deviceReset', 'sent'),
  r2: record('3C7A8A000011', 'mwiReset', 'unknown'),
};

describe('AuditPage', () => {
  it('when the log is still loading, then the table shows its loading overlay, not that nothing matches', async () => {
    await renderApp(<AuditPage />, { firestore: { audit_log: 'loading' } });
    const grid = screen.getByTestId('audit-grid');
    expect(grid.querySelector('.MuiDataGrid-overlayWrapper')).not.toBeNull();
    expect(within(grid).queryByText(en.audit.empty)).toBeNull();
  });

  it('when no record matches, then the table says so in French', async () => {
    await renderApp(<AuditPage />, { path: '/fr/audit', firestore: { audit_log: {} } });
    expect(await screen.findByText(fr.audit.empty)).toBeTruthy();
  });

  it('when the database refuses the log, then its message is shown', async () => {
    await renderApp(<AuditPage />, {
      firestore: { audit_log: { error: 'Missing or insufficient permissions.' } },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      en.audit.loadFailed.replace('{{message}}', 'Missing or insufficient permissions.'),
    );
  });

  it('when records are in, then each shows its operation and outcome, and a MAC filter keeps only that device', async () => {
    await renderApp(<AuditPage />, { user: { roles: ['support3'] }, firestore: { audit_log: log } });
    expect(await screen.findByText(en.audit.operations.deviceReset)).toBeTruthy();
    expect(screen.getByText(en.audit.outcomes.unknown)).toBeTruthy();
    await userEvent.type(screen.getByTestId('audit-mac'), 'a4:c1:e8:00:00:10');
    await userEvent.click(screen.getByTestId('audit-apply'));
    expect(await screen.findByText('A4:C1:E8:00:00:10')).toBeTruthy();
    // The filtered query's answer replaces the rows a moment after the device's row is on screen.
    await waitFor(() => expect(screen.queryByText(en.audit.operations.mwiReset)).toBeNull());
  });

  it('when the MAC filter is not a MAC, then it is refused with the MAC message', async () => {
    await renderApp(<AuditPage />, { firestore: { audit_log: log } });
    await userEvent.type(screen.getByTestId('audit-mac'), 'not-a-mac');
    await userEvent.click(screen.getByTestId('audit-apply'));
    expect(screen.getByText(en.audit.invalidMac)).toBeTruthy();
  });
});

describe('AuditPage dates', () => {
  /** Two records at 2 PM local time, two days apart: the texts do not depend on the machine's zone. */
  const days = {
    r1: {
      ...record('A4C1E8000010', 'deviceReset', 'sent'),
      at: Timestamp.fromDate(new Date(2026, 10, 20, 14, 0)),
    },
    r2: {
      ...record('3C7A8A000011', 'mwiReset', 'sent'),
      at: Timestamp.fromDate(new Date(2026, 10, 22, 14, 0)),
    },
  };

  it('when the dates are filtered in English, then the fields ask for MM/DD/YY, keep the days from it, and the records show MM/DD/YY, hh:mm AM/PM', async () => {
    await renderApp(<AuditPage />, { firestore: { audit_log: days } });
    const grid = screen.getByTestId('audit-grid');
    await waitFor(() => expect(grid.textContent).toContain('11/20/26, 02:00 PM'));
    expect(grid.textContent).toContain('11/22/26, 02:00 PM');
    const from = screen.getByTestId('audit-from');
    expect(from.getAttribute('placeholder')).toBe('MM/DD/YY');
    await userEvent.type(from, '11/21/26');
    await userEvent.click(screen.getByTestId('audit-apply'));
    await waitFor(() => expect(grid.textContent).not.toContain('11/20/26'));
    expect(grid.textContent).toContain('11/22/26, 02:00 PM');
    expect(screen.queryByText(en.audit.invalidDate)).toBeNull();
  });

  it('when the dates are filtered in French, then the fields ask for year-month-day, refuse 11/26/2026, and the records show 2026-… dates', async () => {
    await renderApp(<AuditPage />, { path: '/fr/audit', firestore: { audit_log: log } });
    const from = screen.getByTestId('audit-from');
    expect(from.getAttribute('type')).toBe('text');
    expect(from.getAttribute('placeholder')).toBe('AAAA-MM-JJ');
    await userEvent.type(from, '11/26/2026');
    await userEvent.click(screen.getByTestId('audit-apply'));
    expect(await screen.findByText(fr.audit.invalidDate)).toBeTruthy();
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-01');
    await userEvent.click(screen.getByTestId('audit-apply'));
    await waitFor(() => expect(screen.queryByText(fr.audit.invalidDate)).toBeNull());
    const grid = screen.getByTestId('audit-grid');
    await waitFor(() => expect(grid.textContent).toMatch(/20\d\d-\d\d-\d\d \d{1,2} h \d\d/));
    expect(grid.textContent).not.toMatch(/\d\d\/\d\d\/\d\d|AM|PM/);
  });
});
