/**
 * The auto-configuration server's northbound API as Insight uses it (docs/device-tests.md): the subset of
 * GenieACS's NBI that runs the TR-181 diagnostics on a device and reads their results. The functions'
 * adapter (functions/src/adapters/upstream/acs-device-tests.ts) calls it; the simulator serves it under
 * `/acs` (simulator/openapi.json).
 *
 * 1. `GET /devices/?query={"Device.Ethernet.Interface.1.MACAddress":"AA:BB:CC:DD:EE:FF"}&projection=_id`:
 *    the device's ACS id (an empty list: no ACS record).
 * 2. `POST /devices/{id}/tasks?connection_request&timeout=3000` with a `setParameterValues` task that sets
 *    the test's parameters and `DiagnosticsState` to `Requested`: 200 when the device took it; 202 when it
 *    did not (reason phrase `Task faulted`: the device refused, a test of that object is running;
 *    otherwise the connection request failed: the device cannot be reached). A task answered 202 is
 *    deleted (`DELETE /tasks/{taskId}`): nothing is left queued.
 * 3. `GET /devices/?query={"_id":"{id}"}&projection={object}` until `DiagnosticsState` leaves `Requested`,
 *    then the results by their TR-181 names.
 */
import { z } from 'zod';

/** The TR-181 objects of the tests, and the radio table the Wi-Fi optimisation sets. */
export const TR181 = {
  download: 'Device.IP.Diagnostics.DownloadDiagnostics',
  upload: 'Device.IP.Diagnostics.UploadDiagnostics',
  ping: 'Device.IP.Diagnostics.IPPing',
  traceroute: 'Device.IP.Diagnostics.TraceRoute',
  wifiScan: 'Device.WiFi.NeighboringWiFiDiagnostic',
  radio: 'Device.WiFi.Radio',
  /** Where the ACS holds the device's MAC (the device is found by it). */
  mac: 'Device.Ethernet.Interface.1.MACAddress',
} as const;
export type Tr181Object = Exclude<keyof typeof TR181, 'mac' | 'radio'>;

/** `DiagnosticsState`'s values (TR-181 2.x): `Requested` until done, then `Complete` or an `Error_…`. */
export const DIAGNOSTICS_STATES = [
  'None',
  'Requested',
  'Canceled',
  'Complete',
  'Error',
  'Error_CannotResolveHostName',
  'Error_NoRouteToHost',
  'Error_Internal',
  'Error_Other',
  'Error_InitConnectionFailed',
  'Error_NoResponse',
  'Error_TransferFailed',
  'Error_PasswordRequestFailed',
  'Error_LoginFailed',
  'Error_NoTransferMode',
  'Error_NoPASV',
  'Error_IncorrectSize',
  'Error_Timeout',
] as const;
export type DiagnosticsState = (typeof DIAGNOSTICS_STATES)[number];

/** The parameters a task may set (anything else the simulator refuses with 400). */
export const SETTABLE_PARAMETERS = [
  `${TR181.download}.DiagnosticsState`,
  `${TR181.download}.DownloadURL`,
  `${TR181.upload}.DiagnosticsState`,
  `${TR181.upload}.UploadURL`,
  `${TR181.upload}.TestFileLength`,
  `${TR181.ping}.DiagnosticsState`,
  `${TR181.ping}.Host`,
  `${TR181.ping}.NumberOfRepetitions`,
  `${TR181.ping}.Timeout`,
  `${TR181.traceroute}.DiagnosticsState`,
  `${TR181.traceroute}.Host`,
  `${TR181.traceroute}.MaxHopCount`,
  `${TR181.wifiScan}.DiagnosticsState`,
  `${TR181.radio}.1.Channel`,
  `${TR181.radio}.2.Channel`,
  `${TR181.radio}.1.AutoChannelEnable`,
  `${TR181.radio}.2.AutoChannelEnable`,
] as const;

/** A GenieACS parameter leaf: its value, when it was read, and its XSD type. */
export const acsLeafSchema = z.object({
  _value: z.union([z.string(), z.number(), z.boolean()]),
  _timestamp: z.string().optional(),
  _type: z.string().optional(),
});

/** One device document of `GET /devices/`: `_id` and the projected parameter tree (leaves as above). */
export const acsDeviceSchema = z.looseObject({ _id: z.string().min(1).max(200) });
export const acsDevicesSchema = z.array(acsDeviceSchema);
export type AcsDevice = z.infer<typeof acsDeviceSchema>;

/** A `setParameterValues` task as posted: `[name, value, xsd type]` triples. */
export const acsTaskRequestSchema = z.object({
  name: z.literal('setParameterValues'),
  parameterValues: z
    .array(z.tuple([z.enum(SETTABLE_PARAMETERS), z.union([z.string(), z.number(), z.boolean()]), z.string()]))
    .min(1)
    .max(20),
});
export type AcsTaskRequest = z.infer<typeof acsTaskRequestSchema>;

/** The task as the ACS answers it (200 or 202). */
export const acsTaskSchema = z.looseObject({
  _id: z.string().min(1).max(200),
  device: z.string(),
  name: z.string(),
});
export type AcsTask = z.infer<typeof acsTaskSchema>;

/** The reason phrase of a 202 whose task the device refused (GenieACS's NBI). */
export const TASK_FAULTED = 'Task faulted';

/** The value of a leaf at a dotted path of a device document, or undefined. */
export function acsValue(device: unknown, path: string): string | number | boolean | undefined {
  let node: unknown = device;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  const leaf = acsLeafSchema.safeParse(node);
  return leaf.success ? leaf.data._value : undefined;
}

/** The device's MAC as the ACS holds it: `AA:BB:CC:DD:EE:FF` (from a validated, 12-hex-digit MAC). */
export const acsMac = (mac: string): string => mac.match(/../g)!.join(':').toUpperCase();
