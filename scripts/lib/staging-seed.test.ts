import { describe, expect, it } from 'vitest';
import { DEVICE_STATES, firmwareStatus } from '@insight/common/staging-lists';
import { nextState } from './staging-activity';
import { stagingSeed } from './staging-seed';

describe('staging seed', () => {
  const seed = stagingSeed();
  it('when seeded, then every rack, host and device names a parent that exists, in both provinces', () => {
    const warehouses = new Set(seed.warehouses.map((w) => w.id));
    const racks = new Set(seed.racks.map((r) => r.id));
    const hosts = new Set(seed.hosts.map((h) => h.id));
    expect(seed.racks.every((r) => warehouses.has(r.warehouseId))).toBe(true);
    expect(seed.hosts.every((h) => racks.has(h.rackId))).toBe(true);
    expect(seed.connected.every((d) => hosts.has(d.hostDeviceId))).toBe(true);
    expect(new Set(seed.warehouses.map((w) => w.province))).toEqual(new Set(['ON', 'QC']));
    expect(new Set(seed.connected.map((d) => d.macAddress)).size).toBe(seed.connected.length);
  });
  it('when seeded, then devices are in every state and host firmwares are approved, not approved and unknown', () => {
    expect(new Set(seed.connected.map((d) => d.state))).toEqual(new Set(DEVICE_STATES));
    const statuses = new Set(seed.hosts.map((h) => firmwareStatus(h, seed.firmwares)));
    expect(statuses).toEqual(new Set(['approved', 'notApproved', 'unknown']));
  });
});

describe('staging activity', () => {
  it('when a device moves on, then it goes through provisioning and the upgrade to staged, or fails, then waits again', () => {
    expect(nextState('waiting', 0.5)).toBe('provisioning');
    expect(nextState('provisioning', 0.5)).toBe('upgrading');
    expect(nextState('provisioning', 0.01)).toBe('failed');
    expect(nextState('upgrading', 0.5)).toBe('staged');
    expect(nextState('staged', 0.5)).toBe('waiting');
    expect(nextState('failed', 0.5)).toBe('waiting');
  });
});
