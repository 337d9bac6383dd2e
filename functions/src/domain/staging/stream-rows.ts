/**
 * The staging stream hub's row mapping, pure: an upstream event (its SSE name and parsed data) becomes
 * the rows it sets, given the rows the channel holds (a switch's status event changes a known switch;
 * a payload's switch keeps its last event). Null for a malformed event or another province's.
 */
import type { OnuRow, Province, StagingKind, StagingRow } from '@insight/common/staging';
import {
  onuStreamPayloadSchema,
  PLUME_SWITCH_STATUS_EVENT,
  plumeStreamPayloadSchema,
  switchStatusEventSchema,
} from '@insight/common/upstream/staging';

/** Whether an event lists rows (a connection's first listing replaces the table), not a status event. */
export const isListing = (kind: StagingKind, event: string | undefined): boolean =>
  !(kind === 'plume' && event === PLUME_SWITCH_STATUS_EVENT);

export function rowsOf(
  kind: StagingKind,
  province: Province,
  event: string | undefined,
  data: unknown,
  held: ReadonlyMap<string, StagingRow>,
): StagingRow[] | null {
  if (kind === 'plume') {
    if (event === PLUME_SWITCH_STATUS_EVENT) {
      const status = switchStatusEventSchema.safeParse(data);
      if (!status.success) return null;
      const row = held.get(status.data.name);
      if (!row || !('ports' in row)) return [];
      return [{ ...row, status: status.data.status, lastEvent: status.data.ts, updatedAt: status.data.ts }];
    }
    const payload = plumeStreamPayloadSchema.safeParse(data);
    if (!payload.success || payload.data.province !== province) return null;
    return payload.data.mangedSwitches.map((entry) => {
      const before = held.get(entry.name);
      return {
        ...entry,
        firmware: entry.firmware ?? null,
        lastEvent: before && 'lastEvent' in before ? before.lastEvent : null,
        updatedAt: payload.data.ts,
      };
    });
  }
  const payload = onuStreamPayloadSchema.safeParse(data);
  if (!payload.success || payload.data.province !== province) return null;
  const ts = payload.data.ts;
  return [
    ...payload.data.oltDevices.map((olt): OnuRow => ({
      type: 'olt',
      key: `olt:${olt.name}`,
      updatedAt: ts,
      ...olt,
    })),
    ...payload.data.onuDevices.map((onu): OnuRow => ({
      type: 'onu',
      key: `onu:${onu.macAddress}`,
      updatedAt: ts,
      ...onu,
    })),
  ];
}

/** Rows equal but for when they were seen: no message for a row that did not change. */
export function sameExceptTime(a: StagingRow, b: StagingRow): boolean {
  const { updatedAt: _a, ...restA } = a;
  const { updatedAt: _b, ...restB } = b;
  return JSON.stringify(restA) === JSON.stringify(restB);
}
