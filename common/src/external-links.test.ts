import { describe, expect, it } from 'vitest';
import { externalLinksSchema, fillLink, linkTemplateSchema } from './external-links';

const template = (url: string) => linkTemplateSchema.safeParse(url).success;

describe('external links', () => {
  it('when a template carries the MAC, then the MAC is put in URL-encoded', () => {
    expect(fillLink('https://compass.example/devices/{mac}?from=insight', { mac: 'A4C1E8000010' })).toEqual({
      href: 'https://compass.example/devices/A4C1E8000010?from=insight',
      missing: null,
    });
    expect(fillLink('https://thor.example/?node={node}', { node: 'OTT 1/2&x=#' }).href).toBe(
      'https://thor.example/?node=OTT%201%2F2%26x%3D%23',
    );
  });

  it('when the node or the MAC a template needs is empty or absent, then the link says what is missing', () => {
    expect(fillLink('https://nmc.example/node/{node}', { mac: 'A4C1E8000010', node: null })).toEqual({
      href: null,
      missing: ['node'],
    });
    expect(fillLink('https://x.example/{mac}/{node}', { mac: ' ', node: '' }).missing).toEqual([
      'mac',
      'node',
    ]);
  });

  it('when a template has no placeholder, then it is the link as it stands', () => {
    expect(fillLink('https://voip.example/templates', {}).href).toBe('https://voip.example/templates');
  });

  it('when a configured template is not http(s) or names an unknown placeholder, then it is refused', () => {
    expect(template('https://diag.example/?mac={mac}')).toBe(true);
    expect(template('http://127.0.0.1:9100/tools/crm?id={account}')).toBe(true);
    expect(template('javascript:alert(1)//{mac}')).toBe(false);
    expect(template('https://diag.example/?user={uid}')).toBe(false);
    expect(template('not a url')).toBe(false);
    expect(template('')).toBe(false);
  });

  it('when a tool is left out of the configuration, then the links are refused', () => {
    const url = 'https://tool.example/{mac}';
    const tools = { compass: url, diagnosticPortal: url, epon: url, networkConsole: url, thorLocation: url };
    expect(externalLinksSchema.safeParse({ tools, crmObject: url, voipTemplate: url }).success).toBe(true);
    const { epon: _epon, ...withoutEpon } = tools;
    expect(
      externalLinksSchema.safeParse({ tools: withoutEpon, crmObject: url, voipTemplate: url }).success,
    ).toBe(false);
  });
});
