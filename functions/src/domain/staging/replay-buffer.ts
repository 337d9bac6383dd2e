/**
 * The stream hub's numbered messages, the last `size` of them kept for viewers that resume. Ids are
 * `<epoch>-<number>`, the epoch new for each buffer and each reset: an id of another instance or of an
 * earlier life of this one never matches, and its viewer gets a snapshot instead.
 */
import { randomBytes } from 'node:crypto';
import type { StagingMessage } from '@insight/common/staging';

export interface Delivered {
  /** The SSE event id: `<channel>-<number>`, opaque to clients. */
  id: string;
  message: StagingMessage;
}

const newEpoch = () => randomBytes(6).toString('hex');

export class ReplayBuffer {
  private entries: Array<{ seq: number; delivered: Delivered }> = [];
  private epoch = newEpoch();
  /** The last number given. */
  seq = 0;

  constructor(private readonly size: number) {}

  /** The id of the last numbered message (what an unnumbered message carries). */
  lastId(): string {
    return `${this.epoch}-${this.seq}`;
  }

  /** Numbers and keeps a message (the oldest leaves past `size`). */
  push(message: StagingMessage): Delivered {
    this.seq += 1;
    const delivered = { id: this.lastId(), message };
    this.entries.push({ seq: this.seq, delivered });
    if (this.entries.length > this.size) this.entries.shift();
    return delivered;
  }

  /** What a viewer missed after `lastEventId`, or null when that id cannot be resumed from here. */
  since(lastEventId: string | null): Delivered[] | null {
    const match = lastEventId === null ? null : /^([0-9a-f]+)-(\d{1,15})$/.exec(lastEventId);
    if (!match || match[1] !== this.epoch) return null;
    const from = Number(match[2]);
    const oldest = this.entries[0]?.seq ?? this.seq + 1;
    if (from > this.seq || from < oldest - 1) return null;
    return this.entries.filter(({ seq }) => seq > from).map(({ delivered }) => delivered);
  }

  /** Forgets every message and takes a new epoch: no earlier id resumes. */
  reset(): void {
    this.entries = [];
    this.epoch = newEpoch();
  }
}
