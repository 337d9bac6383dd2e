import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ErrorBody } from '@insight/common/errors';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new AppError('not_found', `No route for ${req.method} ${req.path}`));
};

/** The one error middleware: known errors keep their code; anything else is logged and answered 500. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, _req, res, _next) => {
    let appError: AppError;
    if (err instanceof AppError) {
      appError = err;
    } else if (isBodyParserError(err)) {
      appError = new AppError(
        'invalid_input',
        err.type === 'entity.too.large' ? 'Request body too large' : 'Malformed request body',
        {
          status: err.status,
        },
      );
    } else if (isClientError(err)) {
      // E.g. a path parameter with bad percent-encoding (Express's URIError, status 400).
      appError = new AppError('invalid_input', 'Malformed request', { status: 400 });
    } else {
      logger.error('unhandled error', { error: err instanceof Error ? err.stack : String(err) });
      appError = new AppError('internal', 'Internal error');
    }
    const body: ErrorBody = {
      error: {
        code: appError.code,
        message: appError.message,
        ...(appError.path ? { path: appError.path } : {}),
        ...(appError.details !== undefined ? { details: appError.details } : {}),
      },
    };
    if (appError.retryAfterSeconds) res.set('Retry-After', String(appError.retryAfterSeconds));
    res.status(appError.status).json(body);
  };
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
