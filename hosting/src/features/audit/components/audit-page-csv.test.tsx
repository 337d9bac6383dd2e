import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Timestamp } from '../../../testing/fake-firebase';
import { exportGridCsv, FORMULA_CELLS } from '../../../testing/grid-csv-export';
import { renderApp } from '../../../testing/render-app';
import AuditPage from './audit-page';

const record = (index: number, customerAccountNumber: string) => ({
  uid: 'u-1',
  email: `user${index}@insight.test`,
  mac: 'A4C1E8000010',
  customerAccountNumber,
  operation: 'deviceReset',
  parameters: {},
  outcome: 'sent',
  errorCode: null,
  at: Timestamp.fromDate(new Date(Date.UTC(2026, 10, 20, 14, index))),
});

describe('AuditPage CSV export', () => {
  it('when a cell begins with = + - @ tab or carriage return, then the export writes it as text', async () => {
    const log = Object.fromEntries(FORMULA_CELLS.map((cell, index) => [`r${index}`, record(index, cell)]));
    await renderApp(<AuditPage />, { user: { roles: ['support3'] }, firestore: { audit_log: log } });
    await screen.findByText('user0@insight.test');
    const csv = await exportGridCsv(screen.getByTestId('audit-grid'));
    for (const cell of FORMULA_CELLS) expect(csv).toContain(`"'${cell}"`);
    expect(csv).not.toMatch(/(^|,)[=+\-@]/m);
  });
});
