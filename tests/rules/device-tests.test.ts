/**
 * The tests run from devices (docs/device-tests.md) are the functions' own: `device_tests/{mac}_{kind}`
 * holds each device's newest test and its limit window, read and written by the API alone (it checks the
 * role: `deviceTests`, `wifiOptimise`). No client reads or writes a slot, whatever its role; a write with
 * the rules bypassed (as the API writes) goes through, so each refusal could have been an acceptance.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { deleteDoc, doc, getDoc, getDocs, collection, setDoc, updateDoc } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { ROLE_KEYS } from '@insight/common/roles';
import { memberClaims, useRulesEnvironment } from './support';

const SLOT = 'device_tests/D1A600000000_speed';
const STORED = {
  test: { id: 't1', kind: 'speed', state: 'complete', by: 'support2@insight.test', uid: 'user-support2' },
  starts: [1_800_000_000_000],
};

describe('device_tests', () => {
  const env = useRulesEnvironment(async (rules) => {
    await rules.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore(), SLOT), STORED);
    });
  });

  for (const role of [...ROLE_KEYS, null])
    it(`${role ?? 'signed out'} reads no slot and writes none`, async () => {
      const db = role
        ? env()
            .authenticatedContext(`user-${role}`, memberClaims(`user-${role}`, [role]))
            .firestore()
        : env().unauthenticatedContext().firestore();
      await assertFails(getDoc(doc(db, SLOT)));
      await assertFails(getDocs(collection(db, 'device_tests')));
      await assertFails(setDoc(doc(db, 'device_tests/D1A600000000_ping'), STORED));
      await assertFails(updateDoc(doc(db, SLOT), { starts: [] }));
      await assertFails(deleteDoc(doc(db, SLOT)));
    });

  it('the same change, written with the rules bypassed (as the API writes it), goes through', async () => {
    await env().withSecurityRulesDisabled(async (context) => {
      const ref = doc(context.firestore(), SLOT);
      await assertSucceeds(updateDoc(ref, { starts: [] }));
      expect((await getDoc(ref)).data()?.starts).toEqual([]);
    });
  });
});
