import type { LanCpe } from '@insight/common/upstream/lan';
import { hex, type Draw } from './draw';
import type { CatalogueWan } from './wan';

export type CatalogueLokiMacs = Array<{ mac: string; deviceType: string; lastSeen: string }>;

/** The loki service's devices of the account: the ONT and one per Plume pod. */
export function generateLokiMacs({ rng, mac }: Draw, wan: CatalogueWan, lan: LanCpe): CatalogueLokiMacs {
  return [
    { mac, deviceType: 'ONT', lastSeen: wan.state.date_update },
    ...lan.pods.map((pod) => ({
      mac: hex(rng, 6),
      deviceType: `POD:${pod.id}`,
      lastSeen: wan.state.date_update,
    })),
  ];
}
