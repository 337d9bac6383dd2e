/** The /audit view of one record's change history. */
export const historyPath = (collection: string, id: string) =>
  `/audit?${new URLSearchParams({ collection, docId: id }).toString()}`;
