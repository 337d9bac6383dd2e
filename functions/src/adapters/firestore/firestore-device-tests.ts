import type { Firestore } from 'firebase-admin/firestore';
import { DEVICE_TEST_KINDS, TEST_LIMITS, type DeviceTestKind } from '@insight/common/device-tests';
import {
  beginSlot,
  EMPTY_SLOT,
  type DeviceTestStore,
  type StoredTest,
  type TestSlot,
} from '../../domain/device-tests/test-store';

/** The functions' own collection (no client reads or writes it: firestore.rules' default deny). */
export const DEVICE_TESTS_COLLECTION = 'device_tests';

const slotOf = (data: FirebaseFirestore.DocumentData | undefined): TestSlot =>
  data
    ? { test: (data.test as StoredTest | null) ?? null, starts: (data.starts as number[]) ?? [] }
    : EMPTY_SLOT;

/**
 * The tests' slots shared by every instance: `device_tests/{mac}_{kind}`, each read and written in one
 * transaction, so that two agents (on any instances) starting the same kind of test on one device get one
 * test and one 409, and the limit holds for the service (docs/device-tests.md, "One at a time").
 */
export function firestoreDeviceTests(db: () => Firestore): DeviceTestStore {
  const ref = (mac: string, kind: DeviceTestKind) =>
    db().collection(DEVICE_TESTS_COLLECTION).doc(`${mac}_${kind}`);
  const write = (slot: TestSlot, kind: DeviceTestKind) => ({
    ...slot,
    // A Firestore TTL policy may delete a slot a day after its window ended.
    expireAt: new Date(Math.max(0, ...slot.starts) + TEST_LIMITS[kind].durationSeconds * 1000 + 86_400_000),
  });
  return {
    begin(mac, kind, test, now) {
      return db().runTransaction(
        async (tx) => {
          const doc = ref(mac, kind);
          const { verdict, next } = beginSlot(slotOf((await tx.get(doc)).data()), test, now);
          if (next) tx.set(doc, write(next, kind));
          return verdict;
        },
        { maxAttempts: 20 },
      );
    },
    async restore(mac, kind, id, previous) {
      await db().runTransaction(async (tx) => {
        const doc = ref(mac, kind);
        if (slotOf((await tx.get(doc)).data()).test?.id === id) tx.set(doc, write(previous, kind));
      });
    },
    update(mac, kind, id, next) {
      return db().runTransaction(
        async (tx) => {
          const doc = ref(mac, kind);
          const slot = slotOf((await tx.get(doc)).data());
          if (slot.test?.id !== id) return null;
          const test = next(slot.test);
          if (test) tx.set(doc, write({ ...slot, test }, kind));
          return test;
        },
        { maxAttempts: 20 },
      );
    },
    async list(mac) {
      const docs = await db().getAll(...DEVICE_TEST_KINDS.map((kind) => ref(mac, kind)));
      return docs.flatMap((doc) => {
        const test = slotOf(doc.data()).test;
        return test ? [test] : [];
      });
    },
  };
}
