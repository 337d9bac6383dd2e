import type { Request, Response } from 'express';
import type { CatalogueCustomer } from '../catalogue/generate';
import type { MacEntry } from '../catalogue/macs';
import { parseMacParam } from '../catalogue/macs';
import type { CatalogueStore } from '../catalogue/store';
import type { SimulatorOptions } from '../config';
import { applyFault, type Section } from '../faults';
import type { Records } from '../records';

export interface SimContext {
  options: SimulatorOptions;
  store: CatalogueStore;
  records: Records;
}

export function badRequest(res: Response, message: string): void {
  res.status(400).json({ error: 'bad_request', message });
}
export function notFound(res: Response, message = 'Not found'): void {
  res.status(404).json({ error: 'not_found', message });
}

/** Reads ?language= (en default); answers 400 and returns null for any other value. */
export function language(req: Request, res: Response): 'en' | 'fr' | null {
  const value = req.query.language ?? 'en';
  if (value === 'en' || value === 'fr') return value;
  badRequest(res, 'language must be en or fr');
  return null;
}

/**
 * Resolves the device of a request: 400 for a malformed MAC, 404 for an unknown one, the section's fault
 * if any. Returns null when the response has been sent.
 */
export async function device(
  ctx: SimContext,
  req: Request,
  res: Response,
  rawMac: unknown,
  section: Section,
): Promise<{ entry: MacEntry; customer: CatalogueCustomer } | null> {
  const mac = typeof rawMac === 'string' ? parseMacParam(rawMac) : null;
  if (!mac) {
    badRequest(res, 'MAC address must be 12 hexadecimal digits');
    return null;
  }
  const entry = ctx.store.entry(mac);
  if (!entry) {
    notFound(res, `Unknown device ${mac}`);
    return null;
  }
  if (await applyFault(req, res, section, entry.fault, ctx.options)) return null;
  return { entry, customer: ctx.store.get(entry) };
}
