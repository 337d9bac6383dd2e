/** Waiting for the browser to paint before drawing more (the 360 view's stages). */

/** How long a stage waits for a frame in a tab that draws none (a view opened in the background). */
const NO_FRAME_MS = 200;

/**
 * Runs `callback` once the browser has painted what is committed now (or NO_FRAME_MS later in a tab that
 * draws no frame); returns what cancels it.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer = 0;
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    callback();
  };
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(run, 0);
  });
  const fallback = window.setTimeout(run, NO_FRAME_MS);
  return () => {
    done = true;
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
    window.clearTimeout(fallback);
  };
}
