/**
 * The limit of a `vi.waitFor` for a state that comes at once on a quiet machine: a bound that only a
 * failure reaches. Vitest's default (1 s) is shorter than a moment of a process starved beside the
 * emulator suites, which `npm test` runs at the same time.
 */
export const WAIT = { timeout: 30_000 } as const;
