import { REGION } from '../config/region';

/** Where the triggers run: with the `api` function, next to the Firestore database (functions/src/config/region.ts). */
export const TRIGGER_REGION = REGION;
