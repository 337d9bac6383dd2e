import { REGION } from '../config/region';

/** Where the triggers run: with the `api` function, next to the Firestore database (functions/src/config/region.ts). */
export const TRIGGER_REGION = REGION;
/**
 * The triggers' memory: the `api` function's. Every function of the codebase runs with the NODE_OPTIONS of
 * functions/.env.<project>, whose fixed young generation (2 × 64 MB semi-spaces) would crowd 256 MiB
 * (docs/operations.md, "Steps"; `npm run deploy:check` holds every function to it).
 */
export const TRIGGER_MEMORY = '512MiB';
