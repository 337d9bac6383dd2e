/**
 * The queries the functions run on Firestore, as shapes (common/src/query-shape.ts), for the index test
 * (scripts/firestore-indexes.test.ts). Each is one `==` or one `array-contains` filter: Firestore's
 * automatic single-field indexes serve them, unless firestore.indexes.json exempts the field.
 */
import { ADMIN_LISTS, ADMIN_LIST_IDS } from '@insight/common/admin-lists';
import type { QueryShape } from '@insight/common/query-shape';
import { MARKERS } from './firestore-dependencies';

/**
 * The cross-row invariants' lookups in firestore-admin-store.ts (`invariantProblem`): `==`, or `in` on one
 * field for the CMTS addresses (an equality on that field as far as indexes go).
 */
const INVARIANT_LOOKUPS = [
  { list: 'cmts', field: 'ipLookup' },
  { list: 'cmts', field: 'ipManage' },
  { list: 'rules', field: 'definitionName' },
  { list: 'definitions', field: 'parameter' },
  { list: 'variants', field: 'technology' },
] as const;

const equality = (collectionGroup: string, field: string): QueryShape => ({
  collectionGroup,
  equality: [field],
  range: [],
  orderBy: [],
});

export function adminStoreQueryShapes(): QueryShape[] {
  return [
    // Dependents of a parent row (`dependentsOf`: a count per child list and reference field).
    ...ADMIN_LIST_IDS.flatMap((list) =>
      ADMIN_LISTS[list].references.map(({ field }) => equality(ADMIN_LISTS[list].collection, field)),
    ),
    ...INVARIANT_LOOKUPS.map(({ list, field }) => equality(ADMIN_LISTS[list].collection, field)),
    // Recount: a list's markers, and the markers that name a parent.
    equality(MARKERS, 'list'),
    { collectionGroup: MARKERS, equality: [], arrayContains: 'parents', range: [], orderBy: [] },
  ];
}
