/** The gRPC status codes that Firestore errors carry in `code` (firebase-admin, emulator included). */
export const GRPC = { NOT_FOUND: 5, ALREADY_EXISTS: 6 } as const;

export function grpcCode(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'number'
    ? error.code
    : undefined;
}
