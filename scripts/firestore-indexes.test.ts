import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminStoreQueryShapes } from '../functions/src/adapters/firestore';
import { auditQueryShapes } from '../hosting/src/features/audit/api/audit-query';
import { compositeFor, missingIndex, type IndexesFile } from './lib/firestore-indexes';

const file = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../firestore.indexes.json'), 'utf8'),
) as IndexesFile;

describe('firestore.indexes.json serves every query the code builds', () => {
  it('the audit page: every combination of its five filters and the dates', () => {
    const shapes = auditQueryShapes();
    // 32 combinations of the equality filters, each with and without a date range.
    expect(shapes).toHaveLength(64);
    expect(shapes.map((shape) => missingIndex(shape, file)).filter(Boolean)).toEqual([]);
  });

  it("the functions' admin-list queries (single-field indexes, none exempted)", () => {
    const shapes = adminStoreQueryShapes();
    expect(shapes.length).toBeGreaterThan(5);
    expect(shapes.map((shape) => missingIndex(shape, file)).filter(Boolean)).toEqual([]);
  });

  it('declares no composite index that no query uses', () => {
    const needed = new Set(
      [...auditQueryShapes(), ...adminStoreQueryShapes()]
        .filter((shape) => missingIndex(shape, { indexes: [] }) !== null)
        .map((shape) =>
          JSON.stringify(
            compositeFor(shape)
              .fields.map((f) => f.fieldPath)
              .sort(),
          ),
        ),
    );
    const unused = file.indexes.filter(
      (index) => !needed.has(JSON.stringify(index.fields.map((f) => f.fieldPath).sort())),
    );
    expect(unused).toEqual([]);
  });

  it('knows a missing index when it sees one', () => {
    const shape = {
      collectionGroup: 'audit_log',
      equality: ['mac', 'email'],
      range: ['at'],
      orderBy: [{ field: 'at', direction: 'desc' as const }],
    };
    const one = { indexes: [compositeFor(shape)] };
    expect(missingIndex(shape, one)).toBeNull();
    expect(missingIndex({ ...shape, equality: ['email', 'mac'] }, one)).toBeNull();
    expect(missingIndex({ ...shape, equality: ['mac'] }, one)).toMatch(/no composite index/);
    expect(missingIndex({ ...shape, orderBy: [{ field: 'at', direction: 'asc' }] }, one)).toMatch(
      /no composite/,
    );
    // Equality alone merges single-field indexes; an exempted field breaks that.
    const plain = { collectionGroup: 'c', equality: ['a', 'b'], range: [], orderBy: [] };
    expect(missingIndex(plain, { indexes: [] })).toBeNull();
    expect(
      missingIndex(plain, {
        indexes: [],
        fieldOverrides: [{ collectionGroup: 'c', fieldPath: 'b', indexes: [] }],
      }),
    ).toMatch(/exempted/);
  });
});
