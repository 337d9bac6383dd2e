import type { SwitchRow } from '@insight/common/staging';

/** A switch row for the engine's tests: its name and status, one idle port unless told otherwise. */
export const switchRow = (
  name: string,
  status: SwitchRow['status'],
  states: Array<SwitchRow['ports'][number]['state']> = ['idle'],
): SwitchRow => ({
  name,
  mac: '00:11:22:33:44:55',
  status,
  firmware: null,
  ports: states.map((state, index) => ({ port: index + 1, deviceMac: null, state })),
  lastEvent: null,
  updatedAt: '2026-11-20T14:00:00.000Z',
});
