import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STAGING_LISTS } from '@insight/common/staging-lists';
import common from '../../../locales/en/common.json';
import frCommon from '../../../locales/fr/common.json';
import staging from '../../../locales/en/staging.json';
import type { Reply } from '../../../testing/fake-api';
import { fakeWrites } from '../../../testing/fake-firebase';
import { renderApp } from '../../../testing/render-app';
import JuniperStagePage from './juniper-stage-page';

const lists = {
  [STAGING_LISTS.warehouses]: { W1: { name: 'Ottawa', province: 'ON', childCount: -1, updatedAt: null } },
  [STAGING_LISTS.racks]: {
    R1: { name: 'Rack 1', warehouseId: 'W1', childCount: 1, updatedAt: null },
    R9: { name: 'Rack 9', warehouseId: 'W-GONE', childCount: 0, updatedAt: null },
  },
  [STAGING_LISTS.hosts]: {
    H1: { name: 'Host 1', rackId: 'R1', rackOrder: 1, childCount: 0, updatedAt: null },
  },
  [STAGING_LISTS.connected]: {},
  [STAGING_LISTS.firmwares]: {},
  [STAGING_LISTS.events]: {},
};
const inUse = (list: string, count: number): Reply => ({
  status: 409,
  body: {
    error: {
      code: 'conflict',
      message: 'In use',
      details: { reason: 'inUse', dependents: [{ list, count }] },
    },
  },
});
/** The grid row holding a cell with exactly this text. */
const rowOf = async (text: string) => (await screen.findByText(text)).closest<HTMLElement>('[role="row"]')!;

describe('JuniperStagePage', () => {
  it('when a kept count is negative, then its row is still shown and the count is flagged, in French too', async () => {
    for (const [path, text] of [
      ['/juniper-stage', common.adminKit.countOutOfRange],
      ['/fr/juniper-stage', frCommon.adminKit.countOutOfRange],
    ] as const) {
      const view = await renderApp(<JuniperStagePage />, { path, firestore: lists });
      const flag = within(await rowOf('Ottawa')).getByTestId('count-out-of-range');
      expect(flag.textContent).toBe('-1');
      expect(flag.getAttribute('aria-label')).toBe(`-1: ${text}`);
      view.unmount();
    }
  });

  it('when a rack names a warehouse that does not exist, then the page lists it with the missing entry', async () => {
    await renderApp(<JuniperStagePage />, { firestore: lists });
    const alert = await screen.findByTestId('staging-orphans');
    expect(alert.textContent).toContain(staging.generic.orphans_one.replace('{{count}}', '1'));
    expect(
      within(alert)
        .getAllByTestId('staging-orphan')
        .map((item) => item.textContent),
    ).toEqual([
      `${common.adminKit.lists.racks} R9: ${common.adminKit.missingParent
        .replace('{{field}}', staging.generic.fields.warehouse)
        .replace('{{id}}', 'W-GONE')}`,
    ]);
  });

  it('when every row has its parent, then no orphan is listed', async () => {
    const { [STAGING_LISTS.racks]: racks, ...rest } = lists;
    await renderApp(<JuniperStagePage />, {
      firestore: { ...rest, [STAGING_LISTS.racks]: { R1: racks.R1 } },
    });
    await rowOf('Host 1');
    expect(screen.queryByTestId('staging-orphans')).toBeNull();
  });

  it('when the server refuses a delete because the row still holds others, then the holds dialog shows its count', async () => {
    const { api } = await renderApp(<JuniperStagePage />, {
      firestore: lists,
      api: { 'DELETE /admin/hosts/H1': inUse('connected', 2) },
    });
    await userEvent.click(within(await rowOf('Host 1')).getByTestId('row-delete'));
    await userEvent.click(screen.getByTestId('confirm-delete-yes'));
    expect((await screen.findByTestId('holds-dialog')).textContent).toContain(
      staging.generic.holds.hosts_other.replace('{{item}}', 'Host 1 (H1)').replace('{{count}}', '2'),
    );
    expect(api.called('DELETE', '/admin/hosts/H1')).toHaveLength(1);
    expect(screen.queryByTestId('write-error')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('confirm-delete')).toBeNull());
    expect(fakeWrites).toEqual([]);
  });

  it('when engineering opens the page, then Recount is offered; an install user does not get it', async () => {
    const view = await renderApp(<JuniperStagePage />, { firestore: lists });
    expect(await screen.findByTestId('recount')).toBeTruthy();
    view.unmount();
    await renderApp(<JuniperStagePage />, { user: { roles: ['install'] }, firestore: lists });
    await rowOf('Ottawa');
    expect(screen.queryByTestId('recount')).toBeNull();
  });
});
