import { describe, expect, it } from 'vitest';
import { lanCpeSchema } from '@insight/common/upstream/lan';
import { lan } from '../../testing/fixtures';
import { toLan } from './lan-client';

describe('LAN client mapping', () => {
  it("when the LAN service answers, then the section carries the portal's own shape, without the upstream-only fields", () => {
    const pod = {
      id: 'pod-1',
      nickname: 'Salon',
      model: 'SuperPod WiFi 6',
      firmware: '6.4.0-14',
      connectionState: 'connected' as const,
      backhaul: 'wireless' as const,
      connectedDevices: 1,
    };
    const client = {
      mac: 'AA0000000001',
      ip: '192.168.1.10',
      hostname: 'Marie-iPhone',
      band: '5GHz' as const,
      channel: 36,
      rssi: -61,
      connectionState: 'connected' as const,
      health: 'good' as const,
      podId: 'pod-1',
    };
    const answer = lanCpeSchema.parse({ ...lan(), pods: [pod], clients: [client] });
    const mapped = toLan(answer);
    expect(mapped).not.toHaveProperty('mac');
    expect(mapped.pods).toEqual([pod]);
    expect(mapped.clients).toEqual([client]);
    expect(mapped.gateway).toEqual(answer.gateway);
    expect(mapped.plume).toEqual(answer.plume);
  });
});
