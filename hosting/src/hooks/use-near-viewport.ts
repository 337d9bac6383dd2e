import { useCallback, useState, type RefCallback } from 'react';

/**
 * Whether the element given to the returned ref is on screen or within `margin` of it; once true it
 * stays true. Content below the fold whose code is heavy (the look trend's charts) renders when the user
 * scrolls toward it, not during a phone's first load. True at once where the browser has no
 * IntersectionObserver.
 */
export function useNearViewport<T extends Element>(margin = '300px'): [RefCallback<T>, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback<RefCallback<T>>(
    (element) => {
      if (!element || near) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          setNear(true);
        },
        { rootMargin: margin },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [margin, near],
  );
  return [ref, near];
}
