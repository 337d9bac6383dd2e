/**
 * Where the tests run from devices are kept (docs/device-tests.md): one slot per device and kind, holding
 * the newest test of that kind (what every agent's view shows, and what the next start checks) and the
 * times of the starts in the limit's window. `device_tests/{mac}_{kind}` in Firestore
 * (adapters/firestore/firestore-device-tests.ts), a map in the tests; both apply the same pure steps inside
 * their transaction, so one test of each kind runs per device at a time across instances.
 */
import {
  isTestRunning,
  TEST_BOUND_MS,
  TEST_LIMITS,
  type DeviceTest,
  type DeviceTestKind,
} from '@insight/common/device-tests';
import type { StepObject } from './device-tests-port';

/** A test as stored: the answer's fields, who started it, the ACS's device id and the step running. */
export interface StoredTest extends DeviceTest {
  uid: string;
  device: string | null;
  /** The step the device runs (a speed test's download, then upload). */
  step: StepObject | null;
  /** The start's idempotency key: its retry answers this test instead of a conflict. */
  idempotencyKey?: string;
}

export interface TestSlot {
  test: StoredTest | null;
  /** When each start of the window was taken (ms since the epoch). */
  starts: number[];
}
export const EMPTY_SLOT: TestSlot = { test: null, starts: [] };

export type BeginVerdict =
  | { ok: true; previous: TestSlot }
  | { ok: false; reason: 'running'; test: StoredTest }
  | { ok: false; reason: 'limit'; retryAfterSeconds: number };

/** Whether a stored test still runs at `now`: started, not ended, within its bound. */
export const runsAt = (test: StoredTest | null, now: number): test is StoredTest =>
  test !== null && isTestRunning(test.state) && now - Date.parse(test.requestedAt) < TEST_BOUND_MS[test.kind];

/**
 * The slot after a start at `now`, or why there is none: a test of the kind still runs (by anyone), or the
 * device's allowance for the kind is spent (TEST_LIMITS, a sliding window).
 */
export function beginSlot(
  slot: TestSlot,
  test: StoredTest,
  now: number,
): { verdict: BeginVerdict; next: TestSlot | null } {
  if (runsAt(slot.test, now))
    return { verdict: { ok: false, reason: 'running', test: slot.test }, next: null };
  const limit = TEST_LIMITS[test.kind];
  const windowMs = limit.durationSeconds * 1000;
  const starts = slot.starts.filter((at) => at > now - windowMs);
  if (starts.length >= limit.points) {
    const retryAfterMs = starts[starts.length - limit.points]! + windowMs - now;
    return {
      verdict: { ok: false, reason: 'limit', retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) },
      next: null,
    };
  }
  return { verdict: { ok: true, previous: slot }, next: { test, starts: [...starts, now] } };
}

export interface DeviceTestStore {
  /** Stores `test` as the kind's newest when beginSlot allows it, in one transaction. */
  begin(mac: string, kind: DeviceTestKind, test: StoredTest, now: number): Promise<BeginVerdict>;
  /** Puts back the slot `begin` replaced (a start the ACS refused), if the test is still `id`. */
  restore(mac: string, kind: DeviceTestKind, id: string, previous: TestSlot): Promise<void>;
  /**
   * Replaces the test `id` by `next(test)` in one transaction, and answers it; null when the slot holds
   * another test or `next` declines (another request moved the test first).
   */
  update(
    mac: string,
    kind: DeviceTestKind,
    id: string,
    next: (test: StoredTest) => StoredTest | null,
  ): Promise<StoredTest | null>;
  /** The newest test of each kind on the device. */
  list(mac: string): Promise<StoredTest[]>;
}

/** The store as a map: the tests, and an app built without Firestore (one instance). */
export function memoryTestStore(): DeviceTestStore & { slots: Map<string, TestSlot> } {
  const slots = new Map<string, TestSlot>();
  const key = (mac: string, kind: DeviceTestKind) => `${mac}_${kind}`;
  return {
    slots,
    async begin(mac, kind, test, now) {
      const { verdict, next } = beginSlot(slots.get(key(mac, kind)) ?? EMPTY_SLOT, test, now);
      if (next) slots.set(key(mac, kind), next);
      return verdict;
    },
    async restore(mac, kind, id, previous) {
      if (slots.get(key(mac, kind))?.test?.id === id) slots.set(key(mac, kind), previous);
    },
    async update(mac, kind, id, next) {
      const slot = slots.get(key(mac, kind));
      if (slot?.test?.id !== id) return null;
      const test = next(slot.test);
      if (test) slots.set(key(mac, kind), { ...slot, test });
      return test;
    },
    async list(mac) {
      return [...slots.entries()]
        .filter(([name]) => name.startsWith(`${mac}_`))
        .flatMap(([, slot]) => (slot.test ? [slot.test] : []));
    },
  };
}
