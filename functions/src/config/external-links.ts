import { externalLinksSchema, type ExternalLinks } from '@insight/common/external-links';

/** The params that hold the 360 view's links, by where each goes in the answer of GET /api/links. */
const PARAMS = {
  'tools.compass': 'TOOL_COMPASS_URL',
  'tools.diagnosticPortal': 'TOOL_DIAGNOSTIC_PORTAL_URL',
  'tools.epon': 'TOOL_EPON_URL',
  'tools.networkConsole': 'TOOL_NETWORK_CONSOLE_URL',
  'tools.thorLocation': 'TOOL_THOR_LOCATION_URL',
  crmObject: 'CRM_OBJECT_URL',
  voipTemplate: 'VOIP_TEMPLATE_URL',
} as const;
export type LinkParam = (typeof PARAMS)[keyof typeof PARAMS];

/**
 * The links from their params, checked once: a bad template stops the app with the list of what is
 * wrong, by param name, rather than a broken link on every screen.
 */
export function parseExternalLinks(values: Record<LinkParam, string>): ExternalLinks {
  const at = (path: keyof typeof PARAMS) => values[PARAMS[path]];
  const parsed = externalLinksSchema.safeParse({
    tools: {
      compass: at('tools.compass'),
      diagnosticPortal: at('tools.diagnosticPortal'),
      epon: at('tools.epon'),
      networkConsole: at('tools.networkConsole'),
      thorLocation: at('tools.thorLocation'),
    },
    crmObject: at('crmObject'),
    voipTemplate: at('voipTemplate'),
  });
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const path = issue.path.join('.');
    return `${PARAMS[path as keyof typeof PARAMS] ?? path}: ${issue.message}`;
  });
  throw new Error(`Invalid link configuration:\n${problems.join('\n')}`);
}
