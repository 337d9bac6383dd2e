import {
  initialNetworkState,
  NO_ANSWER_MS,
  probeDelayMs,
  reduceNetwork,
  shownMode,
  type NetworkEvent,
  type NetworkMode,
} from './network-state';

/**
 * The portal's network state, in one place (docs/field-mode.md): what the API's requests do (each
 * outcome, reported by lib/http-client.ts through `watchApiRequest`) and the browser's online and offline
 * events, decided by lib/network-state.ts. While the network is not answering, a light request (GET
 * /api/health) asks again, backed off; the browser's online event asks at once.
 */
const browserOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

/** Not answering is kept for the tab: a reload in a basement opens the kept views at once (a probe asks first). */
const KEY = 'insight-network';
function storedNotAnswering(): boolean {
  try {
    return sessionStorage.getItem(KEY) === 'not-answering';
  } catch {
    return false;
  }
}
function store(mode: NetworkMode): void {
  try {
    if (mode === 'not-answering') sessionStorage.setItem(KEY, mode);
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused: a reload starts online and finds out again.
  }
}

/**
 * The page is being left (a navigation or a reload): the browser cancels its requests, which fail as a
 * network failure would. That says nothing about the network, and must not mark the tab not answering.
 */
let leaving = false;

let state = initialNetworkState(browserOnline());
const listeners = new Set<() => void>();

let probeTimer: ReturnType<typeof setTimeout> | null = null;
let probing = false;
let probeAttempt = 0;

function dispatch(event: NetworkEvent): void {
  const before = state.mode;
  state = reduceNetwork(state, event);
  if (state.mode === before) return;
  store(state.mode);
  if (state.mode === 'online') probeAttempt = 0;
  if (state.mode === 'not-answering') scheduleProbe();
  else cancelProbe();
  listeners.forEach((listener) => listener());
}

function cancelProbe(): void {
  if (probeTimer !== null) clearTimeout(probeTimer);
  probeTimer = null;
}

/** Asks the light request after `delay`, by default the next of the backed-off delays. */
function scheduleProbe(delay?: number): void {
  if (probing || probeTimer !== null) return;
  const wait = delay ?? probeDelayMs(probeAttempt++);
  probeTimer = setTimeout(() => {
    probeTimer = null;
    void probe();
  }, wait);
}

/** One light request: its answer brings the portal back; no answer within NO_ANSWER_MS is a failure. */
async function probe(): Promise<void> {
  probing = true;
  const controller = new AbortController();
  const sentAt = performance.now();
  const timer = setTimeout(() => controller.abort(), NO_ANSWER_MS);
  try {
    // Loaded here, not with the shell: http-client reports to this store.
    const { probeApi } = await import('./http-client');
    const answer = await probeApi(controller.signal);
    void answer.body?.cancel().catch(() => undefined);
    dispatch({ type: 'answered', at: performance.now() });
  } catch {
    if (!leaving)
      dispatch(
        controller.signal.aborted
          ? { type: 'no-answer', sentAt, browserOnline: browserOnline() }
          : { type: 'failed', browserOnline: browserOnline() },
      );
  } finally {
    clearTimeout(timer);
    probing = false;
  }
  if (state.mode === 'not-answering') scheduleProbe();
}

/**
 * Reports the outcome of an API request (the promise of its answer's headers) and returns it: an answer
 * (any status) brings the portal online; a network failure (not the app's own abort) takes it offline or
 * not answering; a read with no answer for NO_ANSWER_MS (`firstByteBound`) counts as a failure unless
 * another request was answered meanwhile.
 */
export function watchApiRequest(
  response: Promise<Response>,
  { signal, firstByteBound }: { signal?: AbortSignal | null; firstByteBound: boolean },
): Promise<Response> {
  const sentAt = performance.now();
  const timer = firstByteBound
    ? setTimeout(() => dispatch({ type: 'no-answer', sentAt, browserOnline: browserOnline() }), NO_ANSWER_MS)
    : null;
  const settle = (event: NetworkEvent) => {
    if (timer !== null) clearTimeout(timer);
    dispatch(event);
  };
  response.then(
    () => settle({ type: 'answered', at: performance.now() }),
    (error: unknown) =>
      settle(
        signal?.aborted || (error as Error | null)?.name === 'AbortError' || leaving
          ? { type: 'aborted' }
          : { type: 'failed', browserOnline: browserOnline() },
      ),
  );
  return response;
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => (leaving = true));
  // Back from the back-forward cache: the page is shown again, and its requests count again.
  window.addEventListener('pageshow', () => (leaving = false));
  window.addEventListener('offline', () => dispatch({ type: 'browser-offline' }));
  window.addEventListener('online', () => {
    dispatch({ type: 'browser-online' });
    // The browser's word alone does not bring the portal back: a request that is answered does.
    if (state.mode !== 'online') {
      cancelProbe();
      probeAttempt = 0;
      scheduleProbe(0);
    }
  });
  if (browserOnline() && storedNotAnswering()) {
    state = { ...state, mode: 'not-answering' };
    scheduleProbe(0);
  }
}

/** The network state the portal shows and acts on. */
export const networkMode = (): NetworkMode => shownMode(state, browserOnline());

/** True while the API answers: writes are sent and views read the network. */
export const isOnline = (): boolean => networkMode() === 'online';

/** Calls `onChange` whenever the network state may have changed (the hooks in use-network-status.ts). */
export function subscribeNetwork(onChange: () => void): () => void {
  listeners.add(onChange);
  // The browser's word is read at each snapshot: its events re-render too.
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}
