/**
 * The links from the 360 view to the provider's other tools (docs/requirements.md, "Links to other tools": Compass, Diagnostic
 * Portal, ePON, Network Management Console, THoR Location) and to the CRM and VoIP template pages.
 * Their addresses are runtime configuration (the API serves them): URL templates in which {mac}, {node}
 * and {account} stand for the device's MAC, the customer's fibre node and customer account, URL-encoded.
 */
import { z } from 'zod';

/** In the order the 360 view shows them. */
export const EXTERNAL_TOOLS = [
  'compass',
  'diagnosticPortal',
  'epon',
  'networkConsole',
  'thorLocation',
] as const;
export type ExternalTool = (typeof EXTERNAL_TOOLS)[number];

export const LINK_PLACEHOLDERS = ['mac', 'node', 'account'] as const;
export type LinkPlaceholder = (typeof LINK_PLACEHOLDERS)[number];
export type LinkValues = Partial<Record<LinkPlaceholder, string | null>>;

const PLACEHOLDER = /\{(\w+)\}/g;

/** The placeholders a template uses, in order, once each. */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[1]!))];
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** An http(s) URL template whose only placeholders are {mac}, {node} and {account}. */
export const linkTemplateSchema = z
  .string()
  .trim()
  .refine(
    (template) =>
      placeholdersOf(template).every((name) => (LINK_PLACEHOLDERS as readonly string[]).includes(name)) &&
      isHttpUrl(template.replace(PLACEHOLDER, 'x')),
    { message: 'An http(s) URL; its placeholders may only be {mac}, {node} and {account}' },
  );

export const externalLinksSchema = z.object({
  tools: z.object(
    Object.fromEntries(EXTERNAL_TOOLS.map((tool) => [tool, linkTemplateSchema])) as Record<
      ExternalTool,
      typeof linkTemplateSchema
    >,
  ),
  crmObject: linkTemplateSchema,
  voipTemplate: linkTemplateSchema,
});
export type ExternalLinks = z.infer<typeof externalLinksSchema>;

export type FilledLink = { href: string; missing: null } | { href: null; missing: LinkPlaceholder[] };

/**
 * The template with each placeholder replaced by its URL-encoded value, or which values are missing
 * (empty or absent) when the link cannot be built.
 */
export function fillLink(template: string, values: LinkValues): FilledLink {
  const names = placeholdersOf(template) as LinkPlaceholder[];
  const missing = names.filter((name) => !values[name]?.trim());
  if (missing.length > 0) return { href: null, missing };
  return {
    href: template.replace(PLACEHOLDER, (_, name: LinkPlaceholder) =>
      encodeURIComponent(values[name]!.trim()),
    ),
    missing: null,
  };
}
