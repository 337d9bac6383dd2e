/**
 * The one mapping from an error to what the API answers: the error middleware, each line of the streamed
 * 360 view and each part of a section that may fail alone (domain/section-error.ts) all use it, so the
 * same error gives the same body everywhere.
 *
 * - An AppError keeps its code, status, message, path, details and Retry-After.
 * - A body-parser error (too large, malformed JSON) and any other client error (a 4xx status, a URIError
 *   from bad percent-encoding) become `invalid_input`.
 * - Anything else is `internal` with no detail, and is logged once (the first mapping of an error object
 *   logs it; a second mapping of the same object does not): one structured line, `unhandled error`, with
 *   its stack, the route and the trace of the request it happened in (lib/request-context.ts, set by
 *   http/middleware/request-log.ts).
 * - An AppError answered 500 on purpose (`internal` with a cause, e.g. the roles could not be read) is
 *   logged the same way, once, as `internal error` with its message and its cause's stack: no 500 leaves
 *   without its cause in the log.
 */
import type { ErrorBody } from '@insight/common/errors';
import { AppError } from './app-error';
import type { Logger } from './logger';
import { currentRequestRecord } from './request-context';

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  /** For 429: the Retry-After header, in seconds. */
  retryAfterSeconds?: number;
}

/** Where an unknown error is logged outside a request, or when the request carries no logger. */
const fallbackLogger: Logger = {
  info: (message, data) => console.log(JSON.stringify({ severity: 'INFO', message, ...data })),
  warn: (message, data) => console.warn(JSON.stringify({ severity: 'WARNING', message, ...data })),
  error: (message, data) => console.error(JSON.stringify({ severity: 'ERROR', message, ...data })),
};

const logged = new WeakSet<object>();

/** The answer for `error`; an unknown error is logged (once) to the request's logger, else to `logger`. */
export function errorResponse(error: unknown, logger?: Logger): ErrorResponse {
  const appError = toAppError(error, logger);
  return {
    status: appError.status,
    body: {
      error: {
        code: appError.code,
        message: appError.message,
        ...(appError.path ? { path: appError.path } : {}),
        ...(appError.details !== undefined ? { details: appError.details } : {}),
      },
    },
    ...(appError.retryAfterSeconds ? { retryAfterSeconds: appError.retryAfterSeconds } : {}),
  };
}

function toAppError(error: unknown, logger: Logger | undefined): AppError {
  if (error instanceof AppError) {
    if (error.status === 500)
      logOnce(error, logger, 'internal error', {
        error: error.message,
        ...(error.cause !== undefined ? { cause: describe(error.cause) } : {}),
      });
    return error;
  }
  if (isBodyParserError(error))
    return new AppError(
      'invalid_input',
      error.type === 'entity.too.large' ? 'Request body too large' : 'Malformed request body',
      { status: error.status },
    );
  // E.g. a path parameter with bad percent-encoding (Express's URIError, status 400).
  if (isClientError(error)) return new AppError('invalid_input', 'Malformed request', { status: 400 });
  logOnce(error, logger, 'unhandled error', { error: describe(error) });
  return new AppError('internal', 'Internal error');
}

const describe = (error: unknown) => (error instanceof Error ? (error.stack ?? String(error)) : String(error));

/** One ERROR line per error object, with the request's route and trace when it happened in one. */
function logOnce(error: unknown, logger: Logger | undefined, message: string, data: Record<string, unknown>): void {
  if (typeof error === 'object' && error !== null) {
    if (logged.has(error)) return;
    logged.add(error);
  }
  const request = currentRequestRecord();
  (request?.logger ?? logger ?? fallbackLogger).error(message, {
    ...request?.trace,
    ...request?.route?.(),
    ...data,
  });
}

function isBodyParserError(err: unknown): err is { type: string; status: number } {
  return (
    typeof err === 'object' &&
    err !== null &&
    'type' in err &&
    'status' in err &&
    typeof err.status === 'number'
  );
}

function isClientError(err: unknown): boolean {
  const status = (err as { status?: unknown; statusCode?: unknown } | null)?.status;
  return err instanceof URIError || (typeof status === 'number' && status >= 400 && status < 500);
}
