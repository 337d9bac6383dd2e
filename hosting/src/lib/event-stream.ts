/**
 * Reads a Server-Sent Events answer with fetch (EventSource cannot send an ID token), calling `onEvent` with
 * each event as soon as it arrives. Free of the app's configuration and of Firebase; the app's calls go
 * through `apiEventStream` (http-client.ts), which adds the user's token.
 */
import type { EventSourceMessage } from 'eventsource-parser';

/** A stream that could not be opened (`status` 0: the network) or broke while it was read. */
export class EventStreamError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'EventStreamError';
  }
}

export async function readEventStream(
  url: string,
  {
    headers = {},
    lastEventId,
    signal,
    onEvent,
  }: {
    headers?: Record<string, string>;
    lastEventId?: string;
    signal: AbortSignal;
    onEvent: (event: EventSourceMessage) => void;
  },
): Promise<void> {
  let res: Response;
  try {
    // The one reader of event streams, for http-client's apiEventStream.
    // eslint-disable-next-line no-restricted-globals
    res = await fetch(url, {
      signal,
      headers: {
        accept: 'text/event-stream',
        ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        ...headers,
      },
    });
  } catch (error) {
    if (signal.aborted) return;
    throw new EventStreamError(0, 'network', (error as Error).message);
  }
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => null)) as {
      error?: { code?: unknown; message?: unknown };
    } | null;
    throw new EventStreamError(
      res.status,
      typeof body?.error?.code === 'string' ? body.error.code : 'internal',
      typeof body?.error?.message === 'string' ? body.error.message : res.statusText,
    );
  }
  // The parser loads with the first stream, not with the app.
  const { EventSourceParserStream } = await import('eventsource-parser/stream');
  const reader = res.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      onEvent(value);
    }
  } catch (error) {
    if (signal.aborted) return;
    throw new EventStreamError(0, 'network', (error as Error).message);
  }
}
