import { describe, expect, it } from 'vitest';
import { namedParents, parentKey, planReconcile, type Marker, type ParentState } from './dependency-plan';

const H1 = parentKey('headEnd', 'H1');
const H2 = parentKey('headEnd', 'H2');
const M1 = parentKey('marketArea', 'M1');
const parents = (entries: Record<string, ParentState>) => new Map(Object.entries(entries));
const live = (created: string): ParentState => ({ exists: true, created });
const gone: ParentState = { exists: false, created: null };

/** Applies plans to counts and markers as the transaction would (a tiny in-memory model). */
function model(initial: Record<string, ParentState>) {
  const state = parents(initial);
  const counts = new Map<string, number>();
  let marker: Marker = {};
  return {
    state,
    counts,
    reconcile(row: Record<string, unknown> | null) {
      const plan = planReconcile(namedParents('cmts', row), marker, state);
      for (const { key } of plan.increments) counts.set(key, (counts.get(key) ?? 0) + 1);
      for (const { key } of plan.decrements) counts.set(key, Math.max(0, (counts.get(key) ?? 0) - 1));
      marker = plan.next;
      return plan;
    },
  };
}

describe('planReconcile', () => {
  it('when a row is created, moved and deleted, then each parent follows', () => {
    const m = model({ [H1]: live('1'), [H2]: live('2'), [M1]: live('3') });
    m.reconcile({ headEnd: 'H1', marketArea: 'M1' });
    expect([m.counts.get(H1), m.counts.get(M1)]).toEqual([1, 1]);
    m.reconcile({ headEnd: 'H2', marketArea: 'M1' });
    expect([m.counts.get(H1), m.counts.get(H2), m.counts.get(M1)]).toEqual([0, 1, 1]);
    m.reconcile(null);
    expect([m.counts.get(H2), m.counts.get(M1)]).toEqual([0, 0]);
  });

  it('when the same state is reconciled twice (a duplicate delivery), then the second moves nothing', () => {
    const m = model({ [H1]: live('1'), [M1]: live('3') });
    const row = { headEnd: 'H1', marketArea: 'M1' };
    expect(m.reconcile(row).changed).toBe(true);
    expect(m.reconcile(row)).toMatchObject({ changed: false, increments: [], decrements: [] });
    expect(m.counts.get(H1)).toBe(1);
  });

  it('when events arrive out of order, then only the present state counts', () => {
    // The move to H2 is reconciled first (the row already names H2), then the late create event: the row
    // is read as it is now, so the late event finds nothing to do.
    const m = model({ [H1]: live('1'), [H2]: live('2'), [M1]: live('3') });
    const now = { headEnd: 'H2', marketArea: 'M1' };
    m.reconcile(now);
    expect(m.reconcile(now).changed).toBe(false);
    expect([m.counts.get(H1) ?? 0, m.counts.get(H2)]).toEqual([0, 1]);
  });

  it('when a parent is deleted and created again under the same id, then the new one is not charged for rows of the old', () => {
    const m = model({ [H1]: live('1'), [M1]: live('3') });
    m.reconcile({ headEnd: 'H1', marketArea: 'M1' });
    // H1 deleted (by the Admin SDK, its row left behind) and created again: a new incarnation with no count.
    m.state.set(H1, live('9'));
    m.counts.set(H1, 0);
    const plan = m.reconcile({ headEnd: 'H1', marketArea: 'M1' });
    expect(plan.decrements).toEqual([]);
    expect(plan.increments).toEqual([{ key: H1, created: '9' }]);
    expect(m.counts.get(H1)).toBe(1);
    // The row then leaves: the new incarnation goes back to 0, never −1.
    m.reconcile(null);
    expect(m.counts.get(H1)).toBe(0);
  });

  it('when a row names a parent that does not exist, then it is counted nowhere and reported as an orphan', () => {
    const m = model({ [H1]: gone, [M1]: live('3') });
    const plan = m.reconcile({ headEnd: 'H1', marketArea: 'M1' });
    expect(plan.orphans).toEqual([{ field: 'headEnd', key: H1 }]);
    expect(plan.increments).toEqual([{ key: M1, created: '3' }]);
    expect(m.counts.get(H1)).toBeUndefined();
  });

  it('when a threshold rule has no variant, then only its definition is named', () => {
    expect(namedParents('rules', { definitionName: 'D1', variantName: null })).toEqual({
      definitionName: 'threshold_manager/configuration/definitions/D1',
      variantName: null,
    });
  });
});
