/**
 * The global search's limits, without zod: the web app's search field uses them on every signed-in page
 * and loads the query schema (common/src/search.ts) only once the field is used.
 */
export const SEARCH_QUERY_MIN = 2;
export const SEARCH_QUERY_MAX = 64;
export const SEARCH_LIMIT_MAX = 20;
export const SEARCH_LIMIT_DEFAULT = 8;
