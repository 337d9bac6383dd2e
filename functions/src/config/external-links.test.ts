import { describe, expect, it } from 'vitest';
import { parseExternalLinks, type LinkParam } from './external-links';

const valid: Record<LinkParam, string> = {
  TOOL_COMPASS_URL: 'https://compass.example/devices/{mac}',
  TOOL_DIAGNOSTIC_PORTAL_URL: 'https://diagnostic.example/?mac={mac}',
  TOOL_EPON_URL: 'https://epon.example/onu/{mac}',
  TOOL_NETWORK_CONSOLE_URL: 'https://nmc.example/nodes/{node}',
  TOOL_THOR_LOCATION_URL: 'https://thor.example/location?node={node}',
  CRM_OBJECT_URL: 'https://crm.example/object?id={account}',
  VOIP_TEMPLATE_URL: 'https://voip.example/templates',
};

describe('link configuration', () => {
  it('when every link param is a valid template, then the links are the answer of GET /api/links', () => {
    expect(parseExternalLinks(valid)).toEqual({
      tools: {
        compass: 'https://compass.example/devices/{mac}',
        diagnosticPortal: 'https://diagnostic.example/?mac={mac}',
        epon: 'https://epon.example/onu/{mac}',
        networkConsole: 'https://nmc.example/nodes/{node}',
        thorLocation: 'https://thor.example/location?node={node}',
      },
      crmObject: 'https://crm.example/object?id={account}',
      voipTemplate: 'https://voip.example/templates',
    });
  });

  it('when some params are empty or wrong, then start-up stops with each bad param named', () => {
    expect(() =>
      parseExternalLinks({ ...valid, TOOL_EPON_URL: '', CRM_OBJECT_URL: 'https://crm.example/?id={uid}' }),
    ).toThrow(/Invalid link configuration:\nTOOL_EPON_URL: .*\nCRM_OBJECT_URL: /);
  });
});
