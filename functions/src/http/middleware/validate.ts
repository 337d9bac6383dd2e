import type { RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { normalizeMac } from '@insight/common/mac';
import { AppError } from '../../lib/app-error';

/** The MACs validateMac accepted, by response: typed, and out of reach of anything else in res.locals. */
const validatedMacs = new WeakMap<Response, string>();

/** Validates and normalises the :mac parameter before anything else touches it; read it with macOf(res). */
export const validateMac: RequestHandler = (req, res, next) => {
  const mac = normalizeMac(String(req.params.mac ?? ''));
  if (!mac)
    return next(new AppError('invalid_mac', 'A valid MAC address (12 hexadecimal digits) is required'));
  validatedMacs.set(res, mac);
  next();
};

/** The normalised MAC of a route behind validateMac (a route without it is a programming error). */
export function macOf(res: Response): string {
  const mac = validatedMacs.get(res);
  if (mac === undefined) throw new Error('macOf: the route does not validate its MAC (validateMac)');
  return mac;
}

export function parseWith<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(
      'invalid_input',
      `${issue?.path.join('.') || 'input'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return parsed.data;
}
