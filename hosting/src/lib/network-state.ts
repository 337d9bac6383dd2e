/**
 * The portal's network state, decided from what the API's requests do (docs/field-mode.md): a pure
 * reducer, fed by lib/network-status.ts with each request's outcome and the browser's online and offline
 * events.
 *
 * - `online`: the API answers (any HTTP answer, 4xx and 5xx included: the network carried it).
 * - `offline`: the browser says it has no network (`navigator.onLine === false`, its `offline` event), or a
 *   request failed while it said so.
 * - `not-answering`: the browser says it is online, but a request failed at the network level (fetch
 *   rejected), or nothing has come back from the API for NO_ANSWER_MS while a request waited ("lie-fi").
 */
export type NetworkMode = 'online' | 'offline' | 'not-answering';

export interface NetworkState {
  mode: NetworkMode;
  /** When the API last answered (ms, the monotonic clock the events carry); -Infinity before the first answer. */
  answeredAt: number;
}

export type NetworkEvent =
  /** A request got an HTTP answer (any status): the network carries the API's answers. */
  | { type: 'answered'; at: number }
  /** A request failed at the network level (fetch rejected, not by the app's own abort). */
  | { type: 'failed'; browserOnline: boolean }
  /** A request sent at `sentAt` has had no answer for NO_ANSWER_MS (its first byte). */
  | { type: 'no-answer'; sentAt: number; browserOnline: boolean }
  /** The app aborted its own request: says nothing about the network. */
  | { type: 'aborted' }
  /** The browser's offline event. */
  | { type: 'browser-offline' }
  /**
   * The browser's online event: its word alone does not bring the portal back; the request it prompts
   * (lib/network-status.ts probes at once) does, when it is answered.
   */
  | { type: 'browser-online' };

/**
 * How long a request may wait for its answer's first byte, with nothing else coming back from the API
 * meanwhile, before the network counts as not answering: longer than the API's own upstream timeout
 * (8 s, which it answers as an error, an answer), so a slow provider is not taken for a dead network.
 */
export const NO_ANSWER_MS = 15_000;

export const initialNetworkState = (browserOnline: boolean): NetworkState => ({
  mode: browserOnline ? 'online' : 'offline',
  answeredAt: Number.NEGATIVE_INFINITY,
});

const failedMode = (browserOnline: boolean): NetworkMode => (browserOnline ? 'not-answering' : 'offline');

export function reduceNetwork(state: NetworkState, event: NetworkEvent): NetworkState {
  switch (event.type) {
    case 'answered':
      return { mode: 'online', answeredAt: Math.max(state.answeredAt, event.at) };
    case 'failed':
      return { ...state, mode: failedMode(event.browserOnline) };
    case 'no-answer':
      // Another request answered while this one waited: the network works, this answer is slow.
      return state.answeredAt > event.sentAt ? state : { ...state, mode: failedMode(event.browserOnline) };
    case 'browser-offline':
      return { ...state, mode: 'offline' };
    case 'aborted':
    case 'browser-online':
      return state;
  }
}

/**
 * What the portal shows: the browser's "offline" is a shortcut that needs no failed request; otherwise
 * what the requests said.
 */
export const shownMode = (state: NetworkState, browserOnline: boolean): NetworkMode =>
  browserOnline ? state.mode : 'offline';

/** The light request's delays while the network is not answering: 2 s, doubling, at most 20 s. */
export const PROBE_FIRST_MS = 2_000;
export const PROBE_MAX_MS = 20_000;
export const probeDelayMs = (attempt: number): number => Math.min(PROBE_FIRST_MS * 2 ** attempt, PROBE_MAX_MS);
