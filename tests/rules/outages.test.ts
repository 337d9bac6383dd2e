/**
 * The known outages as the rules have them (firestore.rules, "known outages"; common/src/collections.ts):
 * the roles with outagesView read one outage and list the open ones (the board's listener and the REST
 * query of the 360 view and Home) and the recently resolved ones; nobody else does; and no client writes
 * an outage, its note or its notification state, whatever the role: the note goes through the API, the
 * rest is the functions'. Every refusal is paired with evidence that it could fail (the same read by a
 * role that may, the same write with the rules bypassed). The notification settings, the CRM webhooks
 * (each row holds its signing secret), are read by engineering alone and written by no client (the admin
 * API writes them); the deliveries' ledger is the functions' own.
 */
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  setDoc,
  updateDoc,
  where,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { CRM_WEBHOOKS_COLLECTION } from '@insight/common/crm-webhooks';
import { OUTAGES_COLLECTION } from '@insight/common/outages';
import { can, ROLE_KEYS, type RoleKey } from '@insight/common/roles';
import { anOutage } from '@insight/common/testing/outage-fixtures';
import { memberClaims, useRulesEnvironment } from './support';

const OPEN = anOutage();
const RESOLVED = anOutage({
  id: 'abc123-1795700000',
  fingerprint: 'abc123',
  state: 'resolved',
  endsAt: '2026-11-26T10:00:00.000Z',
});

type Principal = { label: string; uid: string | null; roles: RoleKey[]; claims?: Record<string, unknown> };
const PRINCIPALS: Principal[] = [
  ...ROLE_KEYS.map((role) => ({ label: role, uid: `user-${role}`, roles: [role] })),
  { label: 'no roles', uid: 'user-none', roles: [] },
  { label: 'signed out', uid: null, roles: [] },
  // A role's claim without a verified e-mail of an allowed domain is no member's.
  {
    label: 'unverified operation',
    uid: 'user-unverified',
    roles: ['operation'],
    claims: { email_verified: false },
  },
];
/** The database as a principal sees it: signed in with its claims, or signed out. */
const databaseOf = (env: RulesTestEnvironment, principal: Principal) =>
  principal.uid
    ? env
        .authenticatedContext(principal.uid, memberClaims(principal.uid, principal.roles, principal.claims))
        .firestore()
    : env.unauthenticatedContext().firestore();
const reader = (principal: Principal) =>
  principal.uid !== null && !principal.claims && can(principal.roles, 'outagesView');

describe('outages', () => {
  const env = useRulesEnvironment(async (rules) => {
    await rules.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore();
      for (const outage of [OPEN, RESOLVED]) await setDoc(doc(db, OUTAGES_COLLECTION, outage.id), outage);
    });
  });
  const dbOf = (principal: Principal) => databaseOf(env(), principal);

  it('the roles of outagesView are support1–3, operation and engineering; outagesNote is operation’s', () => {
    expect(ROLE_KEYS.filter((role) => can([role], 'outagesView'))).toEqual([
      'engineering',
      'operation',
      'support1',
      'support2',
      'support3',
    ]);
    expect(ROLE_KEYS.filter((role) => can([role], 'outagesNote'))).toEqual(['operation']);
  });

  for (const principal of PRINCIPALS)
    it(`${principal.label} ${reader(principal) ? 'reads' : 'reads no'} outage, open or resolved`, async () => {
      const db = dbOf(principal);
      const one = getDoc(doc(db, OUTAGES_COLLECTION, OPEN.id));
      const open = getDocs(query(collection(db, OUTAGES_COLLECTION), where('state', '==', 'open')));
      const resolved = getDocs(
        query(collection(db, OUTAGES_COLLECTION), where('endsAt', '>=', '2026-11-20T00:00:00.000Z')),
      );
      if (!reader(principal)) {
        for (const read of [one, open, resolved]) await assertFails(read);
        return;
      }
      expect((await assertSucceeds(one)).data()).toMatchObject({ state: 'open', olt: OPEN.olt });
      expect((await assertSucceeds(open)).docs.map((item) => item.id)).toEqual([OPEN.id]);
      expect((await assertSucceeds(resolved)).docs.map((item) => item.id)).toEqual([RESOLVED.id]);
    });

  for (const principal of PRINCIPALS.filter((item) => item.uid !== null))
    it(`${principal.label} writes no outage: neither a new one, the note, the notification state nor a delete`, async () => {
      const db = dbOf(principal);
      const ref = doc(db, OUTAGES_COLLECTION, OPEN.id);
      await assertFails(
        setDoc(doc(db, OUTAGES_COLLECTION, 'f00d-1795790000'), anOutage({ id: 'f00d-1795790000' })),
      );
      await assertFails(updateDoc(ref, { note: { ticket: 'OUT-9', backAbout: null, text: 'direct' } }));
      await assertFails(updateDoc(ref, { 'notify.state': 'sent' }));
      await assertFails(updateDoc(ref, { state: 'resolved', endsAt: '2026-11-27T15:00:00.000Z' }));
      await assertFails(deleteDoc(ref));
    });

  it('the same note, written with the rules bypassed (as the API writes it), goes through: the refusals are the rules’', async () => {
    await env().withSecurityRulesDisabled(async (context) => {
      const ref = doc(context.firestore(), OUTAGES_COLLECTION, OPEN.id);
      await updateDoc(ref, { note: { ticket: 'OUT-9', backAbout: null, text: 'direct' } });
      expect((await getDoc(ref)).data()?.note).toEqual({ ticket: 'OUT-9', backAbout: null, text: 'direct' });
    });
  });
});

describe('the notification settings', () => {
  const WEBHOOK = {
    webhookId: 'CRM-MAIN',
    name: 'Main CRM',
    url: 'https://crm.example.ca/outages',
    secret: 'a-secret-of-thirty-two-characters',
    enabled: true,
    updatedBy: 'seed',
  };
  const DELIVERY = `outage_deliveries/${OPEN.id}:open:CRM-MAIN`;
  const env = useRulesEnvironment(async (rules) => {
    await rules.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore();
      await setDoc(doc(db, CRM_WEBHOOKS_COLLECTION, WEBHOOK.webhookId), WEBHOOK);
      await setDoc(doc(db, DELIVERY), { state: 'sent', attempts: 1 });
    });
  });
  const dbOf = (principal: Principal) => databaseOf(env(), principal);
  // Engineering keeps the webhooks; adminRead (support3, operation) reads the other lists, not these secrets.
  const keeper = (principal: Principal) =>
    principal.uid !== null && !principal.claims && can(principal.roles, 'adminWrite');

  for (const principal of PRINCIPALS)
    it(`${principal.label} ${keeper(principal) ? 'reads' : 'reads no'} CRM webhook, and writes none, nor a delivery`, async () => {
      const db = dbOf(principal);
      const one = getDoc(doc(db, CRM_WEBHOOKS_COLLECTION, WEBHOOK.webhookId));
      const all = getDocs(collection(db, CRM_WEBHOOKS_COLLECTION));
      if (keeper(principal)) {
        expect((await assertSucceeds(one)).data()).toMatchObject({ url: WEBHOOK.url, enabled: true });
        expect((await assertSucceeds(all)).size).toBe(1);
      } else for (const read of [one, all]) await assertFails(read);
      await assertFails(getDoc(doc(db, DELIVERY)));
      if (!principal.uid) return;
      const ref = doc(db, CRM_WEBHOOKS_COLLECTION, WEBHOOK.webhookId);
      await assertFails(
        setDoc(doc(db, CRM_WEBHOOKS_COLLECTION, 'CRM-NEW'), { ...WEBHOOK, webhookId: 'CRM-NEW' }),
      );
      await assertFails(updateDoc(ref, { url: 'https://attacker.example/hook' }));
      await assertFails(updateDoc(ref, { enabled: false }));
      await assertFails(deleteDoc(ref));
      await assertFails(setDoc(doc(db, DELIVERY), { state: 'failed', attempts: 9 }));
    });

  it('the same change of a webhook, written with the rules bypassed (as the admin API writes it), goes through', async () => {
    await env().withSecurityRulesDisabled(async (context) => {
      const ref = doc(context.firestore(), CRM_WEBHOOKS_COLLECTION, WEBHOOK.webhookId);
      await updateDoc(ref, { enabled: false });
      expect((await getDoc(ref)).data()?.enabled).toBe(false);
    });
  });
});
