/**
 * Whether the path between the browser and the API delivers a streamed answer as it is written, or holds
 * it until it ends (a buffering proxy or CDN; firebase-tools#9774 reports Hosting rewrites doing so).
 * Each line of a streamed answer says when the server wrote it (`atMs`, after the request came); the
 * client notes when it received each. Lines written far apart and received as far apart: the path
 * streams. Received together: it buffers. Written too close together to tell: null.
 */
export const TELLING_SPREAD_MS = 80;

export function pathBuffers(lines: ReadonlyArray<{ atMs: number; receivedAt: number }>): boolean | null {
  if (lines.length < 2) return null;
  const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
  const written = spread(lines.map((line) => line.atMs));
  if (written < TELLING_SPREAD_MS) return null;
  return spread(lines.map((line) => line.receivedAt)) < written / 2;
}
