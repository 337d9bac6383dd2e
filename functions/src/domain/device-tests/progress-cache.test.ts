/**
 * A running test's progress shared between the agents who poll one device (`progressOf` with the
 * instance's progress cache): one ACS call for reads at once and within the second, another once the
 * second has passed (clock injected); a new test of the same kind on the device within the second asks
 * again (it must not read the last test's result); a failure is not kept.
 */
import { describe, expect, it } from 'vitest';
import { ACS_PROGRESS_CACHE } from '../../config/cache-ages';
import { CallCache } from '../../lib/call-cache';
import type { DeviceTests, StepProgress } from './device-tests-port';
import { progressOf } from './run-tests';

function counted(answer: () => Promise<StepProgress>) {
  const calls: string[] = [];
  const tests = {
    progress: (device: string, object: string) => (calls.push(`${device} ${object}`), answer()),
  } as unknown as DeviceTests;
  let clock = 0;
  const progressCache = new CallCache({ ...ACS_PROGRESS_CACHE, now: () => clock });
  return { calls, deps: { tests, progressCache }, advance: (ms: number) => (clock += ms) };
}

const running: StepProgress = { state: 'running' };
const scan = (id: string) => ({ id, device: 'dev-a', step: 'wifiScan' as const });

describe('a test’s progress read by several agents', () => {
  it('when five views poll one running test at once and again within the second, then the ACS is asked once; after the second, once more', async () => {
    const { calls, deps, advance } = counted(async () => running);
    const reads = await Promise.all(Array.from({ length: 5 }, () => progressOf(deps, scan('t1'))));
    expect(reads).toEqual(Array(5).fill(running));
    advance(ACS_PROGRESS_CACHE.ttlMs - 1);
    await progressOf(deps, scan('t1'));
    expect(calls).toEqual(['dev-a wifiScan']);
    advance(2);
    await progressOf(deps, scan('t1'));
    expect(calls).toEqual(['dev-a wifiScan', 'dev-a wifiScan']);
  });

  it('when a new scan of the device is read within the second after the last one completed, then the ACS is asked again', async () => {
    let answer: StepProgress = { state: 'complete', readings: { object: 'wifiScan' } as never };
    const { calls, deps } = counted(async () => answer);
    expect((await progressOf(deps, scan('t1'))).state).toBe('complete');
    answer = running;
    expect(await progressOf(deps, scan('t2'))).toEqual(running);
    expect(calls).toHaveLength(2);
  });

  it('when the speed test moves from its download to its upload, then the upload is read on its own', async () => {
    const { calls, deps } = counted(async () => running);
    await progressOf(deps, { id: 't1', device: 'dev-a', step: 'download' });
    await progressOf(deps, { id: 't1', device: 'dev-a', step: 'upload' });
    expect(calls).toEqual(['dev-a download', 'dev-a upload']);
  });

  it('when the ACS fails, then the failure is not kept: the next read asks again', async () => {
    let fail = true;
    const { calls, deps } = counted(async () => {
      if (fail) throw new Error('ACS down');
      return running;
    });
    await expect(progressOf(deps, scan('t1'))).rejects.toThrow('ACS down');
    fail = false;
    expect(await progressOf(deps, scan('t1'))).toEqual(running);
    expect(calls).toHaveLength(2);
  });

  it('without a cache, then every read asks', async () => {
    const { calls, deps } = counted(async () => running);
    await Promise.all([
      progressOf({ tests: deps.tests }, scan('t1')),
      progressOf({ tests: deps.tests }, scan('t1')),
    ]);
    expect(calls).toHaveLength(2);
  });
});
