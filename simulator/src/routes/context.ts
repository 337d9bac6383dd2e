import type { FastifyReply, FastifyRequest } from 'fastify';
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

/** Answers 400; returns the reply (what a handler returns once it has answered). */
export function badRequest(reply: FastifyReply, message: string): FastifyReply {
  return reply.code(400).send({ error: 'bad_request', message });
}
export function notFound(reply: FastifyReply, message = 'Not found'): FastifyReply {
  return reply.code(404).send({ error: 'not_found', message });
}

/** The path of a request URL, without its query. */
export const pathOf = (url: string) => {
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
};

/** The path and query values of a request, as strings (routes declare their own parameters). */
export const params = (req: FastifyRequest) => req.params as Record<string, string>;
export const query = (req: FastifyRequest) => req.query as Record<string, string | string[] | undefined>;

/** Reads ?language= (en default); answers 400 and returns null for any other value. */
export function language(req: FastifyRequest, reply: FastifyReply): 'en' | 'fr' | null {
  const value = query(req).language ?? 'en';
  if (value === 'en' || value === 'fr') return value;
  badRequest(reply, 'language must be en or fr');
  return null;
}

/**
 * Resolves the device of a request: 400 for a malformed MAC, 404 for an unknown one, the section's fault
 * if any. Returns null when the response has been sent.
 */
export async function device(
  ctx: SimContext,
  req: FastifyRequest,
  reply: FastifyReply,
  rawMac: unknown,
  section: Section,
): Promise<{ entry: MacEntry; customer: CatalogueCustomer } | null> {
  const mac = typeof rawMac === 'string' ? parseMacParam(rawMac) : null;
  if (!mac) {
    badRequest(reply, 'MAC address must be 12 hexadecimal digits');
    return null;
  }
  const entry = ctx.store.entry(mac);
  if (!entry) {
    notFound(reply, `Unknown device ${mac}`);
    return null;
  }
  if (await applyFault(req, reply, section, entry.fault, ctx.options)) return null;
  return { entry, customer: ctx.store.get(entry) };
}
