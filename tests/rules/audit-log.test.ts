import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { addDoc, collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { CAPABILITY_MATRIX, ROLE_KEYS } from '@insight/common/roles';
import { useRulesEnvironment, memberClaims } from './support';

describe('firestore.rules: audit_log', () => {
  const getEnv = useRulesEnvironment((env) =>
    env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore(), 'audit_log/r1'), {
        uid: 'u1',
        operation: 'deviceReset',
        outcome: 'sent',
      });
    }),
  );

  for (const role of ROLE_KEYS) {
    const mayRead = CAPABILITY_MATRIX.auditRead.includes(role);
    it(`when a ${role} user reads the audit log, then it is ${mayRead ? 'allowed' : 'refused'}; writing is always refused`, async () => {
      const db = getEnv()
        .authenticatedContext(`user-${role}`, memberClaims(`user-${role}`, [role]))
        .firestore();
      await (mayRead ? assertSucceeds : assertFails)(getDoc(doc(db, 'audit_log/r1')));
      await (mayRead ? assertSucceeds : assertFails)(getDocs(collection(db, 'audit_log')));
      await assertFails(
        addDoc(collection(db, 'audit_log'), {
          uid: `user-${role}`,
          operation: 'deviceReset',
          outcome: 'sent',
        }),
      );
      await assertFails(updateDoc(doc(db, 'audit_log/r1'), { outcome: 'failed' }));
      await assertFails(setDoc(doc(db, 'audit_log/r1'), { uid: 'forged' }));
      await assertFails(deleteDoc(doc(db, 'audit_log/r1')));
    });
  }

  it('when a signed-out visitor, a user without roles or with a malformed claim reads it, then it is refused', async () => {
    await assertFails(getDoc(doc(getEnv().unauthenticatedContext().firestore(), 'audit_log/r1')));
    await assertFails(getDoc(doc(getEnv().authenticatedContext('none', {}).firestore(), 'audit_log/r1')));
    await assertFails(
      getDoc(
        doc(
          getEnv().authenticatedContext('bad', memberClaims('bad', 'engineering')).firestore(),
          'audit_log/r1',
        ),
      ),
    );
  });
});
