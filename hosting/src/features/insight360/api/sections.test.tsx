import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { SECTIONS } from '@insight/common/customer360';
import { TELLING_SPREAD_MS } from '@insight/common/stream-path';
import { ok, type Routes, type StreamReply } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';
import Insight360Page from '../components/insight360-page';
import { everySection, viewApi } from '../components/view.fixtures';

/**
 * What a whole-view answer tells the page about its path (docs/features.md, "Streams through a buffering path").
 * The verdict is the module's, kept from view to view as in the app: these tests run in order.
 */

let devices = 0;
const nextMac = () => `B8D4F1${String(++devices).padStart(6, '0')}`;
const CARDS = ['section-customer', 'section-wan', 'section-lan', 'section-voice', 'section-bc'];

/** Every section's line, stamped as written `stepMs` after the one before (the server's atMs). */
const stamped = (mac: string, stepMs: number) =>
  everySection(mac).map((line, index) => ({ ...line, atMs: 5 + index * stepMs }));
/** Every section on its own route, answering what its line holds. */
const sectionRoutes = (mac: string): Routes =>
  Object.fromEntries(
    everySection(mac).map((line) => [`GET /360/${mac}/${line.section}`, ok(line.body)] as const),
  );

async function openView(mac: string, stream: StreamReply) {
  const rendered = await renderApp(
    <Route path={/^\/i\/mac\/(?<mac>[^/]*)$/}>
      <Insight360Page />
    </Route>,
    { path: `/i/mac/${mac}`, api: viewApi(mac, stream, sectionRoutes(mac)) },
  );
  await waitFor(() =>
    expect(CARDS.map((id) => screen.getByTestId(id).getAttribute('data-state'))).toEqual(
      CARDS.map(() => 'ready'),
    ),
  );
  // The answer has ended (its verdict taken) before the next view: the fake API's stream closes with its
  // last line, and its end is read and judged in promise callbacks, all run before the next task.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const wholeView = rendered.api.called('GET', `/360/${mac}`).length;
  const perSection = SECTIONS.filter(
    (section) => rendered.api.called('GET', `/360/${mac}/${section}`).length > 0,
  );
  rendered.unmount();
  return { wholeView, perSection };
}

describe('360 sections: whole-view stream or a route per section', () => {
  it('when the lines arrive as far apart as they were written (a path that streams), then the next view is streamed too', async () => {
    for (const mac of [nextMac(), nextMac()])
      expect(await openView(mac, { lines: stamped(mac, 60), gapMs: 60 })).toEqual({
        wholeView: 1,
        perSection: [],
      });
  });

  it('when the lines were written too close together to tell, then the next view is streamed too', async () => {
    // Written within TELLING_SPREAD_MS and received together: nothing learnt.
    for (const mac of [nextMac(), nextMac()])
      expect(await openView(mac, { lines: stamped(mac, (TELLING_SPREAD_MS - 20) / 4) })).toEqual({
        wholeView: 1,
        perSection: [],
      });
  });

  it('when one answer arrives bunched and the next as written (a busy moment, not the path), then the views stay streamed', async () => {
    const [bunched, streamed, after] = [nextMac(), nextMac(), nextMac()];
    expect(await openView(bunched, { lines: stamped(bunched, 60) })).toEqual({
      wholeView: 1,
      perSection: [],
    });
    expect(await openView(streamed, { lines: stamped(streamed, 60), gapMs: 60 })).toEqual({
      wholeView: 1,
      perSection: [],
    });
    expect(await openView(after, { lines: stamped(after, 60) })).toEqual({ wholeView: 1, perSection: [] });
  });

  it('when lines written far apart arrive bunched twice in a row (a path that buffers answers), then the next views ask for each section on its own route and show every section', async () => {
    // Written 240 ms apart from first to last, received in one piece when the answer ended. The previous
    // test left one bunched answer counted; this one is the second in a row.
    const mac = nextMac();
    expect(await openView(mac, { lines: stamped(mac, 60) })).toEqual({ wholeView: 1, perSection: [] });
    for (const next of [nextMac(), nextMac()])
      expect(await openView(next, { lines: stamped(next, 60) })).toEqual({
        wholeView: 0,
        perSection: [...SECTIONS],
      });
  });
});
