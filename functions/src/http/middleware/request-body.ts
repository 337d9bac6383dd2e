import type { RequestHandler } from 'express';
import { AppError } from '../../lib/app-error';

/** The largest request body the API reads (operations carry a few hundred bytes). */
export const BODY_LIMIT_BYTES = 32 * 1024;

/**
 * Before the body is read: a body declared larger than the limit is refused on its Content-Length
 * (413), a body that is not JSON (415), and an encoded body (415). Requests without a body pass.
 * (Deployed, the Functions runtime reads bodies up to 32 MB before the app runs: docs/features.md, "Security".)
 */
export const guardRequestBody: RequestHandler = (req, _res, next) => {
  const length = Number(req.headers['content-length'] ?? 0);
  if (length > BODY_LIMIT_BYTES)
    return next(new AppError('invalid_input', 'Request body too large', { status: 413 }));
  const hasBody = length > 0 || req.headers['transfer-encoding'] !== undefined;
  if (!hasBody) return next();
  const encoding = req.headers['content-encoding'];
  if (encoding && encoding !== 'identity')
    return next(new AppError('invalid_input', 'Encoded request bodies are not accepted', { status: 415 }));
  if (!req.is('application/json'))
    return next(new AppError('invalid_input', 'Request bodies must be application/json', { status: 415 }));
  next();
};

/**
 * After parsing: a body, when there is one, is a JSON object — not null, a string, a number, a list,
 * or the raw bytes the runtime may hand over for a type it does not parse.
 */
export const requireObjectBody: RequestHandler = (req, _res, next) => {
  const body: unknown = req.body;
  if (body === undefined) return next();
  if (Buffer.isBuffer(body) || typeof body !== 'object' || body === null || Array.isArray(body))
    return next(new AppError('invalid_input', 'The request body must be a JSON object'));
  next();
};
