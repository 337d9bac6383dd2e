/**
 * What an instance does when it is told to stop: SIGTERM (Cloud Run before it stops an instance, the
 * functions emulator when it shuts down) or SIGINT (a terminal's Ctrl-C reaches the emulator's workers).
 * Long answers (the staging streams) would otherwise hold the shutdown: the emulator waits for every
 * running request before it stops its workers.
 */
const closers = new Set<() => void>();
let installed = false;

/** Runs `close` once the process is told to stop; then, if nothing else handles the signal, it ends. */
export function onShutdown(close: () => void): void {
  closers.add(close);
  if (installed) return;
  installed = true;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    const handler = () => {
      for (const closer of closers) {
        try {
          closer();
        } catch {
          // One closer failing does not keep the others from running.
        }
      }
      // The default action (the process ends) applies only when no other handler takes the signal (the
      // emulator's worker runtime has its own for SIGINT): raise it again once the ended answers are out.
      if (process.listenerCount(signal) === 1) {
        process.off(signal, handler);
        setTimeout(() => process.kill(process.pid, signal), 100);
      }
    };
    process.on(signal, handler);
  }
}
