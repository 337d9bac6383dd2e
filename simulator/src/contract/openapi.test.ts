import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { OPERATIONS, renderOpenApi } from './openapi';

const documentUrl = new URL('../../openapi.json', import.meta.url);

/** Every `$ref` in a JSON value, with the JSON pointer of where it stands (visiting each object once: a dereferenced recursive schema is a cycle). */
function refsOf(value: unknown, at = '', seen = new WeakSet<object>()): { at: string; ref: string }[] {
  if (value === null || typeof value !== 'object' || seen.has(value)) return [];
  seen.add(value);
  return Object.entries(value).flatMap(([key, item]) =>
    key === '$ref' && typeof item === 'string' ? [{ at, ref: item }] : refsOf(item, `${at}/${key}`, seen),
  );
}

describe('contract document', () => {
  it('when the schemas change, then simulator/openapi.json must be regenerated (npm run contract -w simulator)', () => {
    expect(readFileSync(documentUrl, 'utf8')).toBe(renderOpenApi());
  });
  it('is a valid OpenAPI 3.1 document that a standard validator can dereference', async () => {
    const file = fileURLToPath(documentUrl);
    const validated = await SwaggerParser.validate(file);
    expect(validated).toMatchObject({ openapi: '3.1.0' });
    const dereferenced = await SwaggerParser.dereference(file);
    expect(refsOf(dereferenced)).toEqual([]);
  });
  it('every $ref points at a schema under components/schemas', () => {
    const document = JSON.parse(readFileSync(documentUrl, 'utf8')) as { components?: { schemas?: object } };
    const schemas = document.components?.schemas ?? {};
    const refs = refsOf(document);
    expect(refs.length).toBeGreaterThan(0);
    for (const { at, ref } of refs) {
      expect(ref, at).toMatch(/^#\/components\/schemas\/[A-Za-z][A-Za-z0-9]*$/);
      expect(Object.keys(schemas), at).toContain(ref.slice('#/components/schemas/'.length));
    }
  });
  it('lists every call of docs/requirements.md, "Upstream calls"', () => {
    const paths = OPERATIONS.map((op) => `${op.method.toUpperCase()} ${op.path}`);
    for (const expected of [
      'GET /customer-accounts',
      'GET /customer-accounts/{customerAccountNumber}/billing-accounts',
      'GET /billing-accounts/{billingAccountNumber}/products',
      'GET /customer-accounts/{customerAccountNumber}/loki/macs',
      'GET /devices/{mac}',
      'POST /api/fe/wan/v1/pon/onu/{mac}/action',
      'GET /api/fe/wan/v1/pon/olt/{olt}/port/{shelf}/{slot}/{port}/onus',
      'GET /api/fe/lan/v1/cpe/{mac}',
      'GET /api/fe/telephony/subscriber/{serialNumber}/hostIpMta/{hostIpMta}',
      'GET /bc/{networkType}/bc/bu/{prefix}/onumac/{mac}/all',
      'PUT /bc/{networkType}/bc/bu/{prefix}',
      'GET /mock/search-data.json',
      'GET /acs/devices/',
      'POST /acs/devices/{id}/tasks',
      'DELETE /acs/tasks/{taskId}',
    ]) {
      expect(paths).toContain(expected);
    }
  });
});
