import { describe, expect, it } from 'vitest';
import { TRACKED_COLLECTIONS } from '@insight/common/change-history';
import { HISTORY_TRIGGERS } from './change-history';

describe('history triggers', () => {
  it('when the tracked collections are listed, then each has a history trigger', () => {
    expect(Object.keys(HISTORY_TRIGGERS).sort()).toEqual([...TRACKED_COLLECTIONS].sort());
  });
});
