import { useCallback, useSyncExternalStore } from 'react';
import { useAuth } from '../../../providers/auth-provider';

/** What an operation of the view changed; the view says it in words (operations-done.tsx). */
export type DoneKind =
  | 'deviceReset'
  | 'callForwarding'
  | 'voicemailPasswordReset'
  | 'mwiReset'
  | 'voicemailLanguage'
  | 'regenerateBc'
  | 'sendBcSms';

export interface DoneOperation {
  id: number;
  kind: DoneKind;
  /** When it went out (ISO) and who sent it. */
  at: string;
  by: string | null;
  /** The words' values: the port's phone, the number forwarded to, the SMS's phone… */
  values: Record<string, string>;
  /** When the device is expected back (ms since the epoch): its sections are read again then. */
  backAt?: number;
}

/**
 * The operations sent from the 360 view of each device, newest first, for as long as the page is open:
 * every dialog and panel of the view records here, and the view shows them under its header whichever
 * panel sent them (the dialog that said 'sent' is closed by then).
 */
const byMac = new Map<string, DoneOperation[]>();
const listeners = new Set<() => void>();
const EMPTY: DoneOperation[] = [];
let next = 0;

export function recordOperation(mac: string, operation: Omit<DoneOperation, 'id'>): DoneOperation {
  const done = { ...operation, id: ++next };
  byMac.set(mac, [done, ...(byMac.get(mac) ?? [])].slice(0, 10));
  listeners.forEach((listener) => listener());
  return done;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export function useOperationsDone(mac: string): DoneOperation[] {
  const read = () => byMac.get(mac) ?? EMPTY;
  return useSyncExternalStore(subscribe, read, read);
}

/** Records an operation that went out now, sent by the signed-in user. */
export function useRecordDone(mac: string) {
  const { state } = useAuth();
  const me = state.status === 'signedIn' ? state.user.email : null;
  return useCallback(
    (kind: DoneKind, values: Record<string, string> = {}) =>
      recordOperation(mac, { kind, at: new Date().toISOString(), by: me, values }),
    [mac, me],
  );
}
