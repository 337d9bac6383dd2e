import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { normalizeMac } from '@insight/common/mac';
import { AppError } from '../../lib/app-error';

/** Validates and normalises the :mac parameter before anything else touches it. */
export const validateMac: RequestHandler = (req, res, next) => {
  const mac = normalizeMac(String(req.params.mac ?? ''));
  if (!mac)
    return next(new AppError('invalid_mac', 'A valid MAC address (12 hexadecimal digits) is required'));
  res.locals.mac = mac;
  next();
};

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
