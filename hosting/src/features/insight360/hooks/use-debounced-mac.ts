import { useEffect, useRef, useState } from 'react';
import { CUSTOMER_CALL_DELAY_MS } from '@insight/common/constants';

/**
 * The 25 ms customer-call delay (docs/requirements.md, "360 view"; docs/decisions/0010), as a debounce of rapid MAC changes: the first MAC is used at
 * once; a change within 25 ms of the previous one waits until the MAC settles.
 */
export function useDebouncedMac(mac: string | null): string | null {
  const [settled, setSettled] = useState(mac);
  const lastChange = useRef(0);
  useEffect(() => {
    const now = performance.now();
    const rapid = now - lastChange.current < CUSTOMER_CALL_DELAY_MS;
    lastChange.current = now;
    if (!rapid) {
      setSettled(mac);
      return;
    }
    const timer = setTimeout(() => setSettled(mac), CUSTOMER_CALL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [mac]);
  return settled === mac || settled === null ? mac : settled;
}
