/** Threshold documents for the rules tests: valid fields of each kind, and the references rules name. */
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { serverTimestamp, Timestamp } from 'firebase/firestore';
import { THRESHOLD_COLLECTIONS, type ThresholdKind } from '@insight/common/threshold';
import { seedDocuments } from './network-fixtures';
import { toStored } from './schema-samples';

export const DEFINITION = 'DEF-rxPower';
export const VARIANT = 'V-NOKIA';

export const definitionOf = (id: string) => ({
  tdId: id,
  name: 'ONU receive power',
  parameter: 'rxPower',
  format: 'dBm',
  direction: 'window',
  category: 'optical',
  fallback: 'n/a',
  description: null,
});
export const ruleOf = (id: string) => ({
  tdId: id,
  definitionName: DEFINITION,
  technology: 'GPON',
  variantName: null,
  rangeMin: -25,
  rangeMax: -9,
  alphaValue: null,
  result: 'pass',
  version: null,
  description: null,
});
export const variantOf = (id: string) => ({
  tdId: id,
  variantName: 'Nokia optics',
  technology: 'GPON',
  identifier: null,
  variants: ['G-010G-Q'],
  description: null,
});

function withDefaultFlag(fields: Record<string, unknown>): Record<string, unknown> {
  const stored = toStored(fields);
  return 'definitionName' in fields && !('isDefault' in fields)
    ? {
        ...stored,
        isDefault:
          fields.variantName === null || fields.variantName === undefined || fields.variantName === '',
      }
    : stored;
}

export const FIELDS_OF: Record<ThresholdKind, (id: string) => Record<string, unknown>> = {
  definitions: definitionOf,
  rules: ruleOf,
  variants: variantOf,
};

/**
 * A client create: the form's fields (a rule with the isDefault the schema derives, unless given), both
 * dates from the server clock, the author.
 */
export const thresholdCreate = (fields: Record<string, unknown>, uid: string) => ({
  ...withDefaultFlag(fields),
  insertDate: serverTimestamp(),
  updateDate: serverTimestamp(),
  updatedBy: uid,
});

/** As the seed stores it (rules bypassed). */
export const thresholdStored = (fields: Record<string, unknown>) => ({
  ...withDefaultFlag(fields),
  insertDate: Timestamp.now(),
  updateDate: Timestamp.now(),
  updatedBy: 'seed',
});

/** The definition and the variant that ruleOf() may name. */
export const seedThresholdReferences = (env: RulesTestEnvironment) =>
  seedDocuments(env, [
    [`${THRESHOLD_COLLECTIONS.definitions}/${DEFINITION}`, thresholdStored(definitionOf(DEFINITION))],
    [`${THRESHOLD_COLLECTIONS.variants}/${VARIANT}`, thresholdStored(variantOf(VARIANT))],
  ]);
