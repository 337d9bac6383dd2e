import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import en from '../../../locales/en/insight360.json';
import fr from '../../../locales/fr/insight360.json';
import enErrors from '../../../locales/en/errors.json';
import common from '../../../locales/en/common.json';
import { fail, ok } from '../../../testing/fake-api';
import { renderApp, type RenderAppOptions } from '../../../testing/render-app';
import Insight360Page, { REVEAL_WAIT_MS } from './insight360-page';
import { certificate, customer, everySection, failedLine, line, viewApi, wan } from './view.fixtures';

// Each test has a device of its own: the view's stream is shared for a few seconds per MAC.
let devices = 0;
const nextMac = () => `A4C1E8${String(++devices).padStart(6, '0')}`;
const colons = (mac: string) => mac.match(/../g)!.join(':');

function openView(mac: string, options: RenderAppOptions & { query?: string } = {}) {
  const prefix = options.path?.startsWith('/fr') ? '/fr' : '';
  return renderApp(
    <Route path={/^(?:\/fr)?\/i\/mac\/(?<mac>[^/]*)$/}>
      <Insight360Page />
    </Route>,
    { ...options, path: `${prefix}/i/mac/${mac}${options.query ?? ''}` },
  );
}
const card = (id: string) => screen.getByTestId(id);

describe('Insight360Page', () => {
  it('when no section has answered yet, then the header, the summary and the findings wait, nothing is drawn under them, and the node tools wait without a notice', async () => {
    const mac = nextMac();
    await openView(mac, { api: viewApi(mac, { lines: [], open: true }) });
    const compass = await screen.findByTestId('tool-link-compass');
    expect(compass.getAttribute('href')).toBe(`https://compass.test/devices/${mac}`);
    expect(screen.getByTestId('tool-link-networkConsole').hasAttribute('href')).toBe(false);
    expect(screen.queryByTestId('tool-links-missing')).toBeNull();
    expect(card('findings').getAttribute('data-state')).toBe('loading');
    // Nothing under the findings until the answers are in: nothing on screen moves when they come.
    expect(screen.queryByTestId('section-wan')).toBeNull();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('when one section is slow, then the rest of the view is drawn once the wait after the first answer is over, and the slow card shows its skeleton', async () => {
    const mac = nextMac();
    const lines = everySection(mac).filter((_, index) => index !== 3);
    await openView(mac, { api: viewApi(mac, { lines, open: true }) });
    // The slow section never answers: the cards can only be drawn by the wait. Its painted stages and the
    // details' code take longer than the wait itself on a busy machine.
    await waitFor(() => expect(card('section-voice').getAttribute('data-state')).toBe('loading'), {
      timeout: REVEAL_WAIT_MS + 30_000,
    });
    expect(card('section-wan').getAttribute('data-state')).toBe('ready');
    expect(card('section-bc').getAttribute('data-state')).toBe('ready');
    expect(card('findings').getAttribute('data-state')).toBe('partial');
    expect(screen.getByRole('tablist')).toBeTruthy();
  });

  it('when every section answers (engineering), then the header, the empty states and the links carry the device and the customer, and the reset is offered', async () => {
    const mac = nextMac();
    await openView(mac, { api: viewApi(mac, { lines: everySection(mac) }) });
    await waitFor(() => expect(card('section-bc').getAttribute('data-state')).toBe('ready'));
    expect(screen.getByTestId('view-mac').textContent).toBe(colons(mac));
    expect(screen.getByTestId('network-type').textContent).toBe('GPON');
    expect(within(card('section-voice')).getByText(en.voice.noVoice)).toBeTruthy();
    expect(screen.getByTestId('bc-none').textContent).toContain(en.bc.none);
    // The node has a space: it goes into the link URL-encoded, in a new tab without opener.
    const console = screen.getByTestId('tool-link-networkConsole');
    expect(console.getAttribute('href')).toBe('https://nmc.test/nodes/OTT%20101');
    expect(console.getAttribute('rel')).toBe('noopener noreferrer');
    expect(console.getAttribute('target')).toBe('_blank');
    expect(screen.getByTestId('crm-link').getAttribute('href')).toBe('https://crm.test/object?id=800000003');
    expect(screen.getByTestId('reset-device')).toBeTruthy();
  });

  it('when no customer has the MAC (French), then the view says so and the node tools carry the notice', async () => {
    const mac = nextMac();
    await openView(mac, {
      path: '/fr',
      api: viewApi(mac, {
        lines: [failedLine('customer', 404, 'mac_not_found'), ...everySection(mac).slice(1)],
      }),
    });
    expect((await screen.findByTestId('mac-not-found')).textContent).toContain(
      `Désolé, aucun client n'a été trouvé pour l'adresse MAC ${colons(mac)}.`,
    );
    expect(screen.getByTestId('tool-links-missing').textContent).toBe(fr.tools.missing);
    expect(screen.getByTestId('tool-link-thorLocation').hasAttribute('href')).toBe(false);
    expect(screen.queryByTestId('summary-strip')).toBeNull();
  });

  it('when one section times out, then only that card shows its error, and Retry loads it', async () => {
    const mac = nextMac();
    const [customerLine, , ...others] = everySection(mac);
    const { api } = await openView(mac, {
      api: viewApi(
        mac,
        { lines: [customerLine, failedLine('wan', 504, 'upstream_timeout'), ...others] },
        {
          [`GET /360/${mac}/wan`]: ok({
            data: wan(mac),
            fetchedAt: '2026-11-20T14:05:00.000Z',
            cached: false,
          }),
        },
      ),
    });
    await waitFor(() => expect(card('section-wan').getAttribute('data-state')).toBe('error'));
    expect(screen.getByTestId('section-wan-error').getAttribute('data-code')).toBe('upstream_timeout');
    expect(card('section-voice').getAttribute('data-state')).toBe('ready');
    await userEvent.click(
      within(card('section-wan')).getByRole('button', { name: common.sectionCard.retry }),
    );
    await waitFor(() => expect(card('section-wan').getAttribute('data-state')).toBe('ready'));
    expect(api.called('GET', `/360/${mac}/wan`)[0]!.query.get('refresh')).toBe('1');
  });

  it('when a card is refreshed and the read fails, then the card says so with its retry, instead of keeping the old answer without a word', async () => {
    const mac = nextMac();
    let refreshes = 0;
    const { api } = await openView(mac, {
      api: viewApi(
        mac,
        { lines: everySection(mac) },
        {
          [`GET /360/${mac}/wan`]: () =>
            ++refreshes === 1
              ? fail(504, 'upstream_timeout')
              : ok({ data: wan(mac), fetchedAt: '2026-11-20T14:05:00.000Z', cached: false }),
        },
      ),
    });
    await waitFor(() => expect(card('section-wan').getAttribute('data-state')).toBe('ready'));
    await userEvent.click(
      within(card('section-wan')).getByRole('button', { name: new RegExp(common.sectionCard.refresh) }),
    );
    await waitFor(() => expect(card('section-wan').getAttribute('data-state')).toBe('error'));
    expect(screen.getByTestId('section-wan-error').getAttribute('data-code')).toBe('upstream_timeout');
    expect(screen.getByTestId('section-wan-error').textContent).toContain(
      common.sectionCard.refreshFailed
        .replace('{{name}}', en.sections.wan)
        .replace('{{message}}', enErrors.codes.upstream_timeout),
    );
    // What the card had stays under the error.
    expect(within(card('section-wan')).getByTestId('section-wan-fetched')).toBeTruthy();
    expect(api.called('GET', `/360/${mac}/wan`)[0]!.query.get('refresh')).toBe('1');
    // Its retry reads again, bypassing the cache too.
    await userEvent.click(
      within(card('section-wan')).getByRole('button', { name: common.sectionCard.retry }),
    );
    await waitFor(() => expect(card('section-wan').getAttribute('data-state')).toBe('ready'));
    expect(api.called('GET', `/360/${mac}/wan`)[1]!.query.get('refresh')).toBe('1');
  });

  it('when the API refuses the view to the user (403), then every card says their roles do not allow it', async () => {
    const mac = nextMac();
    await openView(mac, {
      api: viewApi(mac, 'pending' as never, { [`GET /360/${mac}`]: fail(403, 'forbidden') }),
    });
    await waitFor(() => expect(card('section-wan').getAttribute('data-state')).toBe('error'));
    expect(screen.getByTestId('section-wan-error').textContent).toContain(enErrors.codes.forbidden);
    expect(screen.getByTestId('section-bc-error').getAttribute('data-code')).toBe('forbidden');
  });

  it('when a support1 user opens a device, then neither the device reset nor the certificate generation is offered', async () => {
    const mac = nextMac();
    await openView(mac, { user: { roles: ['support1'] }, api: viewApi(mac, { lines: everySection(mac) }) });
    await waitFor(() => expect(card('section-bc').getAttribute('data-state')).toBe('ready'));
    expect(screen.queryByTestId('reset-device')).toBeNull();
    expect(screen.queryByTestId('bc-generate')).toBeNull();
  });

  it('when an installer generates the first certificate, then it is asked for and shown without reloading the list', async () => {
    const mac = nextMac();
    const { api } = await openView(mac, {
      user: { roles: ['install'] },
      api: viewApi(
        mac,
        { lines: everySection(mac) },
        {
          [`POST /360/${mac}/birth-certificates/regenerate`]: ok({
            status: 'sent',
            method: 'PUT',
            certificate: certificate(mac, 'bc-new'),
          }),
        },
      ),
    });
    await userEvent.click(await screen.findByTestId('bc-generate'));
    // The dialog's code loads when it first opens.
    await userEvent.click(await screen.findByTestId('bc-regenerate-dialog-confirm'));
    await screen.findByTestId('bc-regenerate-dialog-sent');
    await userEvent.click(screen.getByRole('button', { name: en.ops.close }));
    await waitFor(() => expect(screen.getByTestId('bc-item').getAttribute('data-id')).toBe('bc-new'));
    expect(api.called('GET', `/360/${mac}/birth-certificates`)).toHaveLength(0);
  });

  it('when ?tab=account is in the link, then the account opens, and another tab replaces it in the link', async () => {
    const mac = nextMac();
    const { history } = await openView(mac, {
      query: '?tab=account',
      api: viewApi(mac, { lines: everySection(mac) }),
    });
    const panel = await screen.findByTestId('panel-account');
    await waitFor(() => expect(within(panel).getByText('800000003', { selector: 'dd' })).toBeTruthy());
    await userEvent.click(screen.getByTestId('tab-voice'));
    expect(history.at(-1)).toBe(`/i/mac/${mac}?tab=voice`);
    await userEvent.click(screen.getByTestId('tab-overview'));
    expect(history.at(-1)).toBe(`/i/mac/${mac}`);
  });

  it('when the links cannot be read, then the tools say so and the rest of the view works', async () => {
    const mac = nextMac();
    await openView(mac, {
      api: { ...viewApi(mac, { lines: everySection(mac) }), 'GET /links': fail(500, 'internal') },
    });
    expect((await screen.findByTestId('tool-links-error')).textContent).toContain(
      en.tools.loadFailed.replace('{{message}}', ''),
    );
    await waitFor(() => expect(card('section-wan').getAttribute('data-state')).toBe('ready'));
  });

  it('when the MAC in the link is not a MAC, then the page says a valid one is required', async () => {
    await openView('12345');
    expect(screen.getByTestId('invalid-mac').textContent).toBe(enErrors.invalidMac);
  });

  it('when the customer is known, then its card shows the customer with the CMTS and head end of the WAN', async () => {
    const mac = nextMac();
    await openView(mac, {
      api: viewApi(mac, { lines: [line('customer', customer(mac)), line('wan', wan(mac))], open: true }),
    });
    await waitFor(() => expect(card('section-customer').getAttribute('data-state')).toBe('ready'));
    expect(screen.getByTestId('customer-name').textContent).toContain('Marie Tremblay');
    expect(screen.getByTestId('customer-head-end').textContent).toBe('ON-OTT-01');
    // An engineer may read the network lists: the CMTS and the head end open their rows there.
    expect(screen.getByTestId('customer-head-end-link').getAttribute('href')).toBe(
      '/net-manage/head-end?id=ON-OTT-01',
    );
    expect(screen.getByTestId('customer-cmts-link').getAttribute('href')).toMatch(/^\/net-manage\?cmtsId=/);
  });

  it('when a support agent, who may not read the network lists, sees the customer, then the CMTS and head end are plain text', async () => {
    const mac = nextMac();
    await openView(mac, {
      user: { roles: ['support2'] },
      api: viewApi(mac, { lines: [line('customer', customer(mac)), line('wan', wan(mac))], open: true }),
    });
    await waitFor(() => expect(card('section-customer').getAttribute('data-state')).toBe('ready'));
    expect(screen.getByTestId('customer-head-end').textContent).toBe('ON-OTT-01');
    expect(screen.queryByTestId('customer-head-end-link')).toBeNull();
    expect(screen.queryByTestId('customer-cmts-link')).toBeNull();
    expect(screen.getByTestId('customer-cmts').textContent).not.toBe('-');
  });
});
