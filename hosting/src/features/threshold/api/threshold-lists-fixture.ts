/** For tests: the lists as the page reads them, from rows given. */
import type { ThresholdSet } from '@insight/common/threshold-grading';
import type { ThresholdLists } from './threshold-lists';

const loaded = <T extends { tdId: string }>(rows: readonly T[]) => ({
  rows: rows.map((row) => ({ ...row, id: row.tdId })),
  loading: false,
  error: null,
  invalid: 0,
  synced: true,
});

/** The threshold manager's three lists as read from the server: `set`'s rows, each under its tdId. */
export function thresholdLists(
  set: Pick<ThresholdSet, 'definitions' | 'rules' | 'variants'>,
): ThresholdLists {
  return {
    rules: loaded(set.rules),
    definitions: loaded(set.definitions),
    variants: loaded(set.variants),
  } as unknown as ThresholdLists;
}
