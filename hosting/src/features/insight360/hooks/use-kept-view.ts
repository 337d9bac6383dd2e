/**
 * Field mode in the 360 view (docs/field-mode.md): a complete view is kept on the device while online;
 * offline or while the network is not answering (lib/network-status.ts), the view opens from the kept one,
 * read-only.
 */
import { useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';
import { markFieldModeUsed } from '../../../lib/field-mode';
import type { KeptView } from '../../../lib/kept-views';
import { isOnline } from '../../../lib/network-status';
import { useOnline } from '../../../lib/use-network-status';
import { mayOpenViews, useAuth } from '../../../providers/auth-provider';
import { answersOf, isCompleteView, type KeptAnswers } from '../api/kept-view';

let kept: Promise<typeof import('../../../lib/kept-views')> | null = null;
/** Asked for once (each dynamic import's call runs the build's preload helper again). */
const keptViews = () =>
  (kept ??= import('../../../lib/kept-views').catch((error: unknown) => {
    // A chunk that failed to load (offline, a new deployment) is asked for again next time.
    kept = null;
    throw error;
  }));

/** The signed-in user when their roles let them open the 360 view (and so keep views), else null. */
function useKeepingUser(): string | null {
  const { state } = useAuth();
  return mayOpenViews(state) && state.status === 'signedIn' ? state.user.uid : null;
}

/**
 * Keeps the device's view each time its answers change and it is complete (every section answered, the
 * customer found), online only. `answered` changes when an answer does. A failure (a full quota, a
 * browser without IndexedDB) keeps nothing and changes nothing else.
 */
export function useKeepView(mac: string, language: string, answered: unknown, enabled: boolean): void {
  const uid = useKeepingUser();
  const { cache } = useSWRConfig();
  useEffect(() => {
    if (!enabled || !uid || !isOnline()) return;
    const answers = answersOf(mac, language, (path) => cache.get(path));
    if (!isCompleteView(answers, mac, language)) return;
    markFieldModeUsed();
    void keptViews()
      .then(({ keepView, keptGeneration }) => keepView(uid, mac, answers, Date.now(), keptGeneration()))
      .catch(() => undefined);
  }, [enabled, uid, mac, language, answered, cache]);
}

export type ViewSource =
  | { kind: 'live' }
  | { kind: 'pending' }
  | { kind: 'kept'; view: KeptView<KeptAnswers> }
  | { kind: 'missing' };

/**
 * Where the view of `mac` comes from: the network while it answers; offline or not answering, the kept
 * view if there is one.
 */
export function useViewSource(mac: string): ViewSource {
  const online = useOnline();
  const uid = useKeepingUser();
  const [found, setFound] = useState<{ uid: string; mac: string; view: KeptView<KeptAnswers> | null } | null>(
    null,
  );
  useEffect(() => {
    if (online || !uid) return;
    let cancelled = false;
    void keptViews()
      .then(({ readKeptView }) => readKeptView<KeptAnswers>(uid, mac))
      .catch(() => null)
      .then((view) => !cancelled && setFound({ uid, mac, view }));
    return () => {
      cancelled = true;
    };
  }, [online, uid, mac]);
  if (online) return { kind: 'live' };
  if (!found || found.uid !== uid || found.mac !== mac)
    return uid ? { kind: 'pending' } : { kind: 'missing' };
  return found.view ? { kind: 'kept', view: found.view } : { kind: 'missing' };
}
