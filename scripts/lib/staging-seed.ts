/**
 * Demo generic staging lists: two warehouses per province, racks in each, host devices (switches) in
 * rack order, devices connected to their ports in every state, and the approved firmware of each model.
 * Every entry passes the common/ schema that the forms and the rules use. Deterministic: the same lists
 * at every start.
 */
import {
  connectedFieldsSchema,
  DEVICE_STATES,
  firmwareFieldsSchema,
  hostFieldsSchema,
  rackFieldsSchema,
  warehouseFieldsSchema,
  type DeviceState,
} from '@insight/common/staging-lists';

type Fields<T> = T & { id: string };
export interface StagingSeed {
  warehouses: Array<Fields<{ name: string; province: 'ON' | 'QC' }>>;
  racks: Array<Fields<{ name: string; warehouseId: string }>>;
  hosts: Array<Fields<{ name: string; rackId: string; rackOrder: number; model: string; firmware: string }>>;
  connected: Array<Fields<{ macAddress: string; hostDeviceId: string; portNumber: number; state: DeviceState }>>;
  firmwares: Array<Fields<{ model: string; version: string; approved: boolean }>>;
}

const WAREHOUSES = [
  { id: 'WH-OTT', name: 'Ottawa depot', province: 'ON' },
  { id: 'WH-TOR', name: 'Toronto east warehouse', province: 'ON' },
  { id: 'WH-MTL', name: 'Entrepôt Montréal', province: 'QC' },
  { id: 'WH-QUE', name: 'Entrepôt Québec', province: 'QC' },
] as const;
const RACKS_PER_WAREHOUSE = 3;
const HOSTS_PER_RACK = 4;
const DEVICES_PER_HOST = 8;
/** Host models with their approved firmware and an older one still seen on some racks. */
const MODELS = [
  { model: 'EX2300-48P', approved: '23.4R2-S3', older: '21.4R3-S5' },
  { model: 'EX3400-24T', approved: '23.4R2-S3', older: '22.2R3' },
  { model: 'EX4100-48MP', approved: '24.2R1', older: '23.4R1' },
] as const;

const hex = (n: number, width: number) => n.toString(16).toUpperCase().padStart(width, '0');

export function stagingSeed(): StagingSeed {
  const seed: StagingSeed = { warehouses: [], racks: [], hosts: [], connected: [], firmwares: [] };
  for (const { model, approved, older } of MODELS) {
    seed.firmwares.push({ id: `${model}-${approved}`, ...firmwareFieldsSchema.parse({ model, version: approved, approved: true }) });
    seed.firmwares.push({ id: `${model}-${older}`, ...firmwareFieldsSchema.parse({ model, version: older, approved: false }) });
  }
  WAREHOUSES.forEach(({ id: warehouseId, name, province }, w) => {
    seed.warehouses.push({ id: warehouseId, ...warehouseFieldsSchema.parse({ name, province }) });
    for (let r = 1; r <= RACKS_PER_WAREHOUSE; r += 1) {
      const rackId = `${warehouseId}-R${r}`;
      seed.racks.push({ id: rackId, ...rackFieldsSchema.parse({ name: `Rack ${String.fromCharCode(64 + r)}`, warehouseId }) });
      for (let h = 1; h <= HOSTS_PER_RACK; h += 1) {
        const hostId = `${rackId}-S${h}`;
        const type = MODELS[(w + r + h) % MODELS.length]!;
        // One host in five runs an older firmware, and one model has a version with no entry at all.
        const firmware = (w + r + h) % 5 === 0 ? type.older : (w + r * h) % 11 === 0 ? '20.1R1' : type.approved;
        seed.hosts.push({
          id: hostId,
          ...hostFieldsSchema.parse({
            name: `${warehouseId.slice(3).toLowerCase()}-sw${r}${h}`,
            rackId,
            // Gaps of ten leave room to slot a host between two others.
            rackOrder: h * 10,
            model: type.model,
            firmware,
          }),
        } as StagingSeed['hosts'][number]);
        for (let port = 1; port <= DEVICES_PER_HOST; port += 1) {
          const n = ((w * RACKS_PER_WAREHOUSE + r - 1) * HOSTS_PER_RACK + h - 1) * DEVICES_PER_HOST + port;
          seed.connected.push({
            id: `${hostId}-P${port}`,
            ...connectedFieldsSchema.parse({
              macAddress: `5A7E${hex(w, 2)}${hex(n, 6)}`,
              hostDeviceId: hostId,
              portNumber: port,
              state: DEVICE_STATES[(n * 7) % DEVICE_STATES.length],
            }),
          });
        }
      }
    }
  });
  return seed;
}
