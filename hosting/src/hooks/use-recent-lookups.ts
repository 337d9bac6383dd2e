import { useCallback, useEffect, useState } from 'react';
import { readFirestoreDocument } from '../lib/firestore-rest';
import { useOnline } from '../lib/use-network-status';

const EMPTY: string[] = [];
const store = () => import('../lib/recent-lookups-store');

// The last list seen per user, so that Home paints it at once when opened again, and the write of a
// lookup still in flight, so that a read started after it sees it.
const lastSeen = new Map<string, string[]>();
let pendingWrite: Promise<unknown> = Promise.resolve();

const macsOf = (document: Record<string, unknown> | null): string[] =>
  Array.isArray(document?.macs) ? document.macs.filter((mac): mac is string => typeof mac === 'string') : [];

/**
 * Offline or while the network is not answering, the recent lookups are the devices whose views are kept on
 * this device (docs/field-mode.md).
 */
const keptMacs = async (uid: string): Promise<string[]> =>
  (await (await import('../lib/kept-views')).keptDevices(uid)).map((device) => device.mac);

/**
 * Adds a MAC to the user's recent lookups without reading the list (the 360 view): resolves with the
 * list as written.
 */
export function rememberLookup(uid: string, mac: string): Promise<string[]> {
  const write = store().then(({ rememberRecent }) => rememberRecent(uid, mac));
  pendingWrite = write;
  write.then((macs) => lastSeen.set(uid, macs)).catch(() => undefined);
  return write;
}

/** A user's recent MAC lookups (last 20), kept in recent_lookups/{uid} so they follow the user between machines. */
export function useRecentLookups(uid: string | null) {
  // The list is kept with the uid it belongs to, so another user's list is never shown.
  const [state, setState] = useState<{ uid: string | null; list: string[] }>(() => ({
    uid,
    list: (uid && lastSeen.get(uid)) || EMPTY,
  }));
  // What last failed, if anything: the list's read (it is not known to be empty) or a Clear (it stays).
  const [failed, setFailed] = useState<'read' | 'clear' | null>(null);
  const show = useCallback((owner: string, list: string[]) => {
    lastSeen.set(owner, list);
    setState({ uid: owner, list: list.length ? list : EMPTY });
    setFailed(null);
  }, []);

  // Read once when the list is shown (and again when the network goes or returns): it changes only
  // through this user's own lookups.
  const online = useOnline();
  useEffect(() => {
    if (!uid) return;
    let cancelled = false;
    void pendingWrite
      .catch(() => undefined)
      .then(() => (online ? readFirestoreDocument(`recent_lookups/${uid}`).then(macsOf) : keptMacs(uid)))
      .then((macs) => !cancelled && show(uid, macs))
      .catch(() => !cancelled && setFailed('read'));
    return () => {
      cancelled = true;
    };
  }, [uid, show, online]);
  const list = !uid ? EMPTY : state.uid === uid ? state.list : (lastSeen.get(uid) ?? EMPTY);

  const remember = useCallback(
    (mac: string) => {
      if (!uid) return;
      rememberLookup(uid, mac)
        .then((macs) => show(uid, macs))
        .catch(() => undefined);
    },
    [uid, show],
  );
  const clear = useCallback(() => {
    if (!uid) return;
    const write = store().then(({ clearRecent }) => clearRecent(uid));
    pendingWrite = write;
    write.then(() => show(uid, EMPTY)).catch(() => setFailed('clear'));
  }, [uid, show]);
  return { list, remember, clear, failed };
}
