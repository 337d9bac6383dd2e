import { useCallback, useRef, useState } from 'react';
import type { HttpError } from '../lib/http-client';

export type OperationState<R> =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'sent'; result: R }
  | { status: 'failed'; error: HttpError };

const newKey = () => crypto.randomUUID();

/**
 * Runs an operation once at a time (no double submission) and keeps its outcome for the UI. Each
 * operation carries an idempotency key: a retry after a failure or a timeout sends the same key, so the
 * upstream does not do it twice; a new key is taken when the dialog opens again (reset) or after success.
 */
export function useOperation<A extends unknown[], R>(
  run: (idempotencyKey: string, ...args: A) => Promise<R>,
) {
  const [state, setState] = useState<OperationState<R>>({ status: 'idle' });
  const busy = useRef(false);
  const key = useRef<string | null>(null);
  const submit = useCallback(
    async (...args: A) => {
      if (busy.current) return;
      busy.current = true;
      key.current ??= newKey();
      setState({ status: 'pending' });
      try {
        const result = await run(key.current, ...args);
        key.current = null;
        setState({ status: 'sent', result });
        return result;
      } catch (error) {
        setState({ status: 'failed', error: error as HttpError });
      } finally {
        busy.current = false;
      }
    },
    [run],
  );
  const reset = useCallback(() => {
    key.current = null;
    setState({ status: 'idle' });
  }, []);
  return { state, submit, reset };
}
