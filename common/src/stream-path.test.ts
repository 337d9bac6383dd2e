/**
 * The client's verdict on its path (pathBuffers), from given write and arrival times: a path that streams,
 * one that buffers, and lines too few or written too close together to tell.
 */
import { describe, expect, it } from 'vitest';
import { pathBuffers, TELLING_SPREAD_MS } from './stream-path';

/** Lines written at `written` ms and received at `received` ms (the same count). */
const lines = (written: number[], received: number[]) =>
  written.map((atMs, index) => ({ atMs, receivedAt: received[index]! }));

describe('pathBuffers', () => {
  it('when lines written 300 ms apart arrive as far apart, then the path streams', () => {
    expect(pathBuffers(lines([10, 110, 310], [1015, 1116, 1318]))).toBe(false);
  });

  it('when lines written 300 ms apart arrive within a few ms, then the path buffers', () => {
    expect(pathBuffers(lines([10, 110, 310], [1320, 1321, 1322]))).toBe(true);
  });

  it('when their arrival is spread over less than half their writing, then the path buffers; half or more, it streams', () => {
    expect(pathBuffers(lines([0, 300], [1000, 1149]))).toBe(true);
    expect(pathBuffers(lines([0, 300], [1000, 1150]))).toBe(false);
  });

  it('when the lines were written closer together than the telling spread, or there is one line, then it cannot tell', () => {
    expect(pathBuffers(lines([0, TELLING_SPREAD_MS - 1], [1000, 1000]))).toBeNull();
    expect(pathBuffers(lines([0, TELLING_SPREAD_MS], [1000, 1000]))).toBe(true);
    expect(pathBuffers(lines([5], [1000]))).toBeNull();
    expect(pathBuffers([])).toBeNull();
  });
});
