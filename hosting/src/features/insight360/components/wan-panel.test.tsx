/** The WAN panel's registration and provisioning when the upstream could not answer them. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import frErrors from '../../../locales/fr/errors.json';
import enErrors from '../../../locales/en/errors.json';
import { renderApp } from '../../../testing/render-app';
import { wan } from './view.fixtures';
import { WanPanel } from './wan-panel';

const failing = () => ({
  ...wan('A4C1E8000010'),
  registration: { error: { code: 'upstream_error' as const, message: 'Upstream unreachable' } },
  provisioning: { error: { code: 'upstream_timeout' as const, message: 'Upstream timed out' } },
});

describe('WanPanel', () => {
  it('when the registration and provisioning could not be read (French), then each says why in French, not in the upstream’s English', async () => {
    await renderApp(<WanPanel wan={failing()} />, { path: '/fr' });
    const registration = within(screen.getByTestId('wan-registration'));
    const provisioning = within(screen.getByTestId('wan-provisioning'));
    expect(registration.getByRole('alert').textContent).toBe(frErrors.codes.upstream_error);
    expect(provisioning.getByRole('alert').textContent).toBe(frErrors.codes.upstream_timeout);
    expect(screen.queryByText('Upstream unreachable')).toBeNull();
  });

  it('when they could not be read (English), then the same in English', async () => {
    await renderApp(<WanPanel wan={failing()} />);
    expect(within(screen.getByTestId('wan-registration')).getByRole('alert').textContent).toBe(
      enErrors.codes.upstream_error,
    );
  });
});
