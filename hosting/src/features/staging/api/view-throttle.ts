/**
 * When the staging engine makes its next view: at once for a new query or a snapshot, and under a burst
 * of changes at most every `minGapMs`. On an injected scheduler (the platform's timers in the app, a
 * test's fake ones in the tests).
 */

export interface Scheduler {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const platformScheduler: Scheduler = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface Throttle {
  /** Runs the view now, and drops a pending one. */
  now(): void;
  /** Runs the view once `minGapMs` have passed since the last one (at once when they have). */
  soon(): void;
  /** Runs `soon` after `ms` (a flag's end); one such wait at a time. */
  after(ms: number): void;
  /** Drops every pending run. */
  cancel(): void;
}

export function createThrottle(
  run: () => void,
  minGapMs: number,
  scheduler: Scheduler = platformScheduler,
): Throttle {
  let timer: unknown = null;
  let wake: unknown = null;
  let last = -Infinity;

  const fire = () => {
    if (timer !== null) scheduler.clearTimeout(timer);
    timer = null;
    last = scheduler.now();
    run();
  };
  const soon = () => {
    if (timer !== null) return;
    timer = scheduler.setTimeout(fire, Math.max(0, last + minGapMs - scheduler.now()));
  };
  return {
    now: fire,
    soon,
    after(ms) {
      if (wake !== null) return;
      wake = scheduler.setTimeout(() => {
        wake = null;
        soon();
      }, ms);
    },
    cancel() {
      if (timer !== null) scheduler.clearTimeout(timer);
      if (wake !== null) scheduler.clearTimeout(wake);
      timer = wake = null;
    },
  };
}
