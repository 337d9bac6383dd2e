/**
 * The port through which the functions run tests on a device (docs/device-tests.md): the ACS's northbound
 * API behind it (adapters/upstream/acs-device-tests.ts, GenieACS's NBI); another ACS, such as a USP
 * controller, plugs in by implementing it. Each step is one TR-181 diagnostic: started, followed, read.
 */
import type { WifiBand } from '@insight/common/device-tests';

/** The diagnostics a test is made of (a speed test: download, then upload). */
export type TestStep =
  | { object: 'download'; url: string }
  | { object: 'upload'; url: string; bytes: number }
  | { object: 'ping'; host: string; repetitions: number }
  | { object: 'traceroute'; host: string; maxHops: number }
  | { object: 'wifiScan' };
export type StepObject = TestStep['object'];

/**
 * What the ACS did with a step: the device took it (`started`), refused it (`busy`: a diagnostic of that
 * object is running there), or could not be reached by the connection request (`unreachable`).
 */
export type StartOutcome = 'started' | 'busy' | 'unreachable';

export type StepReadings =
  | { object: 'download' | 'upload'; bytes: number; seconds: number }
  | {
      object: 'ping';
      sent: number;
      received: number;
      averageMs: number | null;
      minimumMs: number | null;
      maximumMs: number | null;
    }
  | {
      object: 'traceroute';
      hops: Array<{ host: string | null; address: string | null; rttMs: number | null }>;
    }
  | {
      object: 'wifiScan';
      radios: Array<{ band: WifiBand; channel: number | null }>;
      neighbours: Array<{ band: WifiBand; ssid: string; channel: number; signalDbm: number }>;
    };

/** Where a step stands on the device: still running, done with its readings, or ended in error. */
export type StepProgress =
  { state: 'running' } | { state: 'complete'; readings: StepReadings } | { state: 'error'; detail: string };

export interface DeviceTests {
  /** The device's id at the ACS, or null when the ACS has no record of the device. */
  locate(mac: string): Promise<string | null>;
  start(device: string, step: TestStep): Promise<StartOutcome>;
  progress(device: string, object: StepObject): Promise<StepProgress>;
  /** The channel of each radio. */
  radios(device: string): Promise<Array<{ band: WifiBand; channel: number | null }>>;
  /** Sets a radio's channel (automatic channel selection off): the Wi-Fi optimisation. */
  setChannel(device: string, band: WifiBand, channel: number): Promise<StartOutcome>;
}
