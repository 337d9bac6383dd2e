/**
 * How long an instance may answer from its copy of the admin-kept lists that grade a view (docs/architecture.md,
 * "Where state lives"). A change applies to every view asked for `maxAgeMs` after it, on every instance.
 */

/** Threshold rules: a rule saved on /threshold grades the views asked for 3 s later (the target is 5 s). */
export const THRESHOLD_CACHE = { maxAgeMs: 3000, refreshAfterMs: 1000 } as const;

/**
 * Upstream answers (docs/architecture.md, "Per instance of the `api` function"): kept `CACHE_TTL_SECONDS`
 * (a param); a refresh shares only what another refresh loaded in the last `freshWindowMs`.
 */
export const CALL_CACHE = { freshWindowMs: 2000, maxEntries: 5000 } as const;

/** A device's change mark (device_changes) is read at most this often per device and instance. */
export const CHANGE_MARKS_MAX_AGE_MS = 1000;

/**
 * A device's seven days of history (docs/history.md): one query set per device per 5 minutes on an instance,
 * whoever looks and whether or not they refresh (the store's samples come every 15 minutes).
 */
export const HISTORY_CACHE = { ttlMs: 5 * 60_000, freshWindowMs: 5 * 60_000, maxEntries: 2_000 } as const;

/** The diagnosis playbook: an edit reaches the views within 60 s. */
export const PLAYBOOK_CACHE = { maxAgeMs: 60_000, refreshAfterMs: 20_000 } as const;

/**
 * A running device test's progress (docs/device-tests.md): asked of the ACS at most once a second per
 * device and instance, whoever polls (the card polls every 1.5 s while a test runs).
 */
export const ACS_PROGRESS_CACHE = { ttlMs: 1000, freshWindowMs: 0, maxEntries: 2_000 } as const;
