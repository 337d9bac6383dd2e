/**
 * The auto-configuration server, under `/acs`: the subset of GenieACS's northbound API that runs the TR-181
 * diagnostics (common/src/upstream/acs.ts; simulator/openapi.json).
 *
 * - `GET /acs/devices/?query=<json>&projection=<a,b>`: the query is `{"Device.Ethernet.Interface.1.MACAddress":
 *   "AA:BB:CC:DD:EE:FF"}` or `{"_id":"<id>"}` (anything else: 400); the answer, a list of at most one device
 *   document cut to the projection's dotted prefixes (`_id` always); `[]` for an unknown MAC or id. A device's
 *   id: `<the MAC's first 6 hex digits>-<model without spaces>-<serial number>`.
 * - `POST /acs/devices/{id}/tasks?connection_request&timeout=3000` with a `setParameterValues` task
 *   (`acsTaskRequestSchema`; 400 otherwise, 404 for an unknown id): 200 when the device took it; 202 with
 *   the reason phrase `Task faulted` when a test of an object it requests is running, or a value is one the
 *   device refuses; 202 `Connection request error: device unreachable` when the device's link is not online
 *   (not ranged, a dying gasp, a port outage, suspended); without `connection_request`, 202 `Task queued but
 *   not processed`. A task answered 202 stays queued until `DELETE /acs/tasks/{taskId}` (200; 404 unknown).
 * - A diagnostic's `DiagnosticsState` set to `Requested` reads `Requested` until its duration has passed,
 *   then `Complete` with its results (`Canceled` ends it: `None`). Durations, at `acsTimeScale` 1
 *   (SIM_ACS_TIME_SCALE multiplies them): download 6–10 s, upload 4–10 s, ping 5 s, traceroute 8–30 s, Wi-Fi
 *   scan 10 s, the same for a device on every start. A ping or traceroute whose `Host` is empty or under
 *   `.invalid` ends in `Error_CannotResolveHostName`.
 * - Results follow the device's line: healthy, 88–97 % of the plan's speed, no loss at 3–9 ms; a dirty
 *   connector, a damaged drop or a failing receive power, 30–60 % down and 40–70 % up, 10–30 % lost at
 *   20–45 ms, a traceroute with silent hops. The Wi-Fi scan: 2–5 neighbours on 2.4 GHz channels 1/6/11 and
 *   0–3 on 5 GHz (a Wi-Fi placement fault scans the same: the gateway is fine); the `wifi-crowded` scenario,
 *   10–14 on 2.4 GHz channels 3–9 with several stronger than -65 dBm on its channel 6, 5 GHz clear.
 *   `Device.WiFi.Radio.{1,2}.Channel` set by a task is the channel the device reports from then on.
 * - Faults (catalogue/macs.ts): `acsNeverCompletes` (its upload stays `Requested`), `acsBusy` (every
 *   diagnostic task: 202 `Task faulted`), `acsTimeout` (every call hangs, then 504), `acsUnknown` (no
 *   record: `[]`, and 404 for its id). Every task posted is recorded (`GET /_sim/records?kind=acs`);
 *   `DELETE /_sim/acs` forgets every device's settings and tests.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  acsMac,
  acsTaskRequestSchema,
  TASK_FAULTED,
  TR181,
  type AcsTaskRequest,
} from '@insight/common/upstream/acs';
import type { CatalogueCustomer } from '../catalogue/generate';
import { parseMacParam, type MacEntry } from '../catalogue/macs';
import { applyFault } from '../faults';
import { badRequest, notFound, params, pathOf, query as queryOf, type SimContext } from '../routes/context';
import { acsDeviceId, documentOf, ownFields, reachable, serialOfDeviceId, type Projection } from './device';
import { AcsDevices, type DeviceContext } from './state';

export const UNREACHABLE = 'Connection request error: device unreachable';
export const QUEUED = 'Task queued but not processed';
const PERIODIC_INFORM_MS = 5 * 60_000;
const TASK_LIMIT = 1000;

const deviceQuerySchema = z.union([
  z.strictObject({ [TR181.mac]: z.string().max(64) }),
  z.strictObject({ _id: z.string().max(200) }),
]);
const projectionSchema = z
  .string()
  .max(2000)
  .transform((text) => text.split(',').filter(Boolean))
  .pipe(z.array(z.string().regex(/^[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*$/)).max(50));
const timeoutSchema = z
  .string()
  .regex(/^\d{1,6}$/)
  .optional();

interface Task {
  _id: string;
  device: string;
  name: string;
  parameterValues: AcsTaskRequest['parameterValues'];
  timestamp: string;
}

export function acsRoutes(app: FastifyInstance, ctx: SimContext): AcsDevices {
  const devices = new AcsDevices();
  const queued = new Map<string, { task: Task; mac: string }>();
  const now = () => (ctx.options.now ?? Date.now)();
  let counter = 0;

  const found = (mac: string | null): { entry: MacEntry; customer: CatalogueCustomer } | null => {
    const entry = mac ? ctx.store.entry(mac) : null;
    return entry ? { entry, customer: ctx.store.get(entry) } : null;
  };
  const byId = (id: string) => {
    const serial = serialOfDeviceId(id);
    const customer = serial ? ctx.store.bySerialNumber(serial) : null;
    return customer && acsDeviceId(customer) === id ? found(customer.mac) : null;
  };
  const contextOf = ({
    entry,
    customer,
  }: {
    entry: MacEntry;
    customer: CatalogueCustomer;
  }): DeviceContext => ({
    customer,
    seed: ctx.options.seed,
    now: now(),
    timeScale: ctx.options.acsTimeScale,
    uploadNeverCompletes: entry.fault === 'acsNeverCompletes',
    crowded: entry.scenario === 'wifi-crowded',
  });
  /** The last periodic inform of a device up; the last word of one down (its state's last update). */
  const lastInform = (customer: CatalogueCustomer, at: number) =>
    reachable(customer)
      ? Math.floor(at / PERIODIC_INFORM_MS) * PERIODIC_INFORM_MS
      : Date.parse(customer.state.date_update);

  app.get('/acs/devices', async (req, reply) => {
    const query = queryOf(req);
    let parsed: z.infer<typeof deviceQuerySchema> | null = null;
    try {
      const result = deviceQuerySchema.safeParse(JSON.parse(String(query.query ?? '')));
      parsed = result.success ? result.data : null;
    } catch {
      parsed = null;
    }
    if (!parsed)
      return badRequest(reply, `query must be {"${TR181.mac}":"AA:BB:CC:DD:EE:FF"} or {"_id":"<device id>"}`);
    const projection = projectionSchema.safeParse(query.projection ?? '');
    if (!projection.success)
      return badRequest(reply, 'projection must be a comma-separated list of dotted parameter names');
    let device: ReturnType<typeof found>;
    if ('_id' in parsed) device = byId(parsed._id);
    else {
      const value = parsed[TR181.mac]!;
      const mac = parseMacParam(value);
      device = mac && acsMac(mac) === value ? found(mac) : null;
    }
    if (await applyFault(req, reply, 'acs', device?.entry.fault ?? null, ctx.options)) return reply;
    if (!device || device.entry.fault === 'acsUnknown') return [];
    const context = contextOf(device);
    const informed = lastInform(device.customer, context.now);
    const cut: Projection = projection.data.length > 0 ? projection.data : null;
    return [
      documentOf(
        acsDeviceId(device.customer),
        ownFields(device.customer, informed),
        devices.parameters(context, informed),
        cut,
      ),
    ];
  });

  app.post('/acs/devices/:id/tasks', async (req, reply) => {
    const query = queryOf(req);
    if (!timeoutSchema.safeParse(query.timeout).success)
      return badRequest(reply, 'timeout must be a whole number of milliseconds');
    const body = acsTaskRequestSchema.safeParse(req.body);
    if (!body.success)
      return badRequest(
        reply,
        'body must be a setParameterValues task of [name, value, type] the ACS accepts',
      );
    const id = params(req).id!;
    const device = byId(id);
    if (await applyFault(req, reply, 'acs', device?.entry.fault ?? null, ctx.options)) return reply;
    if (!device || device.entry.fault === 'acsUnknown') return notFound(reply, `No device ${id}`);
    const context = contextOf(device);
    const task: Task = {
      _id: `${Math.floor(context.now / 1000)
        .toString(16)
        .padStart(8, '0')}${(++counter).toString(16).padStart(16, '0')}`,
      device: id,
      name: body.data.name,
      parameterValues: body.data.parameterValues,
      timestamp: new Date(context.now).toISOString(),
    };
    const diagnostic = body.data.parameterValues.some(
      ([name, value]) => name.endsWith('.DiagnosticsState') && value === 'Requested',
    );
    const refusal = !('connection_request' in query)
      ? QUEUED
      : !reachable(device.customer)
        ? UNREACHABLE
        : device.entry.fault === 'acsBusy' && diagnostic
          ? TASK_FAULTED
          : devices.apply(context, body.data)
            ? TASK_FAULTED
            : null;
    ctx.records.add({
      kind: 'acs',
      mac: device.customer.mac,
      method: 'POST',
      path: pathOf(req.url),
      body: { task, outcome: refusal ?? 'done' },
    });
    if (!refusal) return task;
    queued.set(task._id, { task, mac: device.customer.mac });
    if (queued.size > TASK_LIMIT) queued.delete(queued.keys().next().value!);
    return accepted(reply, refusal, task);
  });

  app.delete('/acs/tasks/:taskId', async (req, reply) => {
    const { taskId } = params(req);
    const held = queued.get(taskId!);
    const device = held ? found(held.mac) : null;
    if (await applyFault(req, reply, 'acs', device?.entry.fault ?? null, ctx.options)) return reply;
    if (!held) return notFound(reply, `No task ${taskId}`);
    queued.delete(taskId!);
    ctx.records.add({ kind: 'acs', mac: held.mac, method: 'DELETE', path: pathOf(req.url), body: null });
    return reply.code(200).send();
  });

  app.delete('/_sim/acs', async (_req, reply) => {
    devices.clear();
    queued.clear();
    return reply.code(204).send();
  });
  return devices;
}

/** 202 with GenieACS's reason phrase, and the task. */
function accepted(reply: FastifyReply, reason: string, task: Task): FastifyReply {
  reply.raw.statusMessage = reason;
  return reply.code(202).send(task);
}
