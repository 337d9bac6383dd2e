/**
 * The voice panel's port operations: the menu, the forms and the confirm dialog load the first time the
 * port's actions are reached for, then behave as before (keyboard, focus, the request, the refresh).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { VoiceSection } from '@insight/common/customer360';
import { voicePort } from '@insight/common/testing/device-fixtures';
import en from '../../../locales/en/insight360.json';
import { ok } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';
import { VoicePanel } from './voice-panel';

// The operations' module, watched: its factory runs when the module is first imported.
const operationsLoaded = vi.hoisted(() => vi.fn());
vi.mock('./voice-port-operations', async (importOriginal) => {
  operationsLoaded();
  return importOriginal();
});

const MAC = 'A4C1E8000777';
const voice = (): VoiceSection => ({
  networkType: 'GPON',
  subscriber: {
    serialNumber: 'ATA-1',
    ata: { model: 'HT812', firmware: '1.0.43', mac: 'A4C1E8ABCDEF', status: 'online' },
    ports: [1, 2].map((port) => ({ ...voicePort(port), phoneNumber: `613555014${port}` })),
  },
});

function renderPanel() {
  const onChanged = vi.fn();
  const rendered = renderApp(<VoicePanel mac={MAC} voice={voice()} canOperate onChanged={onChanged} />, {
    api: {
      [`POST /360/${MAC}/voice/ports/1`]: ok({ status: 'sent', requestId: 'rec-1' }),
      [`POST /360/${MAC}/voice/ports/2`]: ok({ status: 'sent', requestId: 'rec-2' }),
    },
  });
  return { onChanged, rendered };
}

// The first test of the file: the operations' module is loaded once per file.
describe('VoicePanel', () => {
  it('when the panel is drawn, then the operations are not loaded; reaching the actions loads them, a click opens the menu, and call forwarding is sent from the dialog and refreshes the voice section once closed', async () => {
    const { onChanged, rendered } = renderPanel();
    const { api } = await rendered;
    const actions = screen.getByTestId('voice-actions-1');
    expect(actions.getAttribute('aria-label')).toBe(en.voice.actions.replace('{{port}}', '1'));
    expect(operationsLoaded).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).toBeNull();

    // Reaching for the button loads the code ahead of the click; nothing opens yet.
    await userEvent.hover(actions);
    await waitFor(() => expect(operationsLoaded).toHaveBeenCalledOnce());
    expect(screen.queryByRole('menu')).toBeNull();

    await userEvent.click(actions);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.dataset.testid),
    ).toEqual([
      'voice-op-callForwarding',
      'voice-op-voicemailPasswordReset',
      'voice-op-mwiReset',
      'voice-op-voicemailLanguage',
    ]);
    await userEvent.click(screen.getByTestId('voice-op-callForwarding'));
    const dialog = await screen.findByTestId('voice-dialog');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(within(dialog).getByRole('heading').textContent).toBe('Call forwarding');
    expect(within(dialog).getByText('Turn off call forwarding for 613-555-0141?')).toBeTruthy();

    await userEvent.click(within(dialog).getByLabelText(en.voice.forwardEnabled));
    const number = screen.getByTestId('forward-number');
    expect(document.activeElement).toBe(number);
    await userEvent.type(number, '613 555');
    expect(within(dialog).getByText(en.voice.forwardNumberInvalid)).toBeTruthy();
    expect(screen.getByTestId('voice-dialog-confirm').hasAttribute('disabled')).toBe(true);
    await userEvent.type(number, ' 0199');
    expect(within(dialog).getByText('Forward calls from 613-555-0141 to 613-555-0199?')).toBeTruthy();
    await userEvent.click(screen.getByTestId('voice-dialog-confirm'));
    expect((await screen.findByTestId('voice-dialog-sent')).textContent).toMatch(
      /^Call forwarding of .+ turned on — sent \d\d\/\d\d\/\d\d, \d\d:\d\d [AP]M by .+\. It applies from the next incoming call\. Request rec-1\.$/,
    );
    const [call] = api.called('POST', `/360/${MAC}/voice/ports/1`);
    expect(call!.body).toEqual({ operation: 'callForwarding', enabled: true, number: '6135550199' });
    expect(call!.headers.get('idempotency-key')).toBeTruthy();

    expect(onChanged).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: en.ops.close }));
    expect(onChanged).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByTestId('voice-dialog')).toBeNull());
    expect(document.activeElement).toBe(actions);
    expect(operationsLoaded).toHaveBeenCalledOnce();
  });

  it('when the keyboard opens a port’s menu and chooses the voicemail language, then the first item has the focus, the dialog asks for the other language, and Escape gives the focus back to the actions button', async () => {
    const { onChanged, rendered } = renderPanel();
    const { api } = await rendered;
    const actions = screen.getByTestId('voice-actions-2');
    actions.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('voice-op-callForwarding')));
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(screen.getByTestId('voice-op-voicemailLanguage'));
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByTestId('voice-dialog');
    expect(within(dialog).getByRole('radio', { name: en.voice.language.fr })).toHaveProperty('checked', true);
    expect(
      within(dialog).getByText(`Change the voicemail language of 613-555-0142 to ${en.voice.language.fr}?`),
    ).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('voice-dialog')).toBeNull());
    expect(document.activeElement).toBe(actions);
    expect(api.called('POST', `/360/${MAC}/voice/ports/2`)).toHaveLength(0);
    expect(onChanged).not.toHaveBeenCalled();
  });
});
