/**
 * Live staging (docs/requirements.md, "Staging"): what the API's event streams send the staging pages. The
 * upstream payloads (common/src/upstream/staging.ts) are validated and merged into rows; each message
 * carries the rows that changed, so a viewer that reconnects with its last event id loses and repeats
 * nothing, and a new viewer starts from a snapshot.
 */
import { z } from 'zod';
import { managedSwitchSchema, onuStreamPayloadSchema } from './upstream/staging';

export const STAGING_KINDS = ['plume', 'onu'] as const;
export type StagingKind = (typeof STAGING_KINDS)[number];
export const PROVINCES = ['ON', 'QC'] as const;
export type Province = (typeof PROVINCES)[number];

export const stagingParamsSchema = z
  .object({ kind: z.enum(STAGING_KINDS), province: z.enum(PROVINCES) })
  .strict();

/** A managed switch as the Plume page shows it: the stream's fields, its last event and when it changed. */
export const switchRowSchema = managedSwitchSchema.extend({
  firmware: z.string().nullable(),
  lastEvent: z.string().nullable(),
  updatedAt: z.string(),
});
export type SwitchRow = z.infer<typeof switchRowSchema>;

type OnuPayload = z.infer<typeof onuStreamPayloadSchema>;
/** An ONU device or an OLT port, as the ONU page shows them (the page joins the OLT interface). */
export type OnuRow =
  | ({ type: 'onu'; key: string; updatedAt: string } & OnuPayload['onuDevices'][number])
  | ({ type: 'olt'; key: string; updatedAt: string } & OnuPayload['oltDevices'][number]);
export type StagingRow = SwitchRow | OnuRow;

/** The key of a row: a switch by name, an ONU by MAC, an OLT port by name. */
export const rowKey = (row: StagingRow): string => ('type' in row ? row.key : row.name);

/** The stream's messages (the SSE event name is the type). */
export type StagingMessage =
  | { type: 'snapshot'; rows: StagingRow[] }
  | { type: 'upsert'; rows: StagingRow[] }
  | { type: 'status'; state: 'live' | 'reconnecting'; message?: string }
  | { type: 'cycle' };

/** Firebase Hosting cuts a rewritten request at 60 s: each response ends well before, the client resumes. */
export const STREAM_CYCLE_MS = 45_000;
export const HEARTBEAT_MS = 15_000;
/**
 * The poll form of a stream (`?mode=poll`), for a path that buffers answers until they end: an answer
 * waits at most POLL_WAIT_MS for a change, and ends POLL_BATCH_MS after its first one.
 */
export const POLL_WAIT_MS = 25_000;
export const POLL_BATCH_MS = 50;
/** How long a changed row is flagged on screen (docs/requirements.md, "Staging"). */
export const CHANGE_FLAG_MS = 1000;

/** `oltInterface/{province}`: the province's OLT ports, which the ONU page joins to each device's port. */
export const oltInterfaceSchema = z.object({
  name: z.string().nullable().default(null),
  ports: z
    .array(
      z.object({ portNumber: z.number().int().min(0), macAddress: z.string(), name: z.string().optional() }),
    )
    .default([]),
});
export type OltInterface = z.infer<typeof oltInterfaceSchema>;
