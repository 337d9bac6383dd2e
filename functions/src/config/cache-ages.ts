/**
 * How long an instance may answer from its copy of the admin-kept lists that grade a view (docs/architecture.md,
 * "Where state lives"). A change applies to every view asked for `maxAgeMs` after it, on every instance.
 */

/** Threshold rules: a rule saved on /threshold grades the views asked for 3 s later (the target is 5 s). */
export const THRESHOLD_CACHE = { maxAgeMs: 3000, refreshAfterMs: 1000 } as const;

/** The diagnosis playbook: an edit reaches the views within 60 s. */
export const PLAYBOOK_CACHE = { maxAgeMs: 60_000, refreshAfterMs: 20_000 } as const;
