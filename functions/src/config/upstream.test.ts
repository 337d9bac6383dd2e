import { describe, expect, it } from 'vitest';
import type { Transport } from '../adapters/upstream/transport';
import { simulatorUpstream, upstreamConfig } from './upstream';

const transport: Transport = async () => ({ status: 200, body: null });

describe('the upstream configuration', () => {
  it('when built from base URLs, then each service gets its own URL with the shared timeout and transport', () => {
    const config = upstreamConfig(
      {
        customer: 'https://customer.example',
        wan: 'https://wan.example',
        pon: 'https://olt.example',
        lan: 'https://lan.example',
        telephony: 'https://voice.example',
        birthCertificates: 'https://bc.example',
        sms: 'https://sms.example',
        search: 'https://search.example',
        history: 'https://prometheus.example',
        acs: 'https://acs.example:7557',
      },
      { timeoutMs: 8000, transport },
    );
    expect(config.pon).toEqual({ baseUrl: 'https://olt.example', timeoutMs: 8000, transport });
    expect(Object.values(config).map((service) => service.baseUrl)).toHaveLength(10);
    expect(new Set(Object.values(config).map((service) => service.transport))).toEqual(new Set([transport]));
  });
  it('when pointed at the simulator, then every service is there, PON included, birth certificates under /bc and SMS under /sms', () => {
    const config = simulatorUpstream('http://127.0.0.1:9100', 5000, transport);
    expect(Object.keys(config).sort()).toEqual(
      [
        'acs',
        'birthCertificates',
        'customer',
        'history',
        'lan',
        'pon',
        'search',
        'sms',
        'telephony',
        'wan',
      ].sort(),
    );
    expect(config.pon.baseUrl).toBe('http://127.0.0.1:9100');
    expect(config.birthCertificates.baseUrl).toBe('http://127.0.0.1:9100/bc');
    expect(config.sms.baseUrl).toBe('http://127.0.0.1:9100/sms');
    expect(config.customer.timeoutMs).toBe(5000);
  });
});
