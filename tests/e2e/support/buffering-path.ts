import { afterAll, beforeAll } from 'vitest';
import { startBufferingProxy } from '../../../functions/src/testing/buffering-proxy';
import { PORTAL } from '../../../harness/browser';

/**
 * The portal behind a path that delivers each answer only when it ends (as Hosting's rewrites are
 * reported to do with a streamed answer, firebase-tools#9774): the buffering proxy in front of the
 * hosting emulator, on a port of its own on 127.0.0.1 (`BUFFERING_PORT`, any free one unless given).
 * A page opened with `baseURL: url()` loads the app and calls `/api` through it.
 */
export function useBufferingPortal() {
  let proxy: Awaited<ReturnType<typeof startBufferingProxy>> | undefined;
  beforeAll(async () => {
    proxy = await startBufferingProxy(PORTAL, Number(process.env.BUFFERING_PORT ?? 0));
  });
  afterAll(async () => {
    await proxy?.close();
  });
  return {
    url: () => proxy!.url,
    /** Answers the proxy delivered so far. */
    answers: () => proxy!.answers(),
  };
}
