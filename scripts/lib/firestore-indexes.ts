/**
 * Which indexes a query shape needs, by Firestore's documented rules (Standard edition), checked against
 * firestore.indexes.json. Automatic single-field indexes serve: equality filters alone (merged), one
 * `array-contains` alone, a range and order on one field alone; unless a field override exempts the
 * field. Anything else needs a composite index, and this check asks for an exact one: the equality (and
 * array-contains) fields first in any order, then the order-by fields in order and direction. Firestore
 * can sometimes merge composite indexes for equality filters; the check does not count on it.
 */
import type { QueryShape } from '@insight/common/query-shape';

type Order = 'ASCENDING' | 'DESCENDING';
interface IndexField {
  fieldPath: string;
  order?: Order;
  arrayConfig?: 'CONTAINS';
}
export interface IndexesFile {
  indexes: Array<{ collectionGroup: string; queryScope?: string; fields: IndexField[] }>;
  fieldOverrides?: Array<{
    collectionGroup: string;
    fieldPath: string;
    ttl?: boolean;
    indexes: Array<{ order?: Order; arrayConfig?: 'CONTAINS'; queryScope?: string }>;
  }>;
}

const ORDER = { asc: 'ASCENDING', desc: 'DESCENDING' } as const;

/** Is the field's single-field index of this kind there (automatic, or kept by its override)? */
function singleField(file: IndexesFile, group: string, field: string, kind: Order | 'CONTAINS'): boolean {
  const override = file.fieldOverrides?.find((o) => o.collectionGroup === group && o.fieldPath === field);
  if (!override) return true;
  return override.indexes.some(
    (index) =>
      (index.queryScope ?? 'COLLECTION') === 'COLLECTION' &&
      (kind === 'CONTAINS' ? index.arrayConfig === 'CONTAINS' : index.order === kind),
  );
}

/** The order-by fields Firestore applies: the explicit ones, then a range field not ordered yet. */
function effectiveOrder(shape: QueryShape): Array<{ field: string; direction: 'asc' | 'desc' }> {
  const order = [...shape.orderBy];
  for (const field of shape.range)
    if (!order.some((o) => o.field === field)) order.unshift({ field, direction: 'asc' });
  return order;
}

/** Null when the shape is served; else what is missing, in words. */
export function missingIndex(shape: QueryShape, file: IndexesFile): string | null {
  const group = shape.collectionGroup;
  const order = effectiveOrder(shape);
  const filters = [...shape.equality, ...(shape.arrayContains ? [shape.arrayContains] : [])];
  const describe = () =>
    `${group}: ${[...shape.equality.map((f) => `${f} ==`), ...(shape.arrayContains ? [`${shape.arrayContains} array-contains`] : []), ...order.map((o) => `order by ${o.field} ${o.direction}`)].join(', ')}`;

  // Served by single-field indexes alone.
  if (order.length === 0 && !shape.arrayContains)
    return shape.equality.every((field) => singleField(file, group, field, 'ASCENDING'))
      ? null
      : `${describe()}: a field's single-field index is exempted`;
  if (order.length === 0 && shape.equality.length === 0)
    return singleField(file, group, shape.arrayContains!, 'CONTAINS')
      ? null
      : `${describe()}: the array field's index is exempted`;
  if (filters.length === 0 && order.length === 1)
    return singleField(file, group, order[0]!.field, ORDER[order[0]!.direction])
      ? null
      : `${describe()}: the field's single-field index is exempted`;

  // Needs an exact composite index.
  const found = file.indexes.some((index) => {
    if (index.collectionGroup !== group || (index.queryScope ?? 'COLLECTION') !== 'COLLECTION') return false;
    const fields = index.fields.filter((field) => field.fieldPath !== '__name__');
    if (fields.length !== filters.length + order.length) return false;
    const head = fields.slice(0, filters.length);
    const headOk =
      new Set(head.map((field) => field.fieldPath)).size === filters.length &&
      head.every((field) =>
        field.fieldPath === shape.arrayContains
          ? field.arrayConfig === 'CONTAINS'
          : shape.equality.includes(field.fieldPath) && field.order !== undefined,
      );
    const tailOk = fields
      .slice(filters.length)
      .every((field, i) => field.fieldPath === order[i]!.field && field.order === ORDER[order[i]!.direction]);
    return headOk && tailOk;
  });
  return found ? null : `${describe()}: no composite index`;
}

/** The composite index a shape needs (for writing firestore.indexes.json). */
export function compositeFor(shape: QueryShape): IndexesFile['indexes'][number] {
  return {
    collectionGroup: shape.collectionGroup,
    queryScope: 'COLLECTION',
    fields: [
      ...shape.equality.map((fieldPath) => ({ fieldPath, order: 'ASCENDING' as const })),
      ...(shape.arrayContains ? [{ fieldPath: shape.arrayContains, arrayConfig: 'CONTAINS' as const }] : []),
      ...effectiveOrder(shape).map((o) => ({ fieldPath: o.field, order: ORDER[o.direction] })),
    ],
  };
}
