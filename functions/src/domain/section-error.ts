import type { SectionError } from '@insight/common/customer360';
import { AppError } from '../lib/app-error';

/** Turns a failure into a section-level error value (for parts of a section that may fail alone). */
export function toSectionError(error: unknown): { error: SectionError } {
  if (error instanceof AppError)
    return {
      error: { code: error.code, message: error.message, ...(error.path ? { path: error.path } : {}) },
    };
  return { error: { code: 'internal', message: 'Internal error' } };
}

/** Runs a part; its failure becomes an error value instead of failing the section. */
export async function settle<T>(work: Promise<T>): Promise<T | { error: SectionError }> {
  try {
    return await work;
  } catch (error) {
    return toSectionError(error);
  }
}
