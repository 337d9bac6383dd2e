import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { Province, StagingKind } from '@insight/common/staging';
import type { OpenUpstream, UpstreamEvent } from '../../domain/staging/stream-hub';

export interface StagingStreamConfig {
  /** `{endpoint}` of the Plume stream: `{endpoint}/{province}?format=json&key={key}`. */
  plumeUrl: string;
  /** `{endpoint}` of the ONU stream: `{endpoint}/{province}?key={key}`. */
  onuUrl: string;
  /** The upstream key (a secret): read when a stream opens, never logged or sent to a client. */
  key: () => string;
}

/** The URL of a stream; the province comes validated (ON or QC) and the key is encoded. */
export function streamUrl(config: StagingStreamConfig, kind: StagingKind, province: Province): URL {
  const url = new URL(
    `${(kind === 'plume' ? config.plumeUrl : config.onuUrl).replace(/\/+$/, '')}/${province}`,
  );
  if (kind === 'plume') url.searchParams.set('format', 'json');
  url.searchParams.set('key', config.key());
  return url;
}

/**
 * Opens an upstream event stream with fetch and parses it as Server-Sent Events. Errors say what went
 * wrong without the URL, whose query holds the key.
 */
export function stagingUpstream(config: StagingStreamConfig): OpenUpstream {
  return async function* open(kind, province, signal): AsyncIterable<UpstreamEvent> {
    let res: Response;
    try {
      res = await fetch(streamUrl(config, kind, province), {
        signal,
        headers: { accept: 'text/event-stream' },
      });
    } catch (error) {
      if (signal.aborted) return;
      throw new Error(
        `The ${kind} stream is unreachable${error instanceof Error && error.name === 'TimeoutError' ? ' (timeout)' : ''}`,
      );
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel().catch(() => undefined);
      throw new Error(`The ${kind} stream answered ${res.status}`);
    }
    const events = res.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream());
    const reader = events.getReader();
    const cancel = () => void reader.cancel().catch(() => undefined);
    signal.addEventListener('abort', cancel, { once: true });
    try {
      for (;;) {
        const { done, value } = await reader.read().catch((error: unknown) => {
          if (signal.aborted) return { done: true as const, value: undefined };
          throw new Error(`The ${kind} stream broke off`, { cause: error });
        });
        if (done) return;
        yield { event: value.event, data: value.data };
      }
    } finally {
      signal.removeEventListener('abort', cancel);
      cancel();
    }
  };
}
