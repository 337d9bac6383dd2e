import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Firestore } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { AUDIT_RETENTION_DAYS, auditExpireAt } from './audit-retention';
import { firestoreAuditSink } from './firestore-audit-sink';

const DAY = 24 * 60 * 60 * 1000;

describe('audit_log retention', () => {
  it('writes expireAt, AUDIT_RETENTION_DAYS after now, on every record', async () => {
    const added: Array<{ collection: string; data: Record<string, unknown> }> = [];
    const db = {
      collection: (collection: string) => ({
        add: async (data: Record<string, unknown>) => void added.push({ collection, data }),
      }),
    } as unknown as Firestore;
    const now = Date.UTC(2026, 0, 1);
    await firestoreAuditSink(
      () => db,
      () => now,
    ).write({
      uid: 'u1',
      email: 'a@b.c',
      operation: 'reset',
      mac: 'aabbccddeeff',
      parameters: {},
      outcome: 'sent',
    } as never);
    expect(added).toHaveLength(1);
    expect(added[0]!.collection).toBe('audit_log');
    expect((added[0]!.data.expireAt as Timestamp).toMillis()).toBe(now + AUDIT_RETENTION_DAYS * DAY);
  });

  it("dates a history record's expiry from its own time", () => {
    const at = Timestamp.fromMillis(Date.UTC(2025, 5, 1));
    expect(auditExpireAt(at).toMillis()).toBe(at.toMillis() + AUDIT_RETENTION_DAYS * DAY);
  });

  it('declares the TTL policies on expireAt in firestore.indexes.json, exempt from indexing', () => {
    const file = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../../../../firestore.indexes.json'), 'utf8'),
    ) as {
      fieldOverrides: Array<{
        collectionGroup: string;
        fieldPath: string;
        ttl?: boolean;
        indexes: unknown[];
      }>;
    };
    for (const group of ['audit_log', 'deletion_stamps', 'trigger_events']) {
      const override = file.fieldOverrides.find(
        (o) => o.collectionGroup === group && o.fieldPath === 'expireAt',
      );
      expect(override, group).toMatchObject({ ttl: true, indexes: [] });
    }
  });
});
