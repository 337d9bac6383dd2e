import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  writeBatch,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { DELETION_STAMPS, deletionStampId } from '@insight/common/change-history';
import { areaFieldsSchema, cmtsFieldsSchema, type CmtsFields } from '@insight/common/network';
import { CAPABILITY_MATRIX, ROLE_KEYS } from '@insight/common/roles';
import { memberClaims, useRulesEnvironment } from './support';

type Store = ReturnType<ReturnType<RulesTestEnvironment['authenticatedContext']>['firestore']>;
const AREAS = ['cmts_head_end', 'cmts_marketing_area'] as const;
const WRITERS = ROLE_KEYS.filter((role) => CAPABILITY_MATRIX.adminWrite.includes(role));

const cmts = (id: string): CmtsFields => ({
  cmtsId: id,
  hostName: 'olt-ott-1.on.example',
  ipLookup: '10.1.2.3',
  ipManage: '10.1.2.4',
  headEnd: 'ON-OTT-01',
  marketArea: 'MA-OTT',
  group: 'Fibre',
  versionId: 'R6.1.2',
  configLastUpdated: new Date('2026-11-01T10:00:00Z'),
  overrideIpChecks: false,
});
/** A CMTS row as the web app writes it on create. */
const cmtsWrite = (fields: Record<string, unknown>, uid: string) => ({
  ...fields,
  ...(fields.configLastUpdated instanceof Date
    ? { configLastUpdated: Timestamp.fromDate(fields.configLastUpdated) }
    : {}),
  createdOn: serverTimestamp(),
  lastUpdate: serverTimestamp(),
  updatedBy: uid,
});
const areaWrite = (fields: Record<string, unknown>, uid: string) => ({
  ...fields,
  createdOn: serverTimestamp(),
  updatedAt: serverTimestamp(),
  updatedBy: uid,
});

function stampedDelete(store: Store, collection: string, id: string, by: string) {
  const batch = writeBatch(store);
  batch.set(doc(store, DELETION_STAMPS, deletionStampId(collection, id)), {
    collection,
    docId: id,
    deletedBy: by,
    deletedAt: serverTimestamp(),
  });
  batch.delete(doc(store, collection, id));
  return batch.commit();
}

describe('firestore.rules: network lists', () => {
  const getEnv = useRulesEnvironment((env) =>
    env.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore();
      const now = Timestamp.now();
      const base = { createdOn: now, updatedAt: now, updatedBy: 'seed' };
      await setDoc(doc(db, 'cmts_head_end/ON-OTT-01'), { name: 'Ottawa 01', ...base, cmtsCount: 2 });
      await setDoc(doc(db, 'cmts_head_end/ON-OTT-09'), { name: 'Ottawa 09', ...base, cmtsCount: 0 });
      await setDoc(doc(db, 'cmts_marketing_area/MA-OTT'), { name: 'Ottawa', ...base, cmtsCount: 2 });
      await setDoc(doc(db, 'cmts_marketing_area/MA-EMPTY'), { name: 'Empty', ...base });
    }),
  );
  const as = (uid: string, roles: string[], overrides: Record<string, unknown> = {}) =>
    getEnv()
      .authenticatedContext(uid, memberClaims(uid, roles, overrides))
      .firestore();

  for (const role of WRITERS)
    it(`when ${role} deletes a head end or marketing area in use, then it is refused; at zero it is allowed`, async () => {
      const store = as(`user-${role}`, [role]);
      await assertFails(stampedDelete(store, 'cmts_head_end', 'ON-OTT-01', `user-${role}`));
      await assertFails(stampedDelete(store, 'cmts_marketing_area', 'MA-OTT', `user-${role}`));
      await assertSucceeds(stampedDelete(store, 'cmts_head_end', 'ON-OTT-09', `user-${role}`));
      // No count at all reads as zero.
      await assertSucceeds(stampedDelete(store, 'cmts_marketing_area', 'MA-EMPTY', `user-${role}`));
    });

  it('when a delete comes without its stamp, with another author, or a stamp is written for a row that stays, then it is refused', async () => {
    const store = as('eng', ['engineering']);
    await assertFails(deleteDoc(doc(store, 'cmts_head_end/ON-OTT-09')));
    await assertFails(stampedDelete(store, 'cmts_head_end', 'ON-OTT-09', 'someone-else'));
    await assertFails(
      setDoc(doc(store, DELETION_STAMPS, deletionStampId('cmts_head_end', 'ON-OTT-09')), {
        collection: 'cmts_head_end',
        docId: 'ON-OTT-09',
        deletedBy: 'eng',
        deletedAt: serverTimestamp(),
      }),
    );
    await assertFails(getDoc(doc(store, DELETION_STAMPS, deletionStampId('cmts_head_end', 'ON-OTT-09'))));
    // Operation reads the lists but may not delete, stamped or not.
    await assertFails(stampedDelete(as('op', ['operation']), 'cmts_head_end', 'ON-OTT-09', 'op'));
  });

  it('when a client sets or changes a count, then it is refused; an update that leaves it alone is allowed', async () => {
    const store = as('eng', ['engineering']);
    for (const collection of AREAS) {
      await assertFails(
        setDoc(doc(store, collection, 'NEW-1'), { ...areaWrite({ name: 'New one' }, 'eng'), cmtsCount: 0 }),
      );
      await assertSucceeds(setDoc(doc(store, collection, 'NEW-1'), areaWrite({ name: 'New one' }, 'eng')));
    }
    const stamp = { updatedBy: 'eng', updatedAt: serverTimestamp() };
    for (const change of [
      { cmtsCount: 3 },
      { cmtsCount: 1 },
      { cmtsCount: 0 },
      { cmtsCount: deleteField() },
      { cmtsCount: '2' },
    ])
      await assertFails(updateDoc(doc(store, 'cmts_head_end/ON-OTT-01'), { ...change, ...stamp }));
    await assertSucceeds(
      setDoc(doc(store, 'cmts_head_end/ON-OTT-01'), { name: 'Ottawa Merivale', ...stamp }, { merge: true }),
    );
  });

  it('when a CMTS row names a head end or marketing area that does not exist, then it is refused', async () => {
    const store = as('eng', ['engineering']);
    await assertSucceeds(
      setDoc(doc(store, 'cmts_source/OLT-OTT-1'), cmtsWrite({ ...cmts('OLT-OTT-1') }, 'eng')),
    );
    await assertFails(
      setDoc(
        doc(store, 'cmts_source/OLT-OTT-2'),
        cmtsWrite({ ...cmts('OLT-OTT-2'), headEnd: 'ON-XXX-01' }, 'eng'),
      ),
    );
    await assertFails(
      setDoc(
        doc(store, 'cmts_source/OLT-OTT-3'),
        cmtsWrite({ ...cmts('OLT-OTT-3'), marketArea: 'MA-XXX' }, 'eng'),
      ),
    );
  });

  it('when an engineering token has an unverified e-mail or one outside the allowed domains, then nothing is readable or writable', async () => {
    for (const overrides of [
      { email_verified: false },
      { email: 'eng@elsewhere.example' },
      { email: null },
    ]) {
      const store = as('eng', ['engineering'], overrides);
      await assertFails(getDoc(doc(store, 'cmts_head_end/ON-OTT-01')));
      await assertFails(setDoc(doc(store, 'cmts_head_end/NEW-2'), areaWrite({ name: 'New two' }, 'eng')));
    }
    await assertSucceeds(getDoc(doc(as('eng', ['engineering']), 'cmts_head_end/ON-OTT-01')));
  });
});

/**
 * Invalid samples generated from the common/ schemas: each candidate value, put in one field of a valid
 * document, is kept when the schema refuses it; the rules must refuse every kept sample too.
 */
const CANDIDATES: unknown[] = [
  42,
  -1.5,
  true,
  null,
  { nested: 'map' },
  ['a', 'list'],
  '',
  ' ',
  'x',
  'x'.repeat(41),
  'x'.repeat(64),
  'x'.repeat(900_000),
  'OTT; DROP TABLE',
  '<script>',
  'Île-Bizard',
  '256.1.1.1',
  '10.1.2',
];

function invalidSamples(
  schema: { shape: Record<string, unknown>; safeParse(value: unknown): { success: boolean } },
  valid: Record<string, unknown>,
) {
  const samples: Array<{ label: string; fields: Record<string, unknown> }> = [];
  for (const key of Object.keys(schema.shape)) {
    for (const candidate of CANDIDATES) {
      const fields = { ...valid, [key]: candidate };
      if (!schema.safeParse(fields).success)
        samples.push({ label: `${key} = ${JSON.stringify(candidate)?.slice(0, 24)}`, fields });
    }
    const { [key]: _dropped, ...missing } = valid;
    if (!schema.safeParse(missing).success) samples.push({ label: `${key} missing`, fields: missing });
  }
  samples.push({ label: 'an unknown field', fields: { ...valid, extra: 'x' } });
  return samples;
}

describe('firestore.rules refuse what the common/ schemas refuse', () => {
  const getEnv = useRulesEnvironment((env) =>
    env.withSecurityRulesDisabled(async (context) => {
      const now = Timestamp.now();
      const base = { createdOn: now, updatedAt: now, updatedBy: 'seed' };
      await setDoc(doc(context.firestore(), 'cmts_head_end/ON-OTT-01'), { name: 'Ottawa 01', ...base });
      await setDoc(doc(context.firestore(), 'cmts_marketing_area/MA-OTT'), { name: 'Ottawa', ...base });
    }),
  );
  const store = () =>
    getEnv()
      .authenticatedContext('eng', memberClaims('eng', ['engineering']))
      .firestore();

  it('when CMTS rows break cmtsFieldsSchema in any field, then the rules refuse each one; valid variants pass', async () => {
    const samples = invalidSamples(cmtsFieldsSchema, cmts('OLT-OTT-1') as unknown as Record<string, unknown>);
    expect(samples.length).toBeGreaterThan(60);
    const accepted: string[] = [];
    for (const [index, sample] of samples.entries()) {
      const id = `S-${index}`;
      // The document id follows the sample's cmtsId when that is a string an id can be.
      const fields = sample.label.startsWith('cmtsId') ? sample.fields : { ...sample.fields, cmtsId: id };
      const ok = await setDoc(doc(store(), 'cmts_source', id), cmtsWrite(fields, 'eng')).then(
        () => true,
        () => false,
      );
      if (ok) accepted.push(sample.label);
    }
    expect(accepted).toEqual([]);
    for (const variant of [
      { group: null },
      { versionId: null },
      { configLastUpdated: null },
      { overrideIpChecks: true },
    ]) {
      const fields = { ...cmts('VAR-1'), ...variant };
      expect(cmtsFieldsSchema.safeParse(fields).success).toBe(true);
      await assertSucceeds(setDoc(doc(store(), 'cmts_source/VAR-1'), cmtsWrite(fields, 'eng')));
      await assertSucceeds(stampedDelete(store(), 'cmts_source', 'VAR-1', 'eng'));
    }
  });

  it('when head ends and marketing areas break areaFieldsSchema, then the rules refuse each one', async () => {
    const samples = invalidSamples(areaFieldsSchema, { name: 'Montréal Saint Laurent' });
    expect(samples.length).toBeGreaterThan(8);
    const accepted: string[] = [];
    for (const collection of AREAS)
      for (const [index, sample] of samples.entries()) {
        const ok = await setDoc(doc(store(), collection, `S-${index}`), areaWrite(sample.fields, 'eng')).then(
          () => true,
          () => false,
        );
        if (ok) accepted.push(`${collection}: ${sample.label}`);
      }
    expect(accepted).toEqual([]);
  });
});
