import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { deleteDoc, doc, getDoc, serverTimestamp, setDoc, Timestamp, updateDoc } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { memberClaims, useRulesEnvironment } from './support';

/** Signed in, but not a member: an unverified e-mail, one outside the allowed domains, or none. */
const NOT_MEMBERS: Array<[string, Record<string, unknown>]> = [
  ['an unverified e-mail', { email_verified: false }],
  ['an e-mail outside the allowed domains', { email: 'u1@elsewhere.example' }],
  ['no e-mail', { email: null }],
];
const lookups = (macs: string[]) => ({ macs, updatedAt: serverTimestamp() });

describe("firestore.rules: a user's own documents", () => {
  const getEnv = useRulesEnvironment((env) =>
    env.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore();
      await setDoc(doc(db, 'recent_lookups/u1'), { macs: ['AABBCCDDEEFF'], updatedAt: Timestamp.now() });
      await setDoc(doc(db, 'user_roles/u1'), {
        roles: ['support1'],
        updatedBy: 'seed',
        updatedAt: Timestamp.now(),
      });
      await setDoc(doc(db, 'user_roles/u2'), {
        roles: ['support3'],
        updatedBy: 'seed',
        updatedAt: Timestamp.now(),
      });
    }),
  );
  const storeOf = (claims: Record<string, unknown>) =>
    getEnv().authenticatedContext('u1', claims).firestore();

  it('when a member reads and writes their recent lookups, then it is allowed', async () => {
    const store = storeOf(memberClaims('u1', ['support1']));
    await assertSucceeds(getDoc(doc(store, 'recent_lookups/u1')));
    await assertSucceeds(updateDoc(doc(store, 'recent_lookups/u1'), lookups(['AABBCCDDEE01'])));
    await assertSucceeds(deleteDoc(doc(store, 'recent_lookups/u1')));
    await assertSucceeds(setDoc(doc(store, 'recent_lookups/u1'), lookups(['AABBCCDDEE02'])));
  });

  for (const [label, overrides] of NOT_MEMBERS)
    it(`when a signed-in user with ${label} uses their own recent lookups, then every operation is refused`, async () => {
      const store = storeOf(memberClaims('u1', ['support1'], overrides));
      await assertFails(getDoc(doc(store, 'recent_lookups/u1')));
      await assertFails(updateDoc(doc(store, 'recent_lookups/u1'), lookups(['AABBCCDDEE01'])));
      await assertFails(deleteDoc(doc(store, 'recent_lookups/u1')));
      await assertFails(setDoc(doc(store, 'recent_lookups/u1'), lookups(['AABBCCDDEE02'])));
    });

  it("when a signed-in user who is not a member reads their own roles document, then it is allowed (the no-access page listens to it); another user's is refused", async () => {
    for (const [, overrides] of NOT_MEMBERS) {
      const store = storeOf(memberClaims('u1', ['engineering'], overrides));
      await assertSucceeds(getDoc(doc(store, 'user_roles/u1')));
      // Even with an engineering claim: manageRoles counts only for a member.
      await assertFails(getDoc(doc(store, 'user_roles/u2')));
      await assertFails(setDoc(doc(store, 'user_roles/u1'), { roles: ['engineering'] }));
    }
    await assertSucceeds(getDoc(doc(storeOf(memberClaims('u1', ['engineering'])), 'user_roles/u2')));
  });
});
