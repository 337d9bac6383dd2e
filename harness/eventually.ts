/**
 * Polls until `check` gives a value (anything but null, undefined or false) and answers it; throws, naming
 * `what`, once the deadline has passed. The one wait for a state under a deadline of the end-to-end tests,
 * the trigger tests and the benches.
 */
export async function eventually<T>(
  check: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  { deadlineMs = 30_000, intervalMs = 200, what = 'the condition' } = {},
): Promise<T> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const value = await check();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`${what} not met within ${deadlineMs} ms (last: ${String(value)})`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
