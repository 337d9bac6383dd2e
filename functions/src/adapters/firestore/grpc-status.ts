/** The gRPC status codes that Firestore errors carry in `code` (firebase-admin, emulator included). */
export const GRPC = { NOT_FOUND: 5, ALREADY_EXISTS: 6, ABORTED: 10 } as const;

export function grpcCode(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'number'
    ? error.code
    : undefined;
}

/**
 * A transaction, run again (with a growing, jittered pause) when Firestore aborts it for contention: the
 * SDK retries an aborted commit, not a read that timed out waiting for a lock.
 */
export async function withContention<T>(run: () => Promise<T>, attempts = 8): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (grpcCode(error) !== GRPC.ABORTED || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * 2 ** attempt));
    }
  }
}
