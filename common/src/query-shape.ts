/**
 * A Firestore query's shape as an index sees it: the fields it filters and orders by, without values.
 * The code that builds queries exports the shapes it can build; a test checks each against
 * firestore.indexes.json, because the Firestore emulator runs any query without its index and
 * production refuses it.
 */
export interface QueryShape {
  collectionGroup: string;
  /** Fields filtered with `==`. */
  equality: string[];
  /** A field filtered with `array-contains`. */
  arrayContains?: string;
  /** Fields filtered with a range (`<`, `<=`, `>`, `>=`). */
  range: string[];
  orderBy: Array<{ field: string; direction: 'asc' | 'desc' }>;
}
