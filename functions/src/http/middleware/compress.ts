import { constants } from 'node:zlib';
import compression from 'compression';
import type { RequestHandler, Response } from 'express';

/** The base-2 logarithm of Brotli's window (64 KiB). */
export const BROTLI_WINDOW_BITS = 16;

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
    // Brotli's window: 64 KiB, not its default 4 MiB. Every answer gets an encoder of its own, and with
    // the default one a 360 view's compressed answer cost the API 7.6 ms of CPU instead of 3.5 (bench:api
    // at concurrency 50, BENCH_ACCEPT_ENCODING="br, gzip"), for the same bytes (4,799 and 4,796): a view's
    // answer is about 40 KB. Quality 4, the library's default.
    brotli: { params: { [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS } },
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
