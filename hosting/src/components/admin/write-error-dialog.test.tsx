import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConflictDetails } from '@insight/common/admin-lists';
import errors from '../../locales/en/errors.json';
import { HttpError } from '../../lib/http-client';
import { runWrite } from '../../lib/write-error-store';
import { renderWithTheme } from '../../testing/render';
import { WriteErrorDialog } from './write-error-dialog';

describe('WriteErrorDialog', () => {
  it("when a write fails with the database's message, then the modal shows it under the spec title", async () => {
    await renderWithTheme(<WriteErrorDialog />);
    let ok = true;
    await act(async () => {
      ok = await runWrite(() => Promise.reject(new Error('Missing or insufficient permissions.')));
    });
    expect(ok).toBe(false);
    expect(screen.getByText('An error occurred saving to the database')).toBeTruthy();
    expect(screen.getByText('Missing or insufficient permissions.')).toBeTruthy();
  });
  it('when a write cannot reach the server, then the modal says so in words, not the browser\'s "Failed to fetch"', async () => {
    await renderWithTheme(<WriteErrorDialog />);
    await act(async () => {
      await runWrite(() => Promise.reject(new HttpError(0, 'network', 'Failed to fetch')));
    });
    expect(screen.getByTestId('write-error-message').textContent).toBe(errors.codes.network);
    expect(screen.queryByText('Failed to fetch')).toBeNull();
  });
  it("when a write fails without a message, then 'firebase error' is shown", async () => {
    await renderWithTheme(<WriteErrorDialog />);
    await act(async () => {
      await runWrite(() => Promise.reject(new Error('')));
    });
    expect(screen.getByText('firebase error')).toBeTruthy();
  });

  const refuse = (details: ConflictDetails) =>
    act(async () => {
      await runWrite(() => Promise.reject(new HttpError(409, 'conflict', 'Conflict', undefined, details)));
    });
  const message = () => screen.getByTestId('write-error-message').textContent;

  it('when the API refuses a write for a conflict, then the modal says why in words', async () => {
    await renderWithTheme(<WriteErrorDialog />);
    const cases: Array<[ConflictDetails, string]> = [
      [
        { reason: 'ipInUse', field: 'ipLookup', with: 'CMTS X', value: '10.0.0.1' },
        'IP Lookup 10.0.0.1 is already used by CMTS CMTS X.',
      ],
      [
        { reason: 'referenceMissing', field: 'headEnd', value: 'ON-GONE' },
        'Head end ON-GONE does not exist or is being deleted: choose another entry.',
      ],
      [
        {
          reason: 'inUse',
          dependents: [
            { list: 'cmts', count: 2 },
            { list: 'rules', count: 1 },
          ],
        },
        'This entry is still used by 2 CMTS rows, 1 threshold rule: change or delete those first.',
      ],
      [
        { reason: 'parameterTaken', field: 'parameter', with: 'DEF-rx', value: 'rxPower' },
        'Definition DEF-rx already grades this parameter.',
      ],
      [
        { reason: 'modelTaken', field: 'variants', with: 'GPON-XGS', value: 'XS-010X' },
        'Model XS-010X is already listed in variant GPON-XGS of the same technology.',
      ],
      [
        { reason: 'duplicate', with: 'R2' },
        'Rule R2 already grades the same value (same definition, technology and variant).',
      ],
      [
        { reason: 'technologyMismatch', with: 'V1' },
        'The rule’s technology differs from the technology of variant V1.',
      ],
      // Without the pieces its text names, a reason's general text.
      [{ reason: 'ipInUse' }, 'This address is already used by another CMTS row.'],
    ];
    for (const [details, text] of cases) {
      await refuse(details);
      expect(message()).toBe(text);
    }
  });

  it('when a conflict is shown in French, then its text is French', async () => {
    await renderWithTheme(<WriteErrorDialog />, 'fr');
    await refuse({ reason: 'ipInUse', field: 'ipManage', with: 'CMTS X', value: '10.0.0.2' });
    expect(message()).toBe('IP de gestion 10.0.0.2 est déjà utilisée par le CMTS CMTS X.');
    await refuse({ reason: 'rangeOverlap', with: 'R1' });
    expect(message()).toBe('La plage chevauche la règle R1 (même définition, technologie et variante).');
  });
});
