import { describe, expect, it } from 'vitest';
import { createRowStore } from './row-store';
import { switchRow as sw } from './test-rows';

/** A store on a clock the test moves. */
function storeAt(start = 10_000) {
  const clock = { now: start };
  const store = createRowStore({ flagMs: 1000, now: () => clock.now });
  return { store, clock };
}

describe('createRowStore: change flags on the injected clock', () => {
  it('when a row changes, then it is flagged at the next view and the flag clears once its time has passed', () => {
    const { store, clock } = storeAt();
    store.replace([sw('SW-1', 'offline'), sw('SW-2', 'offline')]);
    store.settle();
    expect(store.flagged('SW-1')).toBe(false);
    store.upsert([sw('SW-1', 'online')]);
    expect(store.flagged('SW-1')).toBe(false);
    store.settle();
    expect(store.flagged('SW-1')).toBe(true);
    expect(store.flagged('SW-2')).toBe(false);
    expect(store.nextFlagEnd()).toBe(11_000);
    clock.now = 10_999;
    store.settle();
    expect(store.flagged('SW-1')).toBe(true);
    clock.now = 11_000;
    store.settle();
    expect(store.flagged('SW-1')).toBe(false);
    expect(store.nextFlagEnd()).toBeUndefined();
  });

  it('when a row changes again while flagged, then its flag lasts from the later change and its version moves', () => {
    const { store, clock } = storeAt();
    store.replace([sw('SW-1', 'offline'), sw('SW-2', 'offline')]);
    store.upsert([sw('SW-1', 'online')]);
    store.settle();
    clock.now += 600;
    store.upsert([sw('SW-2', 'online')]);
    store.upsert([sw('SW-1', 'offline')]);
    store.settle();
    // The oldest flag first: SW-2's, then SW-1's renewed one.
    expect(store.nextFlagEnd()).toBe(11_600);
    clock.now += 1000;
    const before = store.version('SW-1');
    store.settle();
    expect([store.flagged('SW-1'), store.flagged('SW-2')]).toEqual([false, false]);
    // The flag's end is a change of what the row shows: a new version.
    expect(store.version('SW-1')).toBeGreaterThan(before);
  });

  it('when a snapshot arrives, then its rows replace the others without a flag; clear leaves nothing', () => {
    const { store } = storeAt();
    store.replace([sw('SW-1', 'offline'), sw('SW-2', 'offline')]);
    store.replace([sw('SW-3', 'online')]);
    store.settle();
    expect([...store.rows()].map((row) => 'name' in row && row.name)).toEqual(['SW-3']);
    expect(store.flagged('SW-3')).toBe(false);
    expect(store.version('SW-3')).toBeGreaterThan(0);
    store.upsert([sw('SW-3', 'offline')]);
    store.settle();
    store.clear();
    expect(store.size).toBe(0);
    expect(store.flagged('SW-3')).toBe(false);
    expect(store.version('SW-3')).toBe(0);
  });
});
