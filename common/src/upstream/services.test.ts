import { describe, expect, it } from 'vitest';
import { simulatorBaseUrls } from './services';

describe('simulatorBaseUrls', () => {
  it('when given the simulator origin, then every service has its base URL there, birth certificates under /bc, SMS under /sms and the ACS under /acs', () => {
    expect(simulatorBaseUrls('http://127.0.0.1:9100/')).toEqual({
      customer: 'http://127.0.0.1:9100',
      wan: 'http://127.0.0.1:9100',
      pon: 'http://127.0.0.1:9100',
      lan: 'http://127.0.0.1:9100',
      telephony: 'http://127.0.0.1:9100',
      birthCertificates: 'http://127.0.0.1:9100/bc',
      sms: 'http://127.0.0.1:9100/sms',
      search: 'http://127.0.0.1:9100',
      history: 'http://127.0.0.1:9100',
      acs: 'http://127.0.0.1:9100/acs',
    });
  });
});
