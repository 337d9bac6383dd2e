import { describe, expect, it } from 'vitest';
import { links } from '../testing/fixtures';
import { parseExternalLinks, type LinkParam } from './external-links';

const { tools, crmObject, voipTemplate } = links();
const valid: Record<LinkParam, string> = {
  TOOL_COMPASS_URL: tools.compass,
  TOOL_DIAGNOSTIC_PORTAL_URL: tools.diagnosticPortal,
  TOOL_EPON_URL: tools.epon,
  TOOL_NETWORK_CONSOLE_URL: tools.networkConsole,
  TOOL_THOR_LOCATION_URL: tools.thorLocation,
  CRM_OBJECT_URL: crmObject,
  VOIP_TEMPLATE_URL: voipTemplate,
};

describe('link configuration', () => {
  it('when every link param is a valid template, then each lands where GET /api/links answers it', () => {
    expect(parseExternalLinks(valid)).toEqual(links());
  });

  it('when some params are empty or wrong, then start-up stops with each bad param named', () => {
    expect(() =>
      parseExternalLinks({ ...valid, TOOL_EPON_URL: '', CRM_OBJECT_URL: 'https://crm.example/?id={uid}' }),
    ).toThrow(/Invalid link configuration:\nTOOL_EPON_URL: .*\nCRM_OBJECT_URL: /);
  });
});
