import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { deleteDoc, doc, getDoc, serverTimestamp, setDoc, Timestamp, updateDoc } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import {
  definitionFieldsSchema,
  ruleFieldsSchema,
  ruleShapeSchema,
  THRESHOLD_COLLECTIONS,
  variantFieldsSchema,
  type ThresholdKind,
} from '@insight/common/threshold';
import { seedDocuments, stampedDelete, storeOf, verdict } from './network-fixtures';
import { schemaSamples, usableDocumentId, type ObjectSchema, type Sample } from './schema-samples';
import { useRulesEnvironment } from './support';
import {
  FIELDS_OF,
  ruleOf,
  seedThresholdReferences,
  thresholdCreate,
  thresholdStored,
  VARIANT,
} from './threshold-fixtures';

const SCHEMAS: Record<ThresholdKind, ObjectSchema> = {
  definitions: definitionFieldsSchema,
  rules: { shape: ruleShapeSchema.shape, safeParse: (value) => ruleFieldsSchema.safeParse(value) },
  variants: variantFieldsSchema,
};
/** The rule fields whose value is the id of a document of another kind. */
const REFERENCES: Partial<Record<string, ThresholdKind>> = {
  definitionName: 'definitions',
  variantName: 'variants',
};

describe('firestore.rules hold the thresholds to the common/ schemas', () => {
  const getEnv = useRulesEnvironment(seedThresholdReferences);
  const store = () => storeOf(getEnv(), 'eng', ['engineering']);
  const path = (kind: ThresholdKind, id: string) => `${THRESHOLD_COLLECTIONS[kind]}/${id}`;

  async function write(kind: ThresholdKind, sample: Sample, index: number) {
    const fields = { ...sample.fields };
    let id = `S-${index}`;
    if (sample.key === 'tdId') {
      if (usableDocumentId(sample.value)) id = sample.value;
    } else fields.tdId = id;
    const reference = sample.key ? REFERENCES[sample.key] : undefined;
    if (kind === 'rules' && reference && usableDocumentId(sample.value))
      await seedDocuments(getEnv(), [
        [path(reference, sample.value), thresholdStored(FIELDS_OF[reference](sample.value))],
      ]);
    return verdict(setDoc(doc(store(), path(kind, id)), thresholdCreate(fields, 'eng')));
  }

  for (const kind of Object.keys(SCHEMAS) as ThresholdKind[]) {
    const samples = schemaSamples(SCHEMAS[kind], FIELDS_OF[kind]('T-1'));
    it(`when ${kind} samples are generated, then the schema refuses and accepts some in every field`, () => {
      for (const key of Object.keys(SCHEMAS[kind].shape))
        expect(samples.refused.filter((sample) => sample.key === key).length, key).toBeGreaterThan(3);
      expect(samples.accepted.length).toBeGreaterThan(10);
    });
    for (const key of [...Object.keys(SCHEMAS[kind].shape), null])
      it(`when a ${kind} document has ${key ?? 'an unknown field'} as the schema refuses, then the rules refuse it; as it accepts, they accept it`, async () => {
        const wrong: string[] = [];
        const of = (list: Sample[]) => list.filter((sample) => sample.key === key);
        for (const [index, sample] of of(samples.refused).entries())
          if (await write(kind, sample, index)) wrong.push(`accepted ${sample.label}`);
        for (const [index, sample] of of(samples.accepted).entries())
          if (!(await write(kind, sample, 1000 + index))) wrong.push(`refused ${sample.label}`);
        expect(wrong).toEqual([]);
      });
  }

  it('when a rule is stored under an id other than its tdId, or names a missing definition or variant, then it is refused', async () => {
    await assertFails(setDoc(doc(store(), path('rules', 'OTHER')), thresholdCreate(ruleOf('R-1'), 'eng')));
    await assertFails(
      setDoc(
        doc(store(), path('rules', 'R-1')),
        thresholdCreate({ ...ruleOf('R-1'), definitionName: 'NONE' }, 'eng'),
      ),
    );
    await assertFails(
      setDoc(
        doc(store(), path('rules', 'R-1')),
        thresholdCreate({ ...ruleOf('R-1'), variantName: 'NONE', isDefault: false }, 'eng'),
      ),
    );
    await assertSucceeds(
      setDoc(
        doc(store(), path('rules', 'R-1')),
        thresholdCreate({ ...ruleOf('R-1'), variantName: VARIANT, isDefault: false }, 'eng'),
      ),
    );
    await assertSucceeds(setDoc(doc(store(), path('rules', 'R-2')), thresholdCreate(ruleOf('R-2'), 'eng')));
  });

  it('when isDefault does not say whether the rule names a variant, then it is refused', async () => {
    await assertFails(
      setDoc(
        doc(store(), path('rules', 'R-1')),
        thresholdCreate({ ...ruleOf('R-1'), isDefault: false }, 'eng'),
      ),
    );
    await assertFails(
      setDoc(
        doc(store(), path('rules', 'R-1')),
        thresholdCreate({ ...ruleOf('R-1'), variantName: VARIANT, isDefault: true }, 'eng'),
      ),
    );
  });

  it('when a record is created, then both dates are the server’s; an edit keeps insertDate and sets updateDate', async () => {
    const target = doc(store(), path('rules', 'R-1'));
    const fields = ruleOf('R-1');
    await assertFails(
      setDoc(target, {
        ...thresholdCreate(fields, 'eng'),
        insertDate: Timestamp.fromDate(new Date('2999-01-01')),
      }),
    );
    await assertFails(setDoc(target, { ...thresholdCreate(fields, 'eng'), updateDate: Timestamp.now() }));
    await assertFails(setDoc(target, { ...thresholdCreate(fields, 'eng'), updatedBy: 'someone-else' }));
    await assertSucceeds(setDoc(target, thresholdCreate(fields, 'eng')));
    await assertFails(
      updateDoc(target, {
        result: 'warn',
        insertDate: serverTimestamp(),
        updateDate: serverTimestamp(),
        updatedBy: 'eng',
      }),
    );
    await assertFails(
      updateDoc(target, {
        result: 'warn',
        updateDate: Timestamp.fromDate(new Date('2020-01-01')),
        updatedBy: 'eng',
      }),
    );
    await assertSucceeds(
      updateDoc(target, { result: 'warn', updateDate: serverTimestamp(), updatedBy: 'eng' }),
    );
  });

  it('when a threshold record is deleted, then only a batch with its deletion stamp is accepted', async () => {
    await seedDocuments(getEnv(), [[path('rules', 'R-9'), thresholdStored(ruleOf('R-9'))]]);
    await assertFails(deleteDoc(doc(store(), path('rules', 'R-9'))));
    await assertFails(stampedDelete(store(), THRESHOLD_COLLECTIONS.rules, 'R-9', 'eng', { stamp: null }));
    await assertSucceeds(stampedDelete(store(), THRESHOLD_COLLECTIONS.rules, 'R-9', 'eng'));
  });

  it('when operation writes a threshold record, then it is refused (read-only)', async () => {
    const operation = storeOf(getEnv(), 'op', ['operation']);
    await assertFails(setDoc(doc(operation, path('rules', 'R-1')), thresholdCreate(ruleOf('R-1'), 'op')));
    await assertSucceeds(getDoc(doc(operation, path('rules', 'R-1'))));
  });
});
