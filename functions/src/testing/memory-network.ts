import { NETWORK_COLLECTIONS } from '@insight/common/network';
import type { AuditRecord } from '@insight/common/customer360';
import type { DeletionStamp, HistoryStore } from '../domain/network/change-history';
import type {
  CmtsReferences,
  CountFix,
  CountRef,
  DependencyCountStore,
} from '../domain/network/dependency-counts';

/** The dependency-count port in memory: CMTS rows, head ends and marketing areas with their counts. */
export class MemoryDependencyCounts implements DependencyCountStore {
  readonly ledger = new Set<string>();
  /** `collection/id` → stored count (undefined: the document exists without a count). */
  readonly areas = new Map<string, number | undefined>();
  readonly rows = new Map<string, CmtsReferences>();

  constructor(
    seed: {
      headEnds?: Record<string, number | undefined>;
      marketAreas?: Record<string, number | undefined>;
    } = {},
  ) {
    for (const [id, count] of Object.entries(seed.headEnds ?? {}))
      this.areas.set(`${NETWORK_COLLECTIONS.headEnd}/${id}`, count);
    for (const [id, count] of Object.entries(seed.marketAreas ?? {}))
      this.areas.set(`${NETWORK_COLLECTIONS.marketArea}/${id}`, count);
  }

  count(collection: string, id: string): number | undefined {
    return this.areas.get(`${collection}/${id}`);
  }

  async applyOnce(eventId: string, changes: ReadonlyArray<CountRef & { delta: number }>) {
    if (this.ledger.has(eventId)) return 'duplicate' as const;
    if (changes.some(({ collection, id }) => !this.areas.has(`${collection}/${id}`)))
      return 'missing' as const;
    this.ledger.add(eventId);
    for (const { collection, id, delta } of changes) {
      this.areas.set(`${collection}/${id}`, (this.count(collection, id) ?? 0) + delta);
    }
    return 'applied' as const;
  }

  async existing(refs: readonly CountRef[]) {
    return refs.filter(({ collection, id }) => this.areas.has(`${collection}/${id}`));
  }

  async snapshot() {
    return {
      rows: [...this.rows.values()],
      counts: [...this.areas.entries()].map(([key, count]) => {
        const [collection, id] = key.split('/') as [string, string];
        return { collection, id, count: count ?? null };
      }),
    };
  }

  async repair(fixes: readonly CountFix[]) {
    const due = fixes.filter((fix) => (this.count(fix.collection, fix.id) ?? 0) === fix.was);
    for (const fix of due) this.areas.set(`${fix.collection}/${fix.id}`, fix.now);
    return due;
  }
}

/** The history port in memory. */
export class MemoryHistoryStore implements HistoryStore {
  readonly records = new Map<string, AuditRecord>();
  readonly stamps = new Map<string, DeletionStamp>();

  async deletionStamp(collection: string, docId: string) {
    return this.stamps.get(`${collection}:${docId}`) ?? null;
  }

  async createOnce(id: string, record: AuditRecord) {
    if (this.records.has(id)) return false;
    this.records.set(id, record);
    return true;
  }
}
