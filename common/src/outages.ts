/**
 * Known outages, network-wide (docs/outages.md): the outage document of the `outages` collection, which
 * the functions write from Alertmanager's webhook (the rules of monitoring/rules/outages.yml), the board
 * and the 360 view read live, and operation staff annotate with a note (PUT /api/outages/{id}/note).
 *
 * One document per alert and start: its id is `<alert fingerprint>-<startsAt in epoch seconds>`, so a
 * replayed webhook lands on the same document and an alert that fires again later opens a new one.
 * Times are ISO strings (UTC), so that both SDKs and the API read them the same way.
 */
import { z } from 'zod';
import { OLT_NAME, PON_PORT } from './upstream/wan';
import { encodeMessage, maxLength, validatedText, type Validator } from './validators';

export const OUTAGES_COLLECTION = 'outages';

/**
 * What is out: a whole PON port without dying gasps (Adtran's `pon-outage`), a share of a port's ONUs
 * (a branch of the split: `partial-port`), or the power of an area (many dying gasps: `power-outage`).
 */
export const OUTAGE_KINDS = ['pon-outage', 'partial-port', 'power-outage'] as const;
export type OutageKind = (typeof OUTAGE_KINDS)[number];

export const OUTAGE_STATES = ['open', 'resolved'] as const;
export type OutageState = (typeof OUTAGE_STATES)[number];

/** Where the CRM notifications of the outage's last change stand (docs/outages.md, "Notifications"). */
export const NOTIFY_STATES = ['pending', 'sent', 'failed'] as const;
export type NotifyState = (typeof NOTIFY_STATES)[number];

/**
 * The thresholds of the outage rules (monitoring/rules/outages.yml, docs/outages.md "Detection"), for what
 * plays the rules without Prometheus (the simulator); a test holds the rules file to them.
 */
export const OUTAGE_THRESHOLDS = {
  /** A whole port: this share of its ONUs down on a loss of signal, and at least `portMinOnus`. */
  portShare: 0.8,
  portMinOnus: 2,
  /** Part of a port: this share, and at least `partialMinOnus`. */
  partialShare: 0.25,
  partialMinOnus: 3,
  /** Power: this many ONUs after a dying gasp, on at least `powerMinPorts` ports of one head end. */
  powerMinOnus: 10,
  powerMinPorts: 3,
} as const;

/** What the rules make of `down` of a port's `total` ONUs lost on a loss of signal: a kind, or null. */
export function portOutageKind(down: number, total: number): 'pon-outage' | 'partial-port' | null {
  const t = OUTAGE_THRESHOLDS;
  if (down >= t.portShare * total && down >= t.portMinOnus) return 'pon-outage';
  if (down >= t.partialShare * total && down >= t.partialMinOnus) return 'partial-port';
  return null;
}

/** Limits of the note's fields (the API's schema and the board's form). */
export const OUTAGE_NOTE_LIMITS = { ticket: 40, text: 500 } as const;

/** Alertmanager's fingerprint: hex digits (16 in its own answers). */
export const FINGERPRINT = /^[0-9a-f]{1,32}$/;
/** An outage's document id: its alert's fingerprint and the epoch second it started. */
export const OUTAGE_ID = /^[0-9a-f]{1,32}-\d{1,12}$/;

const isoTime = z.iso.datetime({ offset: true });

/** The outage's document id: `<fingerprint>-<startsAt epoch seconds>`. */
export function outageId(fingerprint: string, startsAt: string): string {
  return `${fingerprint}-${Math.floor(Date.parse(startsAt) / 1000)}`;
}

/** The note operation staff keep on an outage: a ticket number, an estimated time back, a free text. */
export const outageNoteSchema = z.object({
  ticket: z.string().nullable(),
  /** When service should be back (ISO), or null when nobody knows. */
  backAbout: isoTime.nullable(),
  text: z.string(),
});
export type OutageNote = z.output<typeof outageNoteSchema>;

export const EMPTY_OUTAGE_NOTE: OutageNote = { ticket: null, backAbout: null, text: '' };

const trimmed = z.string().transform((value) => value.trim());
const ticketChars: Validator = (value) =>
  /^[\w./#-]*$/.test(value) ? null : { key: 'alphanumericBrackets' };

/**
 * The note's edit (the body of PUT /api/outages/{id}/note, and the board's form): every field present;
 * an empty ticket or time is stored as null. Messages are encoded validation messages (validators.ts).
 */
export const outageNoteEditSchema = z
  .object({
    ticket: z
      .union([z.null(), trimmed.pipe(validatedText(ticketChars, maxLength(OUTAGE_NOTE_LIMITS.ticket)))])
      .transform((value) => (value === '' ? null : value)),
    backAbout: z
      .union([
        z.null(),
        z.literal(''),
        z.iso.datetime({ offset: true, error: encodeMessage({ key: 'date' }) }),
      ])
      .transform((value) => (value === '' || value === null ? null : new Date(value).toISOString())),
    text: trimmed.pipe(validatedText(maxLength(OUTAGE_NOTE_LIMITS.text))),
  })
  .strict();
export type OutageNoteEdit = z.input<typeof outageNoteEditSchema>;

/** Where the CRM notifications of the outage's last change (open or resolve) stand. */
export const outageNotifySchema = z.object({
  state: z.enum(NOTIFY_STATES),
  /** Delivery attempts made for the last change (all webhooks together: the most any one needed). */
  attempts: z.number().int().min(0),
  /** The last failure (a status or a network error), or null. */
  lastError: z.string().nullable(),
  updatedAt: isoTime,
});
export type OutageNotify = z.output<typeof outageNotifySchema>;

/** An outage as stored in `outages/{id}` (written by the functions only, but for the note). */
export const outageSchema = z.object({
  id: z.string().regex(OUTAGE_ID),
  fingerprint: z.string().regex(FINGERPRINT),
  kind: z.enum(OUTAGE_KINDS),
  state: z.enum(OUTAGE_STATES),
  /** The OLT's name (`OLT-TOR-1`), or null for an outage of an area. */
  olt: z.string().regex(OLT_NAME).nullable(),
  /** The PON port as shelf/slot/port (`1/1/5`), or null for an outage of an area. */
  port: z.string().regex(PON_PORT).nullable(),
  /** The marketing area's id in the network lists (`MA-TOR`), or null when unknown. */
  area: z.string().nullable(),
  /** The head end's id in the network lists (`ON-TOR-01`), or null when unknown. */
  headEnd: z.string().nullable(),
  /** ONUs down (for a power outage: the dying gasps counted). */
  onusDown: z.number().int().min(0),
  /** ONUs the rule saw on the port (or the area). */
  onusTotal: z.number().int().min(0),
  /** Customer accounts affected (the port's devices; for an area, the ONUs down). */
  accounts: z.number().int().min(0),
  startsAt: isoTime,
  updatedAt: isoTime,
  /** When it was resolved, or null while open. */
  endsAt: isoTime.nullable(),
  note: outageNoteSchema,
  notify: outageNotifySchema,
});
export type Outage = z.output<typeof outageSchema>;

/** Where a device hangs in the network: its PON port (the neighbourhood), its marketing area and head end. */
export interface NetworkPlace {
  olt?: string | null;
  port?: string | null;
  area?: string | null;
  headEnd?: string | null;
}

/**
 * Whether an open outage covers a device at `place`: an outage of a port covers the devices of that port;
 * an outage of an area (no port) covers the devices of its head end when it names one, else of its
 * marketing area. A resolved outage covers nothing.
 */
export function outageCovers(
  outage: Pick<Outage, 'state' | 'olt' | 'port' | 'area' | 'headEnd'>,
  place: NetworkPlace,
): boolean {
  if (outage.state !== 'open') return false;
  if (outage.olt !== null && outage.port !== null)
    return outage.olt === place.olt && outage.port === place.port;
  if (outage.headEnd !== null) return outage.headEnd === place.headEnd;
  return outage.area !== null && outage.area === place.area;
}

/** The port page's path of an outage's port (`/i/port/OLT-TOR-1/1/1/5`), or null for an area. */
export function outagePortPath(outage: Pick<Outage, 'olt' | 'port'>): string | null {
  return outage.olt !== null && outage.port !== null ? `/i/port/${outage.olt}/${outage.port}` : null;
}
