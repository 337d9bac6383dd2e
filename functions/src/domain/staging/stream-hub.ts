/**
 * One upstream connection per staging stream (kind and province) on this instance, shared by every
 * viewer. Upstream events are validated and merged into rows; each change becomes a numbered message
 * kept in a short buffer, so a viewer that comes back with its last event id gets exactly what it missed
 * (or a fresh snapshot when that is no longer in the buffer). Ids are `<channel>-<number>`, the channel
 * part new for each channel object: an id of another instance (Hosting may send a resume anywhere) or of
 * an earlier life of this one never matches, and gets a snapshot. A malformed event is skipped and counted.
 */
import { randomBytes } from 'node:crypto';
import {
  rowKey,
  type Province,
  type StagingKind,
  type StagingMessage,
  type StagingRow,
} from '@insight/common/staging';
import type { Logger } from '../../lib/logger';
import { ReplayBuffer, type Delivered } from './replay-buffer';
import { isListing, rowsOf, sameExceptTime } from './stream-rows';

export type { Delivered };

/** One event as the upstream sent it. */
export interface UpstreamEvent {
  event?: string;
  data: string;
}

/** Opens a staging stream upstream; the iteration ends when the upstream closes; `signal` closes it. */
export type OpenUpstream = (
  kind: StagingKind,
  province: Province,
  signal: AbortSignal,
) => AsyncIterable<UpstreamEvent>;

export interface HubOptions {
  open: OpenUpstream;
  logger: Logger;
  /** Messages kept for viewers that resume. */
  bufferSize?: number;
  /** How long an upstream connection stays open after its last viewer left (a viewer's reconnect). */
  idleCloseMs?: number;
  /** Waits between upstream reconnects: first, and the cap of the doubling. */
  backoffMs?: { first: number; max: number };
  /** Names this instance in the stats and their log line (default: a random id per process). */
  instance?: string;
  /** While a stream is open, the stats are logged this often ('staging stats', one line per instance). */
  statsLogMs?: number;
}

/** What one instance reports: sum the figures of every instance's report (or log line) for the service. */
export interface HubReport {
  instance: string;
  /** Upstream connections open now: at most one per kind and province, four in all. */
  upstreamOpen: number;
  viewers: number;
  channels: ChannelStats[];
}

export type Listener = (delivered: Delivered) => void;

export interface ChannelStats {
  kind: StagingKind;
  province: Province;
  viewers: number;
  upstreamConnections: number;
  upstreamOpen: boolean;
  malformed: number;
  rows: number;
  lastId: number;
}

class Channel {
  private rows = new Map<string, StagingRow>();
  private buffer: ReplayBuffer;
  private listeners = new Set<Listener>();
  /** What ends each viewer's answer when the hub closes (shutdown). */
  private enders = new Map<Listener, () => void>();
  private abort: AbortController | null = null;
  private closeTimer: ReturnType<typeof setTimeout> | null = null;
  private status: { state: 'live' | 'reconnecting'; message?: string } = { state: 'reconnecting' };
  malformed = 0;
  connections = 0;

  constructor(
    readonly kind: StagingKind,
    readonly province: Province,
    private readonly options: Required<HubOptions>,
  ) {
    this.buffer = new ReplayBuffer(options.bufferSize);
  }

  get viewers() {
    return this.listeners.size;
  }
  get open() {
    return this.abort !== null;
  }
  stats(): ChannelStats {
    return {
      kind: this.kind,
      province: this.province,
      viewers: this.listeners.size,
      upstreamConnections: this.connections,
      upstreamOpen: this.open,
      malformed: this.malformed,
      rows: this.rows.size,
      lastId: this.buffer.seq,
    };
  }

  subscribe(listener: Listener, lastEventId: string | null, onEnd?: () => void): () => void {
    if (this.closeTimer) clearTimeout(this.closeTimer);
    this.closeTimer = null;
    const missed = this.buffer.since(lastEventId);
    if (missed !== null) for (const delivered of missed) listener(delivered);
    else listener({ id: this.buffer.lastId(), message: { type: 'snapshot', rows: [...this.rows.values()] } });
    listener({ id: this.buffer.lastId(), message: { type: 'status', ...this.status } });
    this.listeners.add(listener);
    if (onEnd) this.enders.set(listener, onEnd);
    if (!this.abort) this.start();
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      this.listeners.delete(listener);
      this.enders.delete(listener);
      if (this.listeners.size === 0 && this.abort) {
        if (this.closeTimer) clearTimeout(this.closeTimer);
        this.closeTimer = setTimeout(() => {
          this.closeTimer = null;
          if (this.listeners.size === 0) this.stop();
        }, this.options.idleCloseMs);
        this.closeTimer.unref?.();
      }
    };
  }

  /**
   * Closes the upstream. Nobody is watching: the channel forgets its rows and its changes and takes a new
   * id, so the next viewer starts from the next connection's listing (a resume gets a snapshot).
   */
  stop() {
    this.abort?.abort();
    this.abort = null;
    this.status = { state: 'reconnecting' };
    this.rows.clear();
    this.buffer.reset();
  }

  /** Shutdown: the upstream closed at once and every viewer's answer ended. */
  shutdown() {
    if (this.closeTimer) clearTimeout(this.closeTimer);
    this.closeTimer = null;
    this.stop();
    const enders = [...this.enders.values()];
    this.listeners.clear();
    this.enders.clear();
    for (const end of enders) end();
  }

  private broadcast(message: StagingMessage, numbered: boolean) {
    const delivered = numbered ? this.buffer.push(message) : { id: this.buffer.lastId(), message };
    for (const listener of this.listeners) listener(delivered);
  }

  /** Tells viewers when the state or its reason changes (a failing upstream's reason may change). */
  private setStatus(state: 'live' | 'reconnecting', message?: string) {
    if (this.status.state === state && this.status.message === message) return;
    this.status = { state, ...(message ? { message } : {}) };
    this.broadcast({ type: 'status', ...this.status }, false);
  }

  private start() {
    const abort = new AbortController();
    this.abort = abort;
    void (async () => {
      let wait = this.options.backoffMs.first;
      while (!abort.signal.aborted) {
        try {
          this.connections += 1;
          // A connection's first payload lists every row upstream has now: it replaces what this
          // channel held (rows gone upstream while it was closed or reconnecting leave the table).
          let complete = true;
          for await (const event of this.options.open(this.kind, this.province, abort.signal)) {
            if (abort.signal.aborted) break;
            this.setStatus('live');
            wait = this.options.backoffMs.first;
            if (this.accept(event, complete)) complete = false;
          }
          if (!abort.signal.aborted) this.setStatus('reconnecting', 'The upstream stream closed');
        } catch (error) {
          if (abort.signal.aborted) break;
          const message = error instanceof Error ? error.message : String(error);
          this.options.logger.warn('staging upstream failed', {
            kind: this.kind,
            province: this.province,
            message,
          });
          this.setStatus('reconnecting', message);
        }
        if (abort.signal.aborted) break;
        // Without viewers the retries last the grace period at most: its timer stops the channel.
        await sleep(wait, abort.signal);
        wait = Math.min(wait * 2, this.options.backoffMs.max);
      }
    })();
  }

  /**
   * Validates an upstream event and broadcasts the rows it changed; a malformed one is counted. With
   * `complete` (a connection's first payload), rows it does not list are dropped and viewers get the whole
   * table again. Answers whether the event was a payload of rows (not a status event, not malformed).
   */
  private accept(event: UpstreamEvent, complete = false): boolean {
    let parsed: unknown;
    try {
      parsed = JSON.parse(event.data);
    } catch {
      this.malformed += 1;
      return false;
    }
    const rows = rowsOf(this.kind, this.province, event.event, parsed, this.rows);
    if (rows === null) {
      this.malformed += 1;
      return false;
    }
    const listing = isListing(this.kind, event.event);
    if (complete && listing) {
      const listed = new Set(rows.map(rowKey));
      const gone = [...this.rows.keys()].filter((key) => !listed.has(key));
      if (gone.length > 0) {
        for (const key of gone) this.rows.delete(key);
        for (const row of rows) this.rows.set(rowKey(row), row);
        this.broadcast({ type: 'snapshot', rows: [...this.rows.values()] }, true);
        return true;
      }
    }
    const changed: StagingRow[] = [];
    for (const row of rows) {
      const key = rowKey(row);
      const before = this.rows.get(key);
      if (before && sameExceptTime(before, row)) continue;
      this.rows.set(key, row);
      changed.push(row);
    }
    if (changed.length > 0) this.broadcast({ type: 'upsert', rows: changed }, true);
    return listing;
  }
}

/** Waits `ms`, or less when `signal` aborts (a stopped channel does not wait out its backoff). */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    timer.unref?.();
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Changes kept per channel for viewers that resume. */
export const STREAM_BUFFER_SIZE = 5000;
/** An upstream connection closes this long after its last viewer left. */
export const STREAM_IDLE_CLOSE_MS = 5000;

export class StagingHub {
  private channels = new Map<string, Channel>();
  private readonly options: Required<HubOptions>;
  private statsTimer: ReturnType<typeof setInterval> | null = null;
  private closed = false;

  constructor(options: HubOptions) {
    this.options = {
      bufferSize: STREAM_BUFFER_SIZE,
      idleCloseMs: STREAM_IDLE_CLOSE_MS,
      backoffMs: { first: 500, max: 10_000 },
      instance: randomBytes(4).toString('hex'),
      statsLogMs: 60_000,
      ...options,
    };
  }

  /** This instance's figures, with its id: the service's are the sums over its instances. */
  report(): HubReport {
    const channels = this.stats();
    return {
      instance: this.options.instance,
      upstreamOpen: channels.filter((channel) => channel.upstreamOpen).length,
      viewers: channels.reduce((sum, channel) => sum + channel.viewers, 0),
      channels,
    };
  }

  /** One structured line per interval while a stream is open, to be summed across instances in the logs. */
  private logStats() {
    if (this.statsTimer) return;
    this.statsTimer = setInterval(() => {
      const report = this.report();
      if (report.upstreamOpen === 0 && report.viewers === 0) {
        clearInterval(this.statsTimer!);
        this.statsTimer = null;
      }
      this.options.logger.info('staging stats', { ...report });
    }, this.options.statsLogMs);
    this.statsTimer.unref?.();
  }

  private channel(kind: StagingKind, province: Province): Channel {
    const key = `${kind}/${province}`;
    let channel = this.channels.get(key);
    if (!channel) {
      channel = new Channel(kind, province, this.options);
      this.channels.set(key, channel);
    }
    return channel;
  }

  /**
   * Delivers the stream from `lastEventId` on (or a snapshot); returns the unsubscribe. `onEnd` is called
   * when the hub closes (the instance shuts down): the viewer's answer should end then. A closed hub
   * delivers nothing and calls `onEnd` at once (after this returns).
   */
  subscribe(
    kind: StagingKind,
    province: Province,
    lastEventId: string | null,
    listener: Listener,
    onEnd?: () => void,
  ): () => void {
    if (this.closed) {
      if (onEnd) queueMicrotask(onEnd);
      return () => undefined;
    }
    this.logStats();
    return this.channel(kind, province).subscribe(listener, lastEventId, onEnd);
  }

  stats(): ChannelStats[] {
    return [...this.channels.values()].map((channel) => channel.stats());
  }

  /**
   * Shutdown (and tests): closes every upstream connection at once, stops every reconnect, ends every
   * viewer's answer (their `onEnd`); later subscriptions end at once.
   */
  close(): void {
    this.closed = true;
    if (this.statsTimer) clearInterval(this.statsTimer);
    this.statsTimer = null;
    for (const channel of this.channels.values()) channel.shutdown();
  }
}
