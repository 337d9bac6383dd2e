import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { deleteField, doc, serverTimestamp, setDoc, Timestamp, updateDoc } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { areaFieldsSchema, cmtsFieldsSchema, idSchema } from '@insight/common/network';
import {
  AREAS,
  CMTS,
  cmts,
  createOf,
  fieldsOf,
  LISTS,
  seedDocuments,
  seedReferences,
  storedOf,
  storeOf,
  timeField,
  updateOf,
  verdict,
  type List,
} from './network-fixtures';
import { schemaSamples, usableDocumentId, type ObjectSchema, type Sample } from './schema-samples';
import { useRulesEnvironment } from './support';

/** The CMTS fields whose value is the id of a document of another list. */
const REFERENCE_LISTS: Record<string, List> = { headEnd: AREAS[0], marketArea: AREAS[1] };

const CMTS_SAMPLES = schemaSamples(cmtsFieldsSchema, { ...cmts('OLT-OTT-1') });
const AREA_SAMPLES = schemaSamples(areaFieldsSchema, { name: 'Montréal Saint Laurent' });
/** A head end or marketing area id (its document id) alone, as a one-field schema. */
const idObject: ObjectSchema = {
  shape: { id: idSchema },
  safeParse: (value) => idSchema.safeParse((value as { id?: unknown }).id),
};
const ID_SAMPLES = schemaSamples(idObject, { id: 'ON-OTT-01' });

const ofKey = (samples: Sample[], key: string | null) => samples.filter((sample) => sample.key === key);

describe('firestore.rules hold the network lists to the common/ schemas', () => {
  const getEnv = useRulesEnvironment(seedReferences);
  const store = () => storeOf(getEnv(), 'eng', ['engineering']);

  it('when the samples are generated, then each schema refuses and accepts some in every field', () => {
    for (const key of Object.keys(cmtsFieldsSchema.shape))
      expect(ofKey(CMTS_SAMPLES.refused, key).length, key).toBeGreaterThan(5);
    expect(ofKey(AREA_SAMPLES.refused, 'name').length).toBeGreaterThan(15);
    expect(ofKey(CMTS_SAMPLES.accepted, 'group').map((sample) => sample.value)).toContain(null);
    expect(ofKey(CMTS_SAMPLES.accepted, 'versionId').map((sample) => sample.value)).toContain(null);
    const dates = ofKey(CMTS_SAMPLES.accepted, 'configLastUpdated').map((sample) => sample.value);
    expect(dates).toContain(null);
    expect(dates.some((value) => value instanceof Date)).toBe(true);
  });

  it('when a CMTS row is stored under an id other than its cmtsId, then it is refused', async () => {
    await assertFails(setDoc(doc(store(), CMTS, 'OLT-OTT-2'), createOf(CMTS, cmts('OLT-OTT-1'), 'eng')));
    await assertSucceeds(setDoc(doc(store(), CMTS, 'OLT-OTT-1'), createOf(CMTS, cmts('OLT-OTT-1'), 'eng')));
  });

  /**
   * Writes a CMTS sample where only its fields can be at fault: under its cmtsId when that can be a document
   * id (else a fresh id), and with the head end or marketing area it names stored first.
   */
  async function writeCmts(sample: Sample, index: number) {
    const fields = { ...sample.fields };
    let id = `S-${index}`;
    if (sample.key === 'cmtsId') {
      if (usableDocumentId(sample.value)) id = sample.value;
    } else fields.cmtsId = id;
    const list = sample.key ? REFERENCE_LISTS[sample.key] : undefined;
    if (list && usableDocumentId(sample.value))
      await seedDocuments(getEnv(), [[`${list}/${sample.value}`, storedOf(list, { name: 'Named' })]]);
    return verdict(setDoc(doc(store(), CMTS, id), createOf(CMTS, fields, 'eng')));
  }

  for (const key of [...Object.keys(cmtsFieldsSchema.shape), null])
    it(`when a CMTS row has ${key ?? 'an unknown field'} as cmtsFieldsSchema refuses, then the rules refuse it; as it accepts, they accept it`, async () => {
      const wrong: string[] = [];
      for (const [index, sample] of ofKey(CMTS_SAMPLES.refused, key).entries())
        if (await writeCmts(sample, index)) wrong.push(`accepted ${sample.label}`);
      for (const [index, sample] of ofKey(CMTS_SAMPLES.accepted, key).entries())
        if (!(await writeCmts(sample, 1000 + index))) wrong.push(`refused ${sample.label}`);
      expect(wrong).toEqual([]);
    });

  for (const area of AREAS) {
    it(`when a ${area} has a name or a field as areaFieldsSchema refuses, then the rules refuse it; as it accepts, they accept it`, async () => {
      const wrong: string[] = [];
      for (const [index, sample] of AREA_SAMPLES.refused.entries())
        if (await verdict(setDoc(doc(store(), area, `S-${index}`), createOf(area, sample.fields, 'eng'))))
          wrong.push(`accepted ${sample.label}`);
      for (const [index, sample] of AREA_SAMPLES.accepted.entries())
        if (!(await verdict(setDoc(doc(store(), area, `A-${index}`), createOf(area, sample.fields, 'eng')))))
          wrong.push(`refused ${sample.label}`);
      expect(wrong).toEqual([]);
    });

    it(`when a ${area} id is one idSchema refuses, then the rules refuse it; one it accepts, they accept`, async () => {
      const wrong: string[] = [];
      const write = (id: string) =>
        verdict(setDoc(doc(store(), area, id), createOf(area, fieldsOf(area, 'X'), 'eng')));
      for (const sample of ofKey(ID_SAMPLES.refused, 'id'))
        if (usableDocumentId(sample.value) && (await write(sample.value)))
          wrong.push(`accepted ${sample.label}`);
      for (const sample of ofKey(ID_SAMPLES.accepted, 'id'))
        if (!(await write(sample.value as string))) wrong.push(`refused ${sample.label}`);
      expect(wrong).toEqual([]);
    });
  }
});

describe('firestore.rules: authorship and server times on the network lists', () => {
  /** The stored document every update test changes. */
  const idOf = (list: List) => (list === CMTS ? 'OLT-OTT-1' : 'ON-OTT-07');
  const getEnv = useRulesEnvironment(async (env) => {
    await seedReferences(env);
    await seedDocuments(
      env,
      LISTS.map((list) => [`${list}/${idOf(list)}`, storedOf(list, fieldsOf(list, idOf(list)))]),
    );
  });
  const store = () => storeOf(getEnv(), 'eng', ['engineering']);
  const huge = 'x'.repeat(900_000);

  for (const list of LISTS) {
    const time = timeField(list);

    it(`when a new ${list} document has another author, a client time or a createdOn not the server's, then it is refused`, async () => {
      const faults: Array<[string, Record<string, unknown>]> = [
        ['another author', { updatedBy: 'someone-else' }],
        ['no author', { updatedBy: undefined }],
        ['an author that is a number', { updatedBy: 42 }],
        [`a client-chosen ${time}`, { [time]: Timestamp.now() }],
        [`a ${time} in 1970`, { [time]: Timestamp.fromMillis(0) }],
        [`no ${time}`, { [time]: undefined }],
        [`a ${time} that is text`, { [time]: 'now' }],
        ['a client-chosen createdOn', { createdOn: Timestamp.now() }],
        ['a createdOn in 2999', { createdOn: Timestamp.fromDate(new Date('2999-01-01')) }],
        ['no createdOn', { createdOn: undefined }],
        ['a createdOn that is text', { createdOn: 'yesterday' }],
        ['a 900 KB createdOn', { createdOn: huge }],
        ['a null createdOn', { createdOn: null }],
      ];
      const accepted: string[] = [];
      for (const [index, [label, change]] of faults.entries()) {
        const id = `NEW-${index}`;
        const document: Record<string, unknown> = { ...createOf(list, fieldsOf(list, id), 'eng'), ...change };
        for (const key of Object.keys(change)) if (change[key] === undefined) delete document[key];
        if (await verdict(setDoc(doc(store(), list, id), document))) accepted.push(label);
      }
      expect(accepted).toEqual([]);
      await assertSucceeds(
        setDoc(doc(store(), list, 'NEW-0'), createOf(list, fieldsOf(list, 'NEW-0'), 'eng')),
      );
    });

    it(`when an update of a ${list} document changes createdOn, names another author or keeps a client time, then it is refused`, async () => {
      const id = idOf(list);
      const faults: Array<[string, Record<string, unknown>]> = [
        ['createdOn set to now', { createdOn: serverTimestamp() }],
        ['createdOn moved to 1970', { createdOn: Timestamp.fromMillis(0) }],
        ['createdOn removed', { createdOn: deleteField() }],
        ['createdOn turned to text', { createdOn: 'yesterday' }],
        ['a 900 KB createdOn', { createdOn: huge }],
        ['another author', { updatedBy: 'someone-else' }],
        [`a client-chosen ${time}`, { [time]: Timestamp.now() }],
        [`the stored ${time} kept`, { [time]: undefined }],
        ['an unknown field', { extra: 'x' }],
      ];
      const accepted: string[] = [];
      for (const [label, change] of faults) {
        const update: Record<string, unknown> = { ...updateOf(list, {}, 'eng'), ...change };
        for (const key of Object.keys(change)) if (change[key] === undefined) delete update[key];
        if (await verdict(updateDoc(doc(store(), list, id), update))) accepted.push(label);
      }
      expect(accepted).toEqual([]);
      // The web app's update (merged, createdOn left as stored) is allowed.
      await assertSucceeds(setDoc(doc(store(), list, id), updateOf(list, {}, 'eng'), { merge: true }));
      await assertFails(
        setDoc(
          doc(store(), list, id),
          { ...updateOf(list, {}, 'eng'), createdOn: serverTimestamp() },
          { merge: true },
        ),
      );
    });
  }
});
