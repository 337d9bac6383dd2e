import compression from 'compression';
import type { RequestHandler, Response } from 'express';

/** Answers shorter than this leave as they are (the encoding would cost more than it saves). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * The API's answers (JSON and the 360 view's NDJSON) compressed when the browser accepts it (Brotli, else
 * gzip, as `compression` negotiates): a 360 view's answers are three to five times smaller on a phone's
 * connection. Event streams are left as they are: each event must leave at once, through proxies that
 * would hold a compressed stream until a block fills. docs/decisions/0008-compressed-api-answers.md.
 */
export function compressAnswers(): RequestHandler {
  return compression({
    threshold: COMPRESS_THRESHOLD_BYTES,
    filter: (req, res) => {
      const type = String(res.getHeader('content-type') ?? '');
      if (type.startsWith('text/event-stream')) return false;
      // The media-type list the default filter reads does not know NDJSON.
      return type.startsWith('application/x-ndjson') || compression.filter(req, res);
    },
  });
}

/**
 * Sends what a streamed answer has written so far (a compressed answer holds bytes until a block fills;
 * an uncompressed one has nothing to flush).
 */
export function flushAnswer(res: Response): void {
  (res as Response & { flush?: () => void }).flush?.();
}
