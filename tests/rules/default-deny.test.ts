import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { deleteDoc, doc, getDoc, setDoc } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { useRulesEnvironment, memberClaims } from './support';

// Collections that no rule opens yet: every client operation must be refused, whoever asks.
const UNDESIGNED = ['some_future_collection/doc1', 'anything/else/nested/doc'];

describe('firestore.rules: deny by default', () => {
  const getEnv = useRulesEnvironment((env) =>
    env.withSecurityRulesDisabled(async (context) => {
      for (const path of UNDESIGNED) await setDoc(doc(context.firestore(), path), { seeded: true });
    }),
  );

  for (const path of UNDESIGNED) {
    it(`when anyone reads or writes ${path}, then it is refused`, async () => {
      const engineer = getEnv()
        .authenticatedContext('eng', memberClaims('eng', ['engineering']))
        .firestore();
      const anonymous = getEnv().unauthenticatedContext().firestore();
      await assertFails(getDoc(doc(engineer, path)));
      await assertFails(getDoc(doc(anonymous, path)));
      await assertFails(setDoc(doc(engineer, path), { a: 1 }));
      await assertFails(deleteDoc(doc(engineer, path)));
    });
  }

  it('when the rules are bypassed (as the functions do with the Admin SDK), then the document is there', async () => {
    await getEnv().withSecurityRulesDisabled(async (context) => {
      await assertSucceeds(getDoc(doc(context.firestore(), UNDESIGNED[0]!)));
    });
  });
});
