/**
 * The links' templates and how they are filled (docs/requirements.md, "Links to other tools"): no
 * schema library, so that the 360 view's first chunk carries none. The templates' schema is in
 * external-links.ts, which re-exports this module.
 */

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

export const PLACEHOLDER = /\{(\w+)\}/g;

/** The placeholders a template uses, in order, once each. */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[1]!))];
}

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
