import type { Lan } from '@insight/common/customer360';
import { lanCpeSchema, type LanCpe } from '@insight/common/upstream/lan';
import type { LanClient } from '../../domain/ports/upstream-clients';
import { callRequired, type ServiceConfig } from './transport';

/** The LAN service's CPE answer as the portal's own Lan: field by field, so the screens never see the upstream shape. */
export function toLan({ gateway, plume, ssids, pods, clients }: LanCpe): Lan {
  return {
    gateway: {
      model: gateway.model,
      firmware: gateway.firmware,
      wanIp: gateway.wanIp,
      lanIp: gateway.lanIp,
      uptimeSeconds: gateway.uptimeSeconds,
      ethernetPorts: gateway.ethernetPorts.map(({ port, linkUp, speedMbps }) => ({
        port,
        linkUp,
        speedMbps,
      })),
    },
    plume: {
      locationId: plume.locationId,
      loginUrl: plume.loginUrl,
      frontlineUrl: plume.frontlineUrl,
      health: { score: plume.health.score, status: plume.health.status },
      license: { type: plume.license.type, status: plume.license.status },
    },
    ssids: ssids.map(({ name, band, enabled, security }) => ({ name, band, enabled, security })),
    pods: pods.map((pod) => ({
      id: pod.id,
      nickname: pod.nickname,
      model: pod.model,
      firmware: pod.firmware,
      connectionState: pod.connectionState,
      backhaul: pod.backhaul,
      connectedDevices: pod.connectedDevices,
    })),
    clients: clients.map((client) => ({
      mac: client.mac,
      ip: client.ip,
      hostname: client.hostname,
      band: client.band,
      channel: client.channel,
      rssi: client.rssi,
      connectionState: client.connectionState,
      health: client.health,
      podId: client.podId,
    })),
  };
}

/** LAN / Plume service. */
export function createLanClient(service: ServiceConfig): LanClient {
  return {
    cpe: async (mac: string) =>
      toLan(await callRequired(service, { path: '/api/fe/lan/v1/cpe/{mac}', params: { mac } }, lanCpeSchema)),
  };
}
