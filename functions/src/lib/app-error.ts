import { ERROR_STATUS, type ErrorCode } from '@insight/common/errors';

/** The one error type the API throws; the error middleware turns it into `{ error: { code, message } }`. */
export class AppError extends Error {
  readonly status: number;
  /** For upstream failures: the failing path shape (docs/requirements.md, "Errors", 'other server error'). */
  readonly path: string | undefined;
  /** For 429: sent as the Retry-After header. */
  readonly retryAfterSeconds: number | undefined;
  /** Structured details sent in the body (e.g. what a `conflict` is about). */
  readonly details: unknown;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: { status?: number; cause?: unknown; path?: string; retryAfterSeconds?: number; details?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.status = options.status ?? ERROR_STATUS[code];
    this.path = options.path;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }
}
