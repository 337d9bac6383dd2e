import { lanCpeSchema } from '@insight/common/upstream/lan';
import { callRequired, type ServiceConfig } from './transport';

/** LAN / Plume service. */
export function createLanClient(service: ServiceConfig) {
  return {
    cpe: (mac: string) =>
      callRequired(service, { path: '/api/fe/lan/v1/cpe/{mac}', params: { mac } }, lanCpeSchema),
  };
}
export type LanClient = ReturnType<typeof createLanClient>;
