/**
 * The outage notifications' settings and records (docs/outages.md, "Notifications"): `crm_webhooks` holds
 * the notifications' signing secrets, so only engineering reads it, and it is written through the admin API
 * only; `outage_deliveries` is the functions' own. (The outages themselves: outages.test.ts.)
 */
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { CRM_WEBHOOKS_COLLECTION } from '@insight/common/crm-webhooks';
import { ROLE_KEYS, type RoleKey } from '@insight/common/roles';
import { seedDocuments, storeOf, verdict } from './admin-fixtures';
import { useRulesEnvironment } from './support';

const OUTAGE = 'a1b2c3d4e5f60718-1795806120';
const webhook = {
  webhookId: 'crm',
  name: 'CRM',
  url: 'https://crm.example/h',
  secret: 'x'.repeat(24),
  enabled: true,
};
const delivery = { outageId: OUTAGE, state: 'sent', attempts: 1, lastError: null };

describe('firestore.rules: CRM webhooks and delivery records', () => {
  const getEnv = useRulesEnvironment((env) =>
    seedDocuments(env, [
      [`${CRM_WEBHOOKS_COLLECTION}/crm`, webhook],
      [`outage_deliveries/${OUTAGE}:open:crm`, delivery],
    ]),
  );
  const store = (role: RoleKey) => storeOf(getEnv(), `user-${role}`, [role]);

  it('when each role reads the CRM webhooks, then only engineering does (the rows hold the secrets), and nobody writes them directly', async () => {
    for (const role of ROLE_KEYS) {
      const db = store(role);
      const read = await verdict(getDoc(doc(db, CRM_WEBHOOKS_COLLECTION, 'crm')));
      expect(read, role).toBe(role === 'engineering');
      expect(await verdict(getDocs(collection(db, CRM_WEBHOOKS_COLLECTION))), role).toBe(
        role === 'engineering',
      );
      expect(await verdict(setDoc(doc(db, CRM_WEBHOOKS_COLLECTION, 'crm'), webhook)), role).toBe(false);
      expect(await verdict(deleteDoc(doc(db, CRM_WEBHOOKS_COLLECTION, 'crm'))), role).toBe(false);
    }
  });

  it('when any role reads or writes a delivery record, then it is refused', async () => {
    for (const role of ROLE_KEYS) {
      const db = store(role);
      const ref = doc(db, 'outage_deliveries', `${OUTAGE}:open:crm`);
      expect(await verdict(getDoc(ref)), role).toBe(false);
      expect(await verdict(setDoc(ref, { ...delivery, state: 'sending' })), role).toBe(false);
    }
  });
});
