/** Business constants (docs/requirements.md, "Formats and constants") (the staging change flag's is in staging.ts). */

/** Cookie that keeps the language ("named for the product's language"). */
export const LANGUAGE_COOKIE = 'insight-lang';
export const THEME_COOKIE = 'insight-theme';
export const COOKIE_LIFETIME_DAYS = 365;
export const CUSTOMER_CALL_DELAY_MS = 25;
export const REGENERATION_PUT_AFTER_MS = 24 * 60 * 60 * 1000;
export const LOADING_BAR = { durationMs: 5000, throttleMs: 200, hideDelayMs: 500 } as const;
export const CHUNK_RELOAD_GUARD_MS = 60_000;
/** Threshold range entry is limited to ± this bound (docs/requirements.md, "Thresholds"; firestore.rules holds the same). */
export const THRESHOLD_OUTER_BOUND = 10000;
export const RECENT_LOOKUPS_LIMIT = 20;
/**
 * The zone the provider's customers live in (Ontario and Quebec): what the server writes for them (an SMS's
 * date) and what "a day" and "the evening" of a device's history mean.
 */
export const PROVIDER_TIME_ZONE = 'America/Toronto';

/** The 360 view's sections, in the order the whole-view answer lists them (customer360.ts re-exports them). */
export const SECTIONS = ['customer', 'wan', 'lan', 'voice', 'birth-certificates', 'neighbourhood'] as const;
export type Section = (typeof SECTIONS)[number];

/** How long after a reset the ONU is back in service (restart and ranging), as said to the customer. */
export const RESET_BACK_SECONDS = 120;
