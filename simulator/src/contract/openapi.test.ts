import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATIONS, renderOpenApi } from './openapi';

describe('contract document', () => {
  it('when the schemas change, then simulator/openapi.json must be regenerated (npm run contract -w simulator)', () => {
    expect(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8')).toBe(renderOpenApi());
  });
  it('lists every call of SPEC.md section 7', () => {
    const paths = OPERATIONS.map((op) => `${op.method.toUpperCase()} ${op.path}`);
    for (const expected of [
      'GET /customer-accounts',
      'GET /customer-accounts/{customerAccountNumber}/billing-accounts',
      'GET /billing-accounts/{billingAccountNumber}/products',
      'GET /customer-accounts/{customerAccountNumber}/loki/macs',
      'GET /devices/{mac}',
      'POST /api/fe/wan/v1/pon/onu/{mac}/action',
      'GET /api/fe/lan/v1/cpe/{mac}',
      'GET /api/fe/telephony/subscriber/{serialNumber}/hostIpMta/{hostIpMta}',
      'GET /bc/{networkType}/bc/bu/{prefix}/onumac/{mac}/all',
      'PUT /bc/{networkType}/bc/bu/{prefix}',
    ]) {
      expect(paths).toContain(expected);
    }
  });
});
