/**
 * The 360 view as an agent on a call uses it: what an operation did, an unknown customer, who the
 * customer is, and the keyboard's way through the view.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import en from '../../../locales/en/insight360.json';
import { fail, ok, type ApiCall } from '../../../testing/fake-api';
import { renderApp, type RenderAppOptions } from '../../../testing/render-app';
import Insight360Page from './insight360-page';
import { certificate, customer, everySection, failedLine, line, viewApi, wan } from './view.fixtures';

let devices = 0;
const nextMac = () => `3C7A8A${String(++devices).padStart(6, '0')}`;

function openView(mac: string, options: RenderAppOptions = {}) {
  return renderApp(
    <Route path={/^(?:\/fr)?\/i\/mac\/(?<mac>[^/]*)$/}>
      <Insight360Page />
    </Route>,
    { ...options, path: `/i/mac/${mac}` },
  );
}

/** The reset's answer, sent at the time of the call. */
const sent = (seconds: number) => ({
  status: 202,
  body: {
    status: 'sent',
    requestId: 'rec-1',
    sentAt: new Date().toISOString(),
    sentBy: 'agent2@insight.test',
    expectedBackSeconds: seconds,
  },
});

describe('the 360 view during a call', () => {
  it('when a reset is confirmed, then the dialog says what was sent, when, by whom and what happens next, the view keeps saying it once closed, and reads the device again when it is expected back', async () => {
    const mac = nextMac();
    const { api } = await openView(mac, {
      user: { roles: ['support2'] },
      api: viewApi(
        mac,
        { lines: everySection(mac) },
        {
          [`POST /360/${mac}/reset`]: () => sent(0.5),
          ...Object.fromEntries(
            everySection(mac).map(({ section, body }) => [`GET /360/${mac}/${section}`, ok(body)]),
          ),
        },
      ),
    });
    await userEvent.click(await screen.findByTestId('reset-device'));
    await userEvent.click(await screen.findByTestId('reset-dialog-confirm'));
    const done = await screen.findByTestId('reset-dialog-sent');
    expect(screen.getByRole('dialog').textContent).toContain(en.ops.resetSentTitle);
    expect(screen.getByRole('dialog').textContent).not.toContain(en.ops.confirmTitle);
    expect(done.textContent).toMatch(
      /^Reset sent \d\d\/\d\d\/\d\d, \d\d:\d\d [AP]M by agent2@insight\.test\./,
    );
    expect(done.textContent).toContain('The ONU restarts; service returns in about 1 minute,');
    await userEvent.click(screen.getByRole('button', { name: en.ops.close }));

    const notice = await screen.findByTestId('operation-done-deviceReset');
    expect(notice.textContent).toContain('Device reset');
    expect(notice.textContent).toContain('by agent2@insight.test');
    expect(notice.textContent).toContain('This view reads the device again at');
    // Half a second later (the device is back), its sections are read again without a touch.
    await waitFor(() => expect(api.called('GET', `/360/${mac}/wan`).length).toBeGreaterThan(0));
  });

  it('when a second reset follows one sent a few minutes ago, then the dialog says when and by whom it went out and asks again before sending', async () => {
    const mac = nextMac();
    const bodies: unknown[] = [];
    const reset = (call: ApiCall) => {
      bodies.push(call.body);
      return (call.body as { repeat?: boolean }).repeat
        ? sent(120)
        : {
            status: 409,
            body: {
              error: {
                code: 'conflict',
                message: 'recent',
                details: { kind: 'recentReset', at: '2026-11-26T19:02:00.000Z', by: 'agent1@insight.test' },
              },
            },
          };
    };
    await openView(mac, {
      user: { roles: ['support2'] },
      api: viewApi(mac, { lines: everySection(mac) }, { [`POST /360/${mac}/reset`]: reset }),
    });
    await userEvent.click(await screen.findByTestId('reset-device'));
    await userEvent.click(await screen.findByTestId('reset-dialog-confirm'));
    const warning = await screen.findByTestId('reset-dialog-notice');
    expect(warning.textContent).toMatch(
      /A reset was already sent to this device 11\/2\d\/26, \d\d:02 [AP]M by agent1@insight\.test/,
    );
    expect(screen.queryByTestId('reset-dialog-sent')).toBeNull();
    const again = screen.getByTestId('reset-dialog-confirm');
    expect(again.textContent).toBe(en.ops.resetAgain);
    await userEvent.click(again);
    await screen.findByTestId('reset-dialog-sent');
    expect(bodies).toEqual([{}, { repeat: true }]);
  });

  it('when no customer is known for the MAC, then one finding says so, with no raw code, no operation is offered, and the device tabs show no section error', async () => {
    const mac = nextMac();
    await openView(mac, {
      user: { roles: ['engineering'] },
      api: viewApi(mac, {
        lines: [
          failedLine('customer', 404, 'mac_not_found'),
          failedLine('wan', 502, 'upstream_error'),
          failedLine('lan', 502, 'upstream_error'),
          failedLine('voice', 502, 'upstream_error'),
          failedLine('birth-certificates', 502, 'upstream_error'),
        ],
      }),
    });
    await screen.findByTestId('mac-not-found');
    const findings = screen.getByTestId('findings');
    await waitFor(() => expect(within(findings).getAllByRole('listitem')).toHaveLength(1));
    expect(within(findings).getByRole('heading', { level: 3 }).textContent).toBe(
      'No customer is known for this MAC',
    );
    expect(findings.textContent).not.toMatch(/upstream_error|mac_not_found/);
    expect(screen.queryByTestId('reset-device')).toBeNull();
    expect(screen.queryByTestId('bc-generate')).toBeNull();
    // The device tabs show no section error: each card says there is nothing to show, once the reason.
    const errors = () => document.querySelectorAll('[data-testid$="-error"]');
    const overview = await screen.findByTestId('panel-overview');
    await waitFor(() => expect(within(overview).getByTestId('section-wan-note')).toBeTruthy());
    expect(within(overview).getByTestId('section-wan-note').textContent).toBe(en.noCustomerSection);
    expect(errors()).toHaveLength(0);
    for (const tab of ['wan', 'voice', 'modem', 'account', 'bc'] as const) {
      await userEvent.click(screen.getByTestId(`tab-${tab}`));
      const panel = await screen.findByTestId(`panel-${tab}`);
      await waitFor(() => expect(within(panel).getAllByText(en.noCustomerSection).length).toBeGreaterThan(0));
      expect(errors()).toHaveLength(0);
    }
  });

  it('when a section fails, then its finding names the failure in words, not by its code', async () => {
    const mac = nextMac();
    await openView(mac, {
      api: viewApi(mac, {
        lines: [line('customer', customer(mac)), failedLine('wan', 502, 'upstream_error')],
        open: true,
      }),
    });
    const findings = screen.getByTestId('findings');
    await waitFor(() => expect(findings.textContent).toContain('The fibre link could not be checked'));
    expect(findings.textContent).not.toContain('upstream_error');
  });

  it('when the customer section answers, then the header names the customer and the account beside the MAC, and the heading has the focus', async () => {
    const mac = nextMac();
    await openView(mac, {
      api: viewApi(mac, { lines: [line('customer', customer(mac)), line('wan', wan(mac))], open: true }),
    });
    const who = await screen.findByTestId('view-customer');
    expect(who.textContent).toBe('Marie TremblayAccount 800000003');
    expect(document.activeElement).toBe(screen.getByTestId('view-mac'));
  });

  it('when the keyboard starts on the view, then "skip to the findings" and "skip to the sections" come first, and the tablist says how to move between tabs', async () => {
    const mac = nextMac();
    await openView(mac, { api: viewApi(mac, { lines: everySection(mac) }) });
    await screen.findByRole('tablist');
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe(en.skip.findings);
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe(en.skip.sections);
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByTestId('tab-overview'));
    expect(screen.getByRole('tablist').getAttribute('aria-label')).toMatch(/arrow keys/);
  });

  it('when a reset cannot be sent, then the view records nothing', async () => {
    const mac = nextMac();
    await openView(mac, {
      user: { roles: ['support2'] },
      api: viewApi(
        mac,
        { lines: everySection(mac) },
        { [`POST /360/${mac}/reset`]: fail(502, 'upstream_error') },
      ),
    });
    await userEvent.click(await screen.findByTestId('reset-device'));
    await userEvent.click(await screen.findByTestId('reset-dialog-confirm'));
    await screen.findByTestId('reset-dialog-failed');
    expect(screen.queryByTestId('operations-done')).toBeNull();
  });

  it('when the certificate is older than the last registration, then the finding says how much older as people say it', async () => {
    const mac = nextMac();
    const bc = certificate(mac, 'bc-1');
    const registeredAt = new Date(Date.parse(bc.ts) + 6728 * 3_600_000).toISOString();
    const device = { ...wan(mac), registration: { registeredAt } as never };
    await openView(mac, {
      api: viewApi(mac, {
        lines: [
          line('customer', customer(mac)),
          line('wan', device),
          line('birth-certificates', { networkType: 'GPON', certificates: [bc], grades: {} }),
        ],
        open: true,
      }),
    });
    await waitFor(() => expect(screen.getByTestId('findings').textContent).toContain('about 280 days'));
    expect(screen.getByTestId('findings').textContent).not.toMatch(/6728|\bh after/);
  });

  it('when the account has two names, then the customer card labels them as the primary and the secondary contact', async () => {
    const mac = nextMac();
    const two = customer(mac, { name: { line1: 'Marie Tremblay', line2: 'Luc Tremblay' } });
    const lines = [line('customer', two), ...everySection(mac).slice(1)];
    await openView(mac, { api: viewApi(mac, { lines }) });
    const name = await screen.findByTestId('customer-name');
    expect(name.previousElementSibling?.textContent).toBe('Primary contact');
    expect(screen.getByTestId('customer-name-2').previousElementSibling?.textContent).toBe(
      'Secondary contact',
    );
  });
});
