/** The gRPC status codes that Firestore errors carry in `code` (firebase-admin, emulator included). */
export const GRPC = { INVALID_ARGUMENT: 3, NOT_FOUND: 5, ALREADY_EXISTS: 6, ABORTED: 10 } as const;

export function grpcCode(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'number'
    ? error.code
    : undefined;
}

/**
 * A transaction that Firestore gave up on while it waited (INVALID_ARGUMENT: expired, or "invalid or
 * closed" in the emulator) and that the SDK does not run again: nothing of it was written.
 */
const expired = (error: unknown) =>
  grpcCode(error) === GRPC.INVALID_ARGUMENT &&
  /transaction (is invalid or closed|has expired|is no longer valid)/i.test(String((error as Error).message));

/**
 * A transaction, run again (with a growing, jittered pause) when Firestore aborts it for contention or
 * lets it expire while it waits on locks: the SDK retries an aborted commit, not a read that timed out
 * waiting for a lock, nor an expired transaction.
 */
export async function withContention<T>(run: () => Promise<T>, attempts = 8): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if ((grpcCode(error) !== GRPC.ABORTED && !expired(error)) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * 2 ** attempt));
    }
  }
}
