import type { ThresholdSet } from '@insight/common/threshold-grading';
import { seedThresholdSet } from '@insight/common/threshold-seed';
import { cachedSource, staticSource, type CacheOptions, type Source } from '../cache/cached-source';

/** The threshold rules the API grades by (the threshold manager's lists). */
export type ThresholdSource = Source<ThresholdSet>;

/** A fixed set: the seeded defaults (tests, benches, an app built without Firestore). */
export const staticThresholds = (set: ThresholdSet = seedThresholdSet()): ThresholdSource =>
  staticSource(set);

/**
 * The rules read once and kept a few seconds (domain/cache/cached-source.ts): no view is graded by rules older
 * than `maxAgeMs`, and a failed read keeps the last good set.
 */
export const cachedThresholds = (load: () => Promise<ThresholdSet>, options: CacheOptions): ThresholdSource =>
  cachedSource(load, options);
