/**
 * The links from the 360 view to the provider's other tools (docs/requirements.md, "Links to other tools": Compass, Diagnostic
 * Portal, ePON, Network Management Console, THoR Location) and to the CRM and VoIP template pages.
 * Their addresses are runtime configuration (the API serves them): URL templates in which {mac}, {node}
 * and {account} stand for the device's MAC, the customer's fibre node and customer account, URL-encoded.
 */
import { z } from 'zod';
import {
  EXTERNAL_TOOLS,
  LINK_PLACEHOLDERS,
  PLACEHOLDER,
  placeholdersOf,
  type ExternalTool,
} from './link-templates';

export * from './link-templates';

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
