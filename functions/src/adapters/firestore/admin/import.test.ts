import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { firestoreAdminStore } from '../firestore-admin-store';

/**
 * Just enough of Firestore for an import of firmwares (a list that names no parent and has no invariant
 * lock): every row's transaction commits, except those of the ids in `failing`, whose transaction fails
 * as Firestore does when it gives up (a gRPC status, not a refusal of the store).
 */
function fakeFirestore(failing: Map<string, { code: number; message: string }>) {
  const written: string[] = [];
  const doc = (id: string) => ({ id, path: `diagnosis_firmwares/${id}` });
  const db = {
    collection: () => ({ doc }),
    runTransaction: async (run: (tx: unknown) => Promise<unknown>) => {
      let target = '';
      const tx = {
        get: async (ref: { id: string }) => {
          target = ref.id;
          return { exists: false, get: () => undefined, data: () => undefined };
        },
        getAll: async () => [],
        set: () => undefined,
      };
      const result = await run(tx);
      const failure = failing.get(target);
      if (failure) throw Object.assign(new Error(failure.message), { code: failure.code });
      written.push(target);
      return result;
    },
  };
  return { db: db as unknown as Firestore, written };
}

const row = (id: string, line: number) => ({
  id,
  line,
  fields: { model: `M-${id}`, version: '1.0', approved: true },
});

describe('importRows', () => {
  it('when one row fails inside Firestore (a deadline, contention after its retries), then that row is reported with its line and the others are written', async () => {
    const { db, written } = fakeFirestore(
      new Map([
        ['F2', { code: 4, message: '4 DEADLINE_EXCEEDED: Deadline exceeded' }],
        ['F4', { code: 10, message: '10 ABORTED: Too much contention on these documents' }],
      ]),
    );
    const store = firestoreAdminStore(() => db);
    const result = await store.importRows(
      'firmwares',
      {
        columns: ['model', 'version', 'approved'],
        rows: [row('F1', 2), row('F2', 3), row('F3', 4), row('F4', 5), row('__F5__', 6)],
      },
      { uid: 'u1', email: null },
    );
    expect(result.written).toEqual(['F1', 'F3']);
    expect(written.sort()).toEqual(['F1', 'F3']);
    expect(result.failed).toEqual([
      { id: 'F2', line: 3, code: 'unavailable', message: expect.stringContaining('DEADLINE_EXCEEDED') },
      { id: 'F4', line: 5, code: 'unavailable', message: expect.stringContaining('contention') },
      { id: '__F5__', line: 6, code: 'invalid_input', message: expect.stringContaining('reservedId') },
    ]);
  });
});
