/**
 * What the ACS knows of each device beyond the catalogue: the parameters tasks set (a test's host, a
 * radio's channel) and the diagnostics requested, each `Requested` until its duration has passed, then
 * `Complete` with its results. Kept per MAC in memory, for the devices tasks have touched (bounded).
 */
import { TR181, type AcsTaskRequest, type Tr181Object } from '@insight/common/upstream/acs';
import type { CatalogueCustomer } from '../catalogue/generate';
import {
  defaultRadios,
  durationOf,
  pingResults,
  testRng,
  tracerouteResults,
  transferResults,
  validChannel,
  wifiScanResults,
  type Inputs,
  type Radios,
  type Result,
} from './diagnostics';
import { identityParameters, leaf, type Parameters } from './device';

const OBJECTS = Object.keys(TR181).filter((key) => key !== 'mac' && key !== 'radio') as Tr181Object[];
const LIMIT = 10_000;

/** A diagnostic the device was asked to run. */
interface Run {
  requestedAt: number;
  durationMs: number;
  inputs: Inputs;
  /** The device never reports it complete (the acsNeverCompletes fault's upload). */
  never: boolean;
}

interface DeviceState {
  /** The values tasks set, by full parameter name. */
  set: Map<string, { value: string | number | boolean; at: number }>;
  runs: Partial<Record<Tr181Object, Run>>;
}

/** Each input a task may set, under its object, with the device's default and the values it accepts. */
const INPUTS: Record<string, { fallback: string | number; valid: (value: unknown) => boolean }> = {
  DownloadURL: { fallback: 'http://speedtest.example-telecom.net/1GB.bin', valid: (v) => isText(v, 256) },
  UploadURL: { fallback: 'http://speedtest.example-telecom.net/upload', valid: (v) => isText(v, 256) },
  TestFileLength: { fallback: 0, valid: (v) => isWhole(v, 0, 2 ** 32 - 1) },
  Host: { fallback: '', valid: (v) => isText(v, 256) },
  NumberOfRepetitions: { fallback: 10, valid: (v) => isWhole(v, 1, 100) },
  Timeout: { fallback: 1000, valid: (v) => isWhole(v, 1, 60_000) },
  MaxHopCount: { fallback: 30, valid: (v) => isWhole(v, 1, 64) },
};
const isText = (value: unknown, max: number) => typeof value === 'string' && value.length <= max;
const isWhole = (value: unknown, min: number, max: number) => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= min && number <= max;
};
const asBoolean = (value: unknown) =>
  value === true || value === 'true' || value === 1 || value === '1'
    ? true
    : value === false || value === 'false' || value === 0 || value === '0'
      ? false
      : null;

/** A host a device can resolve: a name of letters, digits, dashes and dots (not under `.invalid`), or an IP address. */
const resolvable = (host: string) =>
  (/^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/i.test(host) &&
    !/\.invalid$/i.test(host)) ||
  /^[0-9a-f:]{2,39}$/i.test(host);

/** Which object a parameter is under, and its name there (`Host`), or null for the radios. */
function objectOf(name: string): { object: Tr181Object; key: string } | null {
  for (const object of OBJECTS)
    if (name.startsWith(`${TR181[object]}.`)) return { object, key: name.slice(TR181[object].length + 1) };
  return null;
}

/** Why a task is refused by the device (GenieACS answers 202 `Task faulted`). */
export type Refusal = 'running' | 'invalid';

export interface DeviceContext {
  customer: CatalogueCustomer;
  seed: string;
  now: number;
  timeScale: number;
  /** The device never completes its upload test (acsNeverCompletes). */
  uploadNeverCompletes: boolean;
  /** Its gateway sits on a crowded 2.4 GHz channel (the wifi-crowded scenario). */
  crowded: boolean;
}

export class AcsDevices {
  private readonly devices = new Map<string, DeviceState>();

  private stateOf(mac: string): DeviceState {
    let state = this.devices.get(mac);
    if (!state) {
      state = { set: new Map(), runs: {} };
      this.devices.set(mac, state);
      if (this.devices.size > LIMIT) this.devices.delete(this.devices.keys().next().value!);
    }
    return state;
  }

  /** Forgets every device's settings and tests (`DELETE /_sim/acs`). */
  clear(): void {
    this.devices.clear();
  }

  /** Whether a test of this object is running on the device. */
  running(ctx: DeviceContext, object: Tr181Object): boolean {
    const run = this.devices.get(ctx.customer.mac)?.runs[object];
    return run !== undefined && this.stateOfRun(run, ctx.now) === 'Requested';
  }

  private stateOfRun(run: Run, now: number): 'Requested' | 'Complete' {
    return run.never || now < run.requestedAt + run.durationMs ? 'Requested' : 'Complete';
  }

  /**
   * Applies a task's values, or refuses the whole task (nothing applied): a test of an object it requests
   * is running, or a value the device does not accept (a channel not on the band, a state other than
   * `Requested` or `Canceled`, a count out of range).
   */
  apply(ctx: DeviceContext, task: AcsTaskRequest): Refusal | null {
    const requested = new Set<Tr181Object>();
    const canceled = new Set<Tr181Object>();
    for (const [name, value] of task.parameterValues) {
      const under = objectOf(name);
      if (under?.key === 'DiagnosticsState') {
        if (value === 'Requested') requested.add(under.object);
        else if (value === 'Canceled') canceled.add(under.object);
        else return 'invalid';
      } else if (under) {
        if (!INPUTS[under.key]!.valid(value)) return 'invalid';
      } else {
        const radio = Number(name.split('.')[3]) as 1 | 2;
        if (name.endsWith('.Channel') ? !validChannel(radio, Number(value)) : asBoolean(value) === null)
          return 'invalid';
      }
    }
    if ([...requested].some((object) => this.running(ctx, object))) return 'running';
    const state = this.stateOf(ctx.customer.mac);
    for (const [name, value] of task.parameterValues) {
      if (name.endsWith('.DiagnosticsState')) continue;
      const radio = objectOf(name) === null;
      state.set.set(name, {
        value: radio ? (name.endsWith('.Channel') ? Number(value) : asBoolean(value)!) : value,
        at: ctx.now,
      });
      // A channel set by hand turns the radio's automatic choice off, unless the task sets that too.
      const auto = name.replace(/\.Channel$/, '.AutoChannelEnable');
      if (radio && name.endsWith('.Channel') && !task.parameterValues.some(([other]) => other === auto))
        state.set.set(auto, { value: false, at: ctx.now });
    }
    for (const object of canceled) delete state.runs[object];
    for (const object of requested)
      state.runs[object] = {
        requestedAt: ctx.now,
        durationMs: durationOf(ctx.seed, ctx.customer.mac, object, ctx.timeScale),
        inputs: this.inputs(state, object),
        never: object === 'upload' && ctx.uploadNeverCompletes,
      };
    return null;
  }

  private inputs(state: DeviceState, object: Tr181Object): Inputs {
    const value = (key: string) => state.set.get(`${TR181[object]}.${key}`)?.value ?? INPUTS[key]!.fallback;
    return {
      host: String(value('Host')),
      repetitions: Number(value('NumberOfRepetitions')),
      maxHops: Number(value('MaxHopCount')),
    };
  }

  /** The device's parameters now: its identity, its radios, and each diagnostic's state, inputs and results. */
  parameters(ctx: DeviceContext, lastInform: number): Parameters {
    const { customer, seed, now } = ctx;
    const state: DeviceState = this.devices.get(customer.mac) ?? { set: new Map(), runs: {} };
    const parameters = identityParameters(customer, lastInform);
    const radios: Radios = defaultRadios(customer, ctx.crowded, testRng(seed, customer.mac, 'radios'));
    for (const radio of [1, 2] as const) {
      const base = `${TR181.radio}.${radio}`;
      const channel = state.set.get(`${base}.Channel`);
      const auto = state.set.get(`${base}.AutoChannelEnable`);
      parameters.set(`${base}.OperatingFrequencyBand`, leaf(radio === 1 ? '2.4GHz' : '5GHz', lastInform));
      parameters.set(
        `${base}.Channel`,
        leaf(channel?.value ?? radios.channel[radio], channel?.at ?? lastInform, 'xsd:unsignedInt'),
      );
      parameters.set(
        `${base}.AutoChannelEnable`,
        leaf(auto?.value ?? radios.autoChannel[radio], auto?.at ?? lastInform),
      );
    }
    for (const object of OBJECTS) {
      const base = TR181[object];
      const run = state.runs[object];
      for (const key of INPUT_OF[object]) {
        const set = state.set.get(`${base}.${key}`);
        const fallback = INPUTS[key]!.fallback;
        parameters.set(
          `${base}.${key}`,
          leaf(
            set === undefined ? fallback : typeof fallback === 'number' ? Number(set.value) : set.value,
            set?.at ?? lastInform,
            typeof fallback === 'number' ? 'xsd:unsignedInt' : 'xsd:string',
          ),
        );
      }
      if (!run) {
        parameters.set(`${base}.DiagnosticsState`, leaf('None', lastInform));
        continue;
      }
      const done = run.requestedAt + run.durationMs;
      if (this.stateOfRun(run, now) === 'Requested') {
        parameters.set(`${base}.DiagnosticsState`, leaf('Requested', run.requestedAt));
        continue;
      }
      const needsHost = object === 'ping' || object === 'traceroute';
      if (needsHost && !resolvable(run.inputs.host)) {
        parameters.set(`${base}.DiagnosticsState`, leaf('Error_CannotResolveHostName', done));
        continue;
      }
      parameters.set(`${base}.DiagnosticsState`, leaf('Complete', done));
      for (const [name, value, type] of this.results(ctx, object, run))
        parameters.set(`${base}.${name}`, leaf(value, done, type));
    }
    return parameters;
  }

  private results(ctx: DeviceContext, object: Tr181Object, run: Run): Result[] {
    const rng = testRng(
      ctx.seed,
      ctx.customer.mac,
      object === 'ping' || object === 'traceroute' ? `${object}|${run.inputs.host}` : object,
    );
    switch (object) {
      case 'download':
        return transferResults(ctx.customer, rng, run, 'down');
      case 'upload':
        return transferResults(ctx.customer, rng, run, 'up');
      case 'ping':
        return pingResults(ctx.customer, rng, run.inputs);
      case 'traceroute':
        return tracerouteResults(ctx.customer, rng, run.inputs);
      case 'wifiScan':
        return wifiScanResults(rng, ctx.crowded);
    }
  }
}

/** The inputs each diagnostic object has (the settable parameters under it). */
const INPUT_OF: Record<Tr181Object, readonly string[]> = {
  download: ['DownloadURL'],
  upload: ['UploadURL', 'TestFileLength'],
  ping: ['Host', 'NumberOfRepetitions', 'Timeout'],
  traceroute: ['Host', 'MaxHopCount'],
  wifiScan: [],
};
