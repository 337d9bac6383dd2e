/** Where the triggers run: with the `api` function, next to the Firestore database (nam5 → us-central1). */
export const TRIGGER_REGION = 'us-central1';
