/**
 * The DeviceTests port over an ACS's northbound API, the subset of GenieACS's NBI in common/src/upstream/acs.ts
 * (docs/device-tests.md): the device found by its MAC, a `setParameterValues` task with a connection
 * request per step, the device's parameters read until `DiagnosticsState` leaves `Requested`. Every value in
 * a URL or a task comes from a validated MAC, the ACS's own device id, or the configured targets and test
 * server: never from the request's text.
 */
import { z } from 'zod';
import type { WifiBand } from '@insight/common/device-tests';
import {
  acsDevicesSchema,
  acsMac,
  acsTaskSchema,
  acsValue,
  TASK_FAULTED,
  TR181,
  type AcsTaskRequest,
} from '@insight/common/upstream/acs';
import { AppError } from '../../lib/app-error';
import type {
  DeviceTests,
  StartOutcome,
  StepObject,
  StepProgress,
  StepReadings,
  TestStep,
} from '../../domain/device-tests/device-tests-port';
import { callAnswer, callRequired, type ServiceConfig } from './transport';

/** How long the ACS waits for the device to answer the connection request and take the task (ms). */
export const CONNECTION_REQUEST_TIMEOUT_MS = 3000;

const OBJECTS: Readonly<Record<StepObject, string>> = {
  download: TR181.download,
  upload: TR181.upload,
  ping: TR181.ping,
  traceroute: TR181.traceroute,
  wifiScan: TR181.wifiScan,
};
const RADIOS: Readonly<Record<WifiBand, 1 | 2>> = { '2.4GHz': 1, '5GHz': 2 };

type Parameter = AcsTaskRequest['parameterValues'][number];
const string = (name: Parameter[0], value: string): Parameter => [name, value, 'xsd:string'];
const unsigned = (name: Parameter[0], value: number): Parameter => [name, value, 'xsd:unsignedInt'];

function parametersOf(step: TestStep): Parameter[] {
  const requested = string(`${OBJECTS[step.object]}.DiagnosticsState` as Parameter[0], 'Requested');
  switch (step.object) {
    case 'download':
      return [string(`${TR181.download}.DownloadURL`, step.url), requested];
    case 'upload':
      return [
        string(`${TR181.upload}.UploadURL`, step.url),
        unsigned(`${TR181.upload}.TestFileLength`, step.bytes),
        requested,
      ];
    case 'ping':
      return [
        string(`${TR181.ping}.Host`, step.host),
        unsigned(`${TR181.ping}.NumberOfRepetitions`, step.repetitions),
        requested,
      ];
    case 'traceroute':
      return [
        string(`${TR181.traceroute}.Host`, step.host),
        unsigned(`${TR181.traceroute}.MaxHopCount`, step.maxHops),
        requested,
      ];
    case 'wifiScan':
      return [requested];
  }
}

const num = (value: unknown): number | null => {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
};
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** A transfer's bytes and seconds from its TR-143 results (BOMTime to EOMTime). */
function transfer(
  device: unknown,
  base: string,
  bytesName: string,
): { bytes: number; seconds: number } | null {
  const bytes = num(acsValue(device, `${base}.${bytesName}`));
  const bom = Date.parse(String(acsValue(device, `${base}.BOMTime`) ?? ''));
  const eom = Date.parse(String(acsValue(device, `${base}.EOMTime`) ?? ''));
  if (bytes === null || !Number.isFinite(bom) || !Number.isFinite(eom) || eom <= bom) return null;
  return { bytes, seconds: (eom - bom) / 1000 };
}

const bandOf = (value: unknown): WifiBand | null =>
  value === '2.4GHz' ? '2.4GHz' : value === '5GHz' ? '5GHz' : null;

function radiosOf(device: unknown): Array<{ band: WifiBand; channel: number | null }> {
  return ([1, 2] as const).flatMap((index) => {
    const band = bandOf(acsValue(device, `${TR181.radio}.${index}.OperatingFrequencyBand`));
    return band ? [{ band, channel: num(acsValue(device, `${TR181.radio}.${index}.Channel`)) }] : [];
  });
}

/** The readings of a complete step, by their TR-181 names; null when the device's results are unusable. */
function readingsOf(device: unknown, object: StepObject): StepReadings | null {
  const base = OBJECTS[object];
  const at = (name: string) => acsValue(device, `${base}.${name}`);
  switch (object) {
    case 'download': {
      const done = transfer(device, base, 'TestBytesReceived');
      return done && { object, ...done };
    }
    case 'upload': {
      const done = transfer(device, base, 'TestFileLength');
      return done && { object, ...done };
    }
    case 'ping': {
      const received = num(at('SuccessCount'));
      const failed = num(at('FailureCount'));
      if (received === null || failed === null) return null;
      return {
        object,
        sent: received + failed,
        received,
        averageMs: num(at('AverageResponseTime')),
        minimumMs: num(at('MinimumResponseTime')),
        maximumMs: num(at('MaximumResponseTime')),
      };
    }
    case 'traceroute': {
      const count = Math.min(num(at('RouteHopsNumberOfEntries')) ?? 0, 64);
      const hops = Array.from({ length: count }, (_, i) => {
        const hop = (name: string) => at(`RouteHops.${i + 1}.${name}`);
        const times = String(hop('RTTimes') ?? '')
          .split(',')
          .map((item) => num(item.trim()))
          .filter((item): item is number => item !== null);
        return {
          host: text(hop('Host')),
          address: text(hop('HostAddress')),
          rttMs:
            times.length > 0 ? Math.round((times.reduce((a, b) => a + b, 0) / times.length) * 10) / 10 : null,
        };
      });
      return { object, hops };
    }
    case 'wifiScan': {
      const count = Math.min(num(at('ResultNumberOfEntries')) ?? 0, 200);
      const neighbours = Array.from({ length: count }, (_, i) => {
        const result = (name: string) => at(`Result.${i + 1}.${name}`);
        const band = bandOf(result('OperatingFrequencyBand'));
        const channel = num(result('Channel'));
        const signalDbm = num(result('SignalStrength'));
        return band && channel !== null && signalDbm !== null
          ? [{ band, ssid: String(result('SSID') ?? ''), channel, signalDbm }]
          : [];
      }).flat();
      return { object, radios: radiosOf(device), neighbours };
    }
  }
}

const taskAnswer = z.union([acsTaskSchema, z.null()]);

export function createAcsDeviceTests(service: ServiceConfig): DeviceTests {
  const read = async (device: string, projection: string) => {
    const found = await callRequired(
      service,
      { path: '/devices/', query: { query: JSON.stringify({ _id: device }), projection } },
      acsDevicesSchema,
    );
    const document = found[0];
    if (!document) throw new AppError('not_found', 'No ACS record for this device');
    return document;
  };
  const post = async (device: string, parameterValues: Parameter[]): Promise<StartOutcome> => {
    const task: AcsTaskRequest = { name: 'setParameterValues', parameterValues };
    const answer = await callAnswer(
      service,
      {
        method: 'POST',
        path: '/devices/{id}/tasks',
        params: { id: device },
        query: { connection_request: '', timeout: String(CONNECTION_REQUEST_TIMEOUT_MS) },
        body: task,
      },
      taskAnswer,
    );
    if (answer.status === 200) return 'started';
    // 202: queued, not done. The task is deleted so that it does not run later, unasked for.
    const id = answer.value?._id;
    if (id)
      await callAnswer(service, { method: 'DELETE', path: '/tasks/{id}', params: { id } }, z.unknown(), {
        allow404: true,
      });
    return answer.statusText.startsWith(TASK_FAULTED) ? 'busy' : 'unreachable';
  };
  return {
    async locate(mac) {
      const found = await callRequired(
        service,
        {
          path: '/devices/',
          query: { query: JSON.stringify({ [TR181.mac]: acsMac(mac) }), projection: '_id' },
        },
        acsDevicesSchema,
      );
      return found[0]?._id ?? null;
    },
    start: (device, step) => post(device, parametersOf(step)),
    async progress(device, object): Promise<StepProgress> {
      const projection = object === 'wifiScan' ? `${OBJECTS[object]},${TR181.radio}` : OBJECTS[object];
      const document = await read(device, projection);
      const state = acsValue(document, `${OBJECTS[object]}.DiagnosticsState`);
      if (state === 'Requested' || state === 'None' || state === undefined) return { state: 'running' };
      if (state !== 'Complete') return { state: 'error', detail: String(state).slice(0, 80) };
      const readings = readingsOf(document, object);
      return readings ? { state: 'complete', readings } : { state: 'error', detail: 'Incomplete results' };
    },
    async radios(device) {
      return radiosOf(await read(device, TR181.radio));
    },
    setChannel: (device, band, channel) =>
      post(device, [
        [`${TR181.radio}.${RADIOS[band]}.AutoChannelEnable`, false, 'xsd:boolean'],
        [`${TR181.radio}.${RADIOS[band]}.Channel`, channel, 'xsd:unsignedInt'],
      ]),
  };
}
