/**
 * The birth certificates panel's dialogs (regenerate, send by SMS): their code loads the first time one
 * opens, then they behave as before (the method by the certificate's age, the phone check, a fresh
 * operation at each opening).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en/insight360.json';
import { ok } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';
import { BirthCertificatePanel } from './birth-certificate-panel';
import type { Grading } from '@insight/common/threshold-grading';
import { certificate } from './view.fixtures';

// The dialogs' module, watched: its factory runs when the module is first imported.
const dialogsLoaded = vi.hoisted(() => vi.fn());
vi.mock('./birth-certificate-dialogs', async (importOriginal) => {
  dialogsLoaded();
  return importOriginal();
});

const MAC = 'A4C1E8000888';
const HOUR = 3_600_000;

describe('BirthCertificatePanel', () => {
  it('when the panel is drawn, then the dialogs are not loaded; the SMS dialog loads on its first opening, checks the number and sends it, opens afresh the next time, and the regeneration states the method of the certificate’s age', async () => {
    const bc = { ...certificate(MAC, 'bc-1'), ts: new Date(Date.now() - 30 * HOUR).toISOString() };
    const { api } = await renderApp(
      <BirthCertificatePanel
        mac={MAC}
        section={{ networkType: 'GPON', certificates: [bc], grades: {} }}
        customerPhone="613-555-0100"
        customerPhones={['6135550100']}
        canRegenerate
        canSendSms
      />,
      {
        api: {
          [`POST /360/${MAC}/birth-certificates/sms`]: ok({ status: 'sent', requestId: 'rec-9' }),
          [`POST /360/${MAC}/birth-certificates/regenerate`]: ok({
            status: 'sent',
            method: 'PUT',
            certificate: certificate(MAC, 'bc-2'),
          }),
        },
      },
    );
    expect(dialogsLoaded).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByTestId('bc-send-sms'));
    const sms = await screen.findByTestId('bc-sms-dialog');
    expect(dialogsLoaded).toHaveBeenCalledOnce();
    expect(within(sms).getByRole('heading').textContent).toBe(en.bc.smsTitle);
    const phone = screen.getByTestId<HTMLInputElement>('sms-phone');
    expect(phone.value).toBe('6135550100');
    expect(within(sms).getByText(/ to 6135550100\?$/)).toBeTruthy();
    expect(screen.queryByTestId('sms-foreign-phone')).toBeNull();
    await userEvent.clear(phone);
    await userEvent.type(phone, '555');
    expect(within(sms).getByText(en.bc.smsPhoneInvalid)).toBeTruthy();
    expect(screen.getByTestId('bc-sms-dialog-confirm').hasAttribute('disabled')).toBe(true);
    await userEvent.clear(phone);
    await userEvent.type(phone, '613 555 0142');
    expect(screen.getByTestId('sms-foreign-phone').textContent).toBe(en.bc.smsNotCustomers);
    await userEvent.click(screen.getByTestId('bc-sms-dialog-confirm'));
    expect((await screen.findByTestId('bc-sms-dialog-sent')).textContent).toMatch(
      /^Birth certificate texted to 613-555-0142 — sent \d\d\/\d\d\/\d\d, \d\d:\d\d [AP]M by .+\. The customer receives a link to the certificate by SMS within a minute\. Request rec-9\.$/,
    );
    expect(api.called('POST', `/360/${MAC}/birth-certificates/sms`).map((call) => call.body)).toEqual([
      { phone: '613 555 0142', certificateId: 'bc-1', language: 'en' },
    ]);
    await userEvent.click(within(sms).getByRole('button', { name: en.ops.close }));
    await waitFor(() => expect(screen.queryByTestId('bc-sms-dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByTestId('bc-send-sms'));

    // Opened again: a new operation to confirm, with the number typed before.
    await userEvent.click(screen.getByTestId('bc-send-sms'));
    const again = await screen.findByTestId('bc-sms-dialog');
    expect(screen.queryByTestId('bc-sms-dialog-sent')).toBeNull();
    expect(screen.getByTestId<HTMLInputElement>('sms-phone').value).toBe('613 555 0142');
    await userEvent.click(within(again).getByRole('button', { name: en.ops.cancel }));
    await waitFor(() => expect(screen.queryByTestId('bc-sms-dialog')).toBeNull());

    await userEvent.click(screen.getByTestId('bc-regenerate'));
    const regenerate = await screen.findByTestId('bc-regenerate-dialog');
    expect(within(regenerate).getByText(/the request will be a PUT\.$/).textContent).toBe(
      `Regenerate the birth certificate of A4:C1:E8:00:08:88? The last one is about 30 hours old; the request will be a PUT.`,
    );
    await userEvent.click(screen.getByTestId('bc-regenerate-dialog-confirm'));
    expect((await screen.findByTestId('bc-regenerate-dialog-sent')).textContent).toBe(
      en.bc.regenerated.replace('{{method}}', 'PUT'),
    );
    expect(api.called('POST', `/360/${MAC}/birth-certificates/regenerate`)).toHaveLength(1);
    expect(dialogsLoaded).toHaveBeenCalledOnce();
  });

  it('when a certificate that passed at installation no longer passes today, then the two verdicts are labelled apart, and texting it warns first', async () => {
    const bc = certificate(MAC, 'bc-7');
    const rxPower: Grading = {
      grade: 'fail',
      value: -31.2,
      unit: 'dBm',
      source: {
        kind: 'default',
        definition: 'DEF-rxPower',
        rule: 'GPON-rxPower-FAIL',
        variant: null,
        range: null,
      },
    };
    const pass = (value: number): Grading => ({ ...rxPower, grade: 'pass', value });
    await renderApp(
      <BirthCertificatePanel
        mac={MAC}
        section={{
          networkType: 'GPON',
          certificates: [bc],
          grades: { 'bc-7': { rxPower, txPower: pass(2.1), oltRxPower: pass(-20.1), epico: {} } },
        }}
        customerPhone="613-555-0100"
        customerPhones={['6135550100']}
        canRegenerate={false}
        canSendSms
      />,
    );
    expect(bc.results.overall).toBe('pass');
    expect(screen.getByTestId('bc-installed').textContent).toBe('Installed: pass');
    expect(screen.getByTestId('bc-today').textContent).toBe('Graded today: fail (−31.2 dBm)');
    expect(screen.getByTestId('bc-graded-today').textContent).toContain('Graded today: fail (−31.2 dBm)');
    await userEvent.click(screen.getByTestId('bc-send-sms'));
    const warning = await screen.findByTestId('sms-no-longer-passes');
    expect(warning.textContent).toContain('no longer pass today’s rules');
    expect(warning.textContent).toContain('−31.2 dBm');
  });

  it('when the certificate still passes today, then texting it gives no such warning', async () => {
    const bc = certificate(MAC, 'bc-8');
    await renderApp(
      <BirthCertificatePanel
        mac={MAC}
        section={{ networkType: 'GPON', certificates: [bc], grades: {} }}
        customerPhone="613-555-0100"
        customerPhones={['6135550100']}
        canRegenerate={false}
        canSendSms
      />,
    );
    await userEvent.click(screen.getByTestId('bc-send-sms'));
    await screen.findByTestId('bc-sms-dialog');
    expect(screen.queryByTestId('sms-no-longer-passes')).toBeNull();
  });
});
