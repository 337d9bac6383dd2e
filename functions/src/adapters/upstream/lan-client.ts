import { lanCpeSchema } from '@insight/common/upstream/lan';
import type { LanClient } from '../../domain/ports/upstream-clients';
import { callRequired, type ServiceConfig } from './transport';

/** LAN / Plume service. */
export function createLanClient(service: ServiceConfig): LanClient {
  return {
    cpe: (mac: string) =>
      callRequired(service, { path: '/api/fe/lan/v1/cpe/{mac}', params: { mac } }, lanCpeSchema),
  };
}
