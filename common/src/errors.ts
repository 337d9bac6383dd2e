/** Error codes shared by the API (AppError) and the web app (translated messages keyed by code). */
export const ERROR_CODES = [
  'unauthenticated',
  'forbidden',
  'invalid_input',
  'invalid_mac',
  'mac_not_found',
  'not_found',
  'upstream_error',
  'upstream_timeout',
  'other_server_error',
  'internal',
  'rate_limited',
  'conflict',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  unauthenticated: 401,
  forbidden: 403,
  invalid_input: 400,
  invalid_mac: 400,
  mac_not_found: 404,
  not_found: 404,
  upstream_error: 502,
  upstream_timeout: 504,
  other_server_error: 502,
  internal: 500,
  rate_limited: 429,
  conflict: 409,
};

export interface ErrorBody {
  /** details: for `conflict`, the ConflictDetails of common/src/admin-lists.ts. */
  error: { code: ErrorCode; message: string; path?: string; details?: unknown };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
