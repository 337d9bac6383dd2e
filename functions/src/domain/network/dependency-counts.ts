/**
 * Dependency counts of the network lists (ARCHITECTURE.md, "Dependency counts"): each head end and
 * marketing area carries in `cmtsCount` how many CMTS rows reference it, so that the rules can refuse a
 * delete that would orphan rows. A trigger applies each CMTS write once (events arrive at least once);
 * a recount repairs drift.
 */
import type { CmtsDocument } from '@insight/common/network';

export interface CountRef {
  collection: string;
  id: string;
}

export interface CountChange extends CountRef {
  delta: 1 | -1;
}

export interface CountFix extends CountRef {
  was: number;
  now: number;
}

/** A CMTS row as far as the counts are concerned: the ids it references (anything, as stored). */
export type CmtsReferences = Partial<Record<keyof Pick<CmtsDocument, 'headEnd' | 'marketArea'>, unknown>>;

export interface CountSnapshot {
  rows: CmtsReferences[];
  /** Every head end and marketing area with its stored count (null: absent or not a number). */
  counts: Array<CountRef & { count: number | null }>;
}

/**
 * 'applied': the ledger now holds the event and every delta was added, in one atomic write.
 * 'duplicate': the ledger already held the event; nothing was written.
 * 'missing': a target document does not exist; nothing was written.
 */
export type LedgerOutcome = 'applied' | 'duplicate' | 'missing';

/** Where the counts and the ledger of applied events live (Firestore in production). */
export interface DependencyCountStore {
  applyOnce(eventId: string, changes: readonly CountChange[]): Promise<LedgerOutcome>;
  /** The refs among `refs` whose document exists. */
  existing(refs: readonly CountRef[]): Promise<CountRef[]>;
  /** One consistent read of every CMTS row's references and every stored count. */
  snapshot(): Promise<CountSnapshot>;
  /** Sets each count to `now` where it still holds `was` (a concurrent change wins); returns the fixes made. */
  repair(fixes: readonly CountFix[]): Promise<CountFix[]>;
}

export const sameRef = (a: CountRef, b: CountRef) => a.collection === b.collection && a.id === b.id;
