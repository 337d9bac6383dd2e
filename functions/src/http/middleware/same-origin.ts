import type { RequestHandler } from 'express';
import { AppError } from '../../lib/app-error';

const refused = () => new AppError('forbidden', 'Only the portal itself may call this route');

/**
 * Refuses a request another site's page may have made (cross-site request forgery): the browser's
 * `Sec-Fetch-Site` must say same-origin; a client that sends no such header must send an `Origin` whose
 * host is the portal's (Hosting's `X-Forwarded-Host`, else `Host`).
 */
export const requireSameOrigin: RequestHandler = (req, _res, next) => {
  const site = req.get('sec-fetch-site');
  if (site !== undefined) return next(site === 'same-origin' ? undefined : refused());
  const origin = req.get('origin');
  const own = (req.get('x-forwarded-host') ?? req.get('host') ?? '').split(',')[0]!.trim();
  let host: string | null = null;
  try {
    host = origin ? new URL(origin).host : null;
  } catch {
    host = null;
  }
  next(host !== null && host === own ? undefined : refused());
};
