import type { SectionError } from '@insight/common/customer360';
import { errorResponse } from '../lib/error-response';

/**
 * Turns a failure into a section-level error value (for parts of a section that may fail alone): the
 * body the API would answer for it (lib/error-response.ts; an unknown error is logged there, once).
 */
export function toSectionError(error: unknown): { error: SectionError } {
  return errorResponse(error).body;
}

/** Runs a part; its failure becomes an error value instead of failing the section. */
export async function settle<T>(work: Promise<T>): Promise<T | { error: SectionError }> {
  try {
    return await work;
  } catch (error) {
    return toSectionError(error);
  }
}
