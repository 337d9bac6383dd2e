import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError } from '../../lib/app-error';
import { errorResponse } from '../../lib/error-response';
import type { Logger } from '../../lib/logger';

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new AppError('not_found', `No route for ${req.method} ${req.path}`));
};

/**
 * The one error middleware: the body and status come from lib/error-response.ts (known errors keep their
 * code; anything else is logged once and answered 500 `internal`).
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, _req, res, _next) => {
    const { status, body, retryAfterSeconds } = errorResponse(err, logger);
    if (retryAfterSeconds) res.set('Retry-After', String(retryAfterSeconds));
    res.status(status).json(body);
  };
}
