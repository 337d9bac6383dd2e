import { describe, expect, it } from 'vitest';
import type { StagingRow } from '@insight/common/staging';
import { PLUME_SWITCH_STATUS_EVENT } from '@insight/common/upstream/staging';
import { isListing, rowsOf, sameExceptTime } from './stream-rows';

const entry = (name: string) => ({
  name,
  mac: '0C0100010000',
  status: 'online' as const,
  firmware: '5.2.0',
  ports: [{ port: 1, deviceMac: null, state: 'idle' as const }],
});
const none = new Map<string, StagingRow>();

describe('rowsOf: plume', () => {
  it('when a payload lists switches, then each becomes a row of the payload’s time, keeping a known switch’s last event', () => {
    const held = new Map<string, StagingRow>([
      [
        'SW-1',
        { ...entry('SW-1'), firmware: '5.2.0', lastEvent: '2026-11-20T09:00:00.000Z', updatedAt: 'x' },
      ],
    ]);
    const data = {
      province: 'ON',
      ts: '2026-11-20T10:00:00.000Z',
      mangedSwitches: [entry('SW-1'), { ...entry('SW-2'), firmware: undefined }],
    };
    expect(rowsOf('plume', 'ON', undefined, data, held)).toEqual([
      { ...entry('SW-1'), lastEvent: '2026-11-20T09:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z' },
      { ...entry('SW-2'), firmware: null, lastEvent: null, updatedAt: '2026-11-20T10:00:00.000Z' },
    ]);
    expect(rowsOf('plume', 'QC', undefined, data, none)).toBeNull();
    expect(rowsOf('plume', 'ON', undefined, { province: 'ON' }, none)).toBeNull();
  });

  it('when a status event names a known switch, then that row changes; an unknown switch changes nothing', () => {
    const held = new Map<string, StagingRow>([
      ['SW-1', { ...entry('SW-1'), lastEvent: null, updatedAt: 'x' }],
    ]);
    const status = { name: 'SW-1', status: 'offline', ts: '2026-11-20T10:00:09.000Z' };
    const rows = rowsOf('plume', 'ON', PLUME_SWITCH_STATUS_EVENT, status, held);
    expect(rows).toMatchObject([
      { name: 'SW-1', status: 'offline', lastEvent: status.ts, updatedAt: status.ts },
    ]);
    expect(rowsOf('plume', 'ON', PLUME_SWITCH_STATUS_EVENT, { ...status, name: 'SW-9' }, held)).toEqual([]);
    expect(isListing('plume', PLUME_SWITCH_STATUS_EVENT)).toBe(false);
    expect(isListing('plume', undefined)).toBe(true);
  });
});

describe('rowsOf: onu', () => {
  it('when a payload lists OLT ports and ONUs, then each is a row keyed by its kind', () => {
    const data = {
      province: 'QC',
      ts: '2026-11-20T10:00:00.000Z',
      oltDevices: [{ name: 'OLT-1 1/1/5', portNumber: 5, macAddress: 'AA', onuCount: 1 }],
      onuDevices: [{ portNumber: 5, macAddress: 'A4C1E800007C', state: 'ready', rxPower: -21.5 }],
    };
    expect(rowsOf('onu', 'QC', undefined, data, none)).toEqual([
      { type: 'olt', key: 'olt:OLT-1 1/1/5', updatedAt: data.ts, ...data.oltDevices[0] },
      { type: 'onu', key: 'onu:A4C1E800007C', updatedAt: data.ts, ...data.onuDevices[0] },
    ]);
    expect(rowsOf('onu', 'ON', undefined, data, none)).toBeNull();
  });
});

describe('sameExceptTime', () => {
  it('when two rows differ only by when they were seen, then they are the same; by a value, they are not', () => {
    const a = { ...entry('SW-1'), lastEvent: null, updatedAt: '1' };
    expect(sameExceptTime(a, { ...a, updatedAt: '2' })).toBe(true);
    expect(sameExceptTime(a, { ...a, status: 'offline' })).toBe(false);
  });
});
