import { describe, expect, it } from 'vitest';
import { ADMIN_LIST_IDS, ADMIN_LISTS } from '@insight/common/admin-lists';
import { TRACKED_COLLECTIONS } from '@insight/common/change-history';
import * as triggers from './admin-lists';

describe('admin list triggers', () => {
  it('when a list keeps a history or names a parent, then exactly one trigger watches its collection', () => {
    const watched = ADMIN_LIST_IDS.filter(
      (list) => ADMIN_LISTS[list].tracked || ADMIN_LISTS[list].references.length > 0,
    ).map((list) => ADMIN_LISTS[list].collection);
    const exported = Object.values(triggers)
      .filter((value) => typeof value === 'function' && value !== triggers.adminListTrigger)
      .map((trigger) =>
        (
          trigger as unknown as {
            __endpoint: { eventTrigger: { eventFilterPathPatterns: { document: string } } };
          }
        ).__endpoint.eventTrigger.eventFilterPathPatterns.document.replace(/\/\{docId\}$/, ''),
      );
    expect(exported.sort()).toEqual([...watched].sort());
    expect(TRACKED_COLLECTIONS.every((collection) => exported.includes(collection))).toBe(true);
  });
});
