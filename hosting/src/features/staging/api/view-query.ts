/**
 * The staging table's view of its rows, as a pure function: the quick search (every word in one of a
 * row's texts, case and accents folded), the sort (by each sorted column in turn) and the page. Free of
 * the stream, the flags and any clock; the staging engine (staging-engine.ts) calls it for each view.
 */
import type { StagingRow } from '@insight/common/staging';

/** The texts a row shows beyond its raw values (translated labels), for the quick search. */
export interface SearchLabels {
  /** A value's label by its raw value: statuses, port states, row types. */
  values: Readonly<Record<string, string>>;
  /** The ONU page's OLT interface text by port number. */
  interfaces?: Readonly<Record<number, string>>;
}

export interface ViewQuery {
  page: number;
  pageSize: number;
  sort: ReadonlyArray<{ field: string; sort: 'asc' | 'desc' | null | undefined }>;
  /** Quick-search words: a row matches when each word is in one of its texts (case and accents folded). */
  search: readonly string[];
  labels: SearchLabels;
}

/** Lower case without accents: what the quick search compares. */
export const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The texts of a row the quick search looks in: its raw values, their labels, a switch's port summary. */
export function searchText(row: StagingRow, labels: SearchLabels): string {
  const parts: string[] = [];
  for (const [field, value] of Object.entries(row)) {
    if (field === 'ports' && Array.isArray(value)) {
      const counts = new Map<string, number>();
      for (const port of value as Array<{ state: string }>)
        counts.set(port.state, (counts.get(port.state) ?? 0) + 1);
      for (const [state, count] of counts) parts.push(`${labels.values[state] ?? state} ${count}`);
    } else if (value !== null && typeof value !== 'object') {
      const text = String(value);
      parts.push(text);
      const label = labels.values[text];
      if (label) parts.push(label);
      if (field === 'macAddress' && /^[0-9a-f]{12}$/i.test(text)) parts.push(text.match(/../g)!.join(':'));
    }
  }
  const port = (row as { portNumber?: number }).portNumber;
  if (port !== undefined && labels.interfaces?.[port]) parts.push(labels.interfaces[port]);
  return fold(parts.join('\u0000'));
}

/**
 * Each row's search text, computed once per row object and set of labels (new labels: another
 * language, the OLT interfaces, and every text is made again).
 */
export function searchTexts(): (row: StagingRow, labels: SearchLabels) => string {
  const byLabels = new WeakMap<SearchLabels, WeakMap<StagingRow, string>>();
  return (row, labels) => {
    let texts = byLabels.get(labels);
    if (!texts) byLabels.set(labels, (texts = new WeakMap()));
    let text = texts.get(row);
    if (text === undefined) texts.set(row, (text = searchText(row, labels)));
    return text;
  };
}

/** Missing values first, numbers by value, texts by their numbers and letters (`SW-2` before `SW-10`). */
export function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return -1;
  if (b === undefined || b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

export interface QueryAnswer<R> {
  /** Every row that matches the search, sorted. */
  matching: R[];
  /** The rows of the asked page (the last page when the asked one is past the end). */
  page: R[];
}

/** The rows that match the query's search, sorted, and the page of them the table shows. */
export function queryRows<R extends StagingRow>(
  rows: Iterable<R>,
  query: ViewQuery,
  textOf: (row: R, labels: SearchLabels) => string = searchText,
): QueryAnswer<R> {
  const words = query.search.map(fold).filter(Boolean);
  let matching = [...rows];
  if (words.length > 0)
    matching = matching.filter((row) => {
      const text = textOf(row, query.labels);
      return words.every((word) => text.includes(word));
    });
  const sorts = query.sort.filter((item) => item.sort);
  if (sorts.length > 0)
    matching.sort((a, b) => {
      for (const { field, sort } of sorts) {
        const order = compareValues(
          (a as Record<string, unknown>)[field],
          (b as Record<string, unknown>)[field],
        );
        if (order !== 0) return sort === 'desc' ? -order : order;
      }
      return 0;
    });
  const pageCount = Math.max(1, Math.ceil(matching.length / query.pageSize));
  const page = Math.min(query.page, pageCount - 1);
  return { matching, page: matching.slice(page * query.pageSize, (page + 1) * query.pageSize) };
}
