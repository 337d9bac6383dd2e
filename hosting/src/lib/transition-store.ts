import { startTransition, useEffect, useState } from 'react';

/**
 * A module store's value for indicators that may follow a moment later (the loading bar, the search
 * field's readiness): each change is rendered as a transition, after what the page itself draws.
 * (`useSyncExternalStore` renders every change at once, in the task that made it: the reads a page starts
 * in its first effects re-rendered the top bar inside the page's first commit, a longer first task.)
 * `listeners` is the store's set (called on each change) and `read` a module function (stable).
 */
export function useStoreInTransition<T>(listeners: Set<() => void>, read: () => T): T {
  const [value, setValue] = useState(read);
  useEffect(() => {
    const update = () => startTransition(() => setValue(read));
    // A change between the render and this effect.
    update();
    listeners.add(update);
    return () => {
      listeners.delete(update);
    };
  }, [listeners, read]);
  return value;
}
