import { useCallback, useRef, useState } from 'react';
import type { HttpError } from '../lib/http-client';

export type OperationState<R> =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'sent'; result: R }
  | { status: 'failed'; error: HttpError };

/** Runs an operation once at a time (no double submission) and keeps its outcome for the UI. */
export function useOperation<A extends unknown[], R>(run: (...args: A) => Promise<R>) {
  const [state, setState] = useState<OperationState<R>>({ status: 'idle' });
  const busy = useRef(false);
  const submit = useCallback(
    async (...args: A) => {
      if (busy.current) return;
      busy.current = true;
      setState({ status: 'pending' });
      try {
        const result = await run(...args);
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
  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, submit, reset };
}
