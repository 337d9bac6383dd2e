/**
 * A catalogue device as the ACS holds it: its id, whether a connection request reaches it, and its GenieACS
 * document (nested objects whose leaves are `{ _value, _timestamp, _type }`), built from a flat list of
 * parameters and cut to a projection.
 */
import { TR181 } from '@insight/common/upstream/acs';
import { gradeMetric } from '@insight/common/grading';
import type { CatalogueCustomer } from '../catalogue/generate';

export type XsdType = 'xsd:string' | 'xsd:unsignedInt' | 'xsd:int' | 'xsd:boolean' | 'xsd:dateTime';
export interface Leaf {
  _value: string | number | boolean;
  _timestamp: string;
  _type: XsdType;
}
/** A device's parameters by their full TR-181 names. */
export type Parameters = Map<string, Leaf>;

/** The leaf of a value read at `at` (epoch ms); its XSD type from the value's. */
export function leaf(value: string | number | boolean, at: number, type?: XsdType): Leaf {
  return {
    _value: value,
    _timestamp: new Date(at).toISOString(),
    _type:
      type ??
      (typeof value === 'boolean' ? 'xsd:boolean' : typeof value === 'number' ? 'xsd:int' : 'xsd:string'),
  };
}

/** The maker: the model's first word (`Nokia G-010G-Q`, `Sagemcom F@st 5689`). */
const manufacturerOf = (model: string) => model.split(' ')[0]!;

/** The ACS's id of a device: `<OUI: the MAC's first 6 hex digits>-<model without spaces>-<serial number>`. */
export const acsDeviceId = (customer: CatalogueCustomer): string =>
  `${customer.mac.slice(0, 6)}-${customer.details.model.replace(/\s+/g, '')}-${customer.serialNumber}`;

/** The serial number an id ends with (the catalogue finds the device by it), or null. */
export function serialOfDeviceId(id: string): string | null {
  const match = /-([A-Z]{4}[0-9A-F]{8})$/.exec(id);
  return match ? match[1]! : null;
}

/** Whether a connection request reaches the device: its link is online and the OLT sees it up. */
export const reachable = (customer: CatalogueCustomer): boolean =>
  customer.link.online && [1, 3, 5].includes(customer.state.operStatus);

/**
 * Whether the line loses packets and speed: a dirty connector, a damaged drop, or a receive power in the
 * fail range (the power-fail scenario, a failing feeder's survivors, a power set at run time).
 */
export function lossy(customer: CatalogueCustomer): boolean {
  if (customer.link.condition === 'dirty-connector' || customer.link.condition === 'bad-drop') return true;
  return gradeMetric(customer.networkType, 'rxPower', customer.state.rx_pwr).grade === 'fail';
}

/** The parameters every device reports: its identity, its MAC, its firmware. */
export function identityParameters(customer: CatalogueCustomer, at: number): Parameters {
  const mac = customer.mac.match(/../g)!.join(':');
  return new Map([
    ['Device.DeviceInfo.Manufacturer', leaf(manufacturerOf(customer.details.model), at)],
    ['Device.DeviceInfo.ModelName', leaf(customer.details.model, at)],
    ['Device.DeviceInfo.SerialNumber', leaf(customer.serialNumber, at)],
    ['Device.DeviceInfo.SoftwareVersion', leaf(customer.firmware.current, at)],
    [TR181.mac, leaf(mac, at)],
  ]);
}

/** GenieACS's own fields of a document (not parameters): `_deviceId` and `_lastInform`. */
export function ownFields(customer: CatalogueCustomer, lastInform: number): Record<string, unknown> {
  return {
    _deviceId: {
      _Manufacturer: manufacturerOf(customer.details.model),
      _OUI: customer.mac.slice(0, 6),
      _ProductClass: customer.details.model.replace(/\s+/g, ''),
      _SerialNumber: customer.serialNumber,
    },
    _lastInform: new Date(lastInform).toISOString(),
  };
}

/** The projection's dotted prefixes (GenieACS's `projection`), or null for the whole document. */
export type Projection = string[] | null;

/** Whether a parameter (or own field) is under one of the projection's prefixes. */
const projected = (path: string, projection: Projection) =>
  projection === null || projection.some((prefix) => path === prefix || path.startsWith(`${prefix}.`));

/**
 * The document: `_id`, always; the own fields and the parameters that the projection names (a prefix
 * takes the subtree under it), nested by their dotted names.
 */
export function documentOf(
  id: string,
  own: Record<string, unknown>,
  parameters: Parameters,
  projection: Projection,
): Record<string, unknown> {
  const document: Record<string, unknown> = { _id: id };
  for (const [key, value] of Object.entries(own))
    if (projection === null || projection.some((prefix) => prefix === key || prefix.startsWith(`${key}.`)))
      document[key] = value;
  for (const [path, value] of parameters) {
    if (!projected(path, projection)) continue;
    const keys = path.split('.');
    let node = document;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    node[keys.at(-1)!] = value;
  }
  return document;
}
