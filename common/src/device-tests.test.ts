import { describe, expect, it } from 'vitest';
import {
  freshResults,
  gradeBand,
  parseTestTargets,
  pingGrade,
  speedVerdict,
  startTestRequestSchema,
  TEST_RESULT_FRESH_MS,
  type DeviceTest,
  type PingResult,
} from './device-tests';

const speed = (down: number, up: number, plan: { downloadMbps: number; uploadMbps: number } | null) =>
  ({ kind: 'speed', downloadMbps: down, uploadMbps: up, plan }) as const;
const ping = (sent: number, received: number): PingResult => ({
  kind: 'ping',
  target: 'dns-primary',
  label: 'Provider DNS',
  host: 'dns1.example',
  sent,
  received,
  lossPercent: ((sent - received) / sent) * 100,
  averageMs: 5,
  minimumMs: 3,
  maximumMs: 9,
});

describe('the speed against the plan', () => {
  it('when the gateway gets 912 / 48 of a 1,000 / 50 plan, then the line delivers the plan (91 %)', () => {
    expect(speedVerdict(speed(912, 48, { downloadMbps: 1000, uploadMbps: 50 }))).toEqual({
      verdict: 'delivers',
      percent: 91,
    });
  });
  it('when either direction is under 80 % of the plan, then it is below, by the lower share', () => {
    expect(speedVerdict(speed(950, 20, { downloadMbps: 1000, uploadMbps: 50 }))).toEqual({
      verdict: 'below',
      percent: 40,
    });
  });
  it('when the product states no speeds, then there is no verdict', () => {
    expect(speedVerdict(speed(300, 20, null))).toEqual({ verdict: 'noPlan' });
  });
});

describe('packet loss', () => {
  it('grades 0 % pass, 2 % warn, 10 % fail', () => {
    expect([pingGrade(ping(100, 100)), pingGrade(ping(100, 98)), pingGrade(ping(10, 9))]).toEqual([
      'pass',
      'warn',
      'fail',
    ]);
  });
});

describe('a band of a Wi-Fi scan', () => {
  const around = (channels: number[], signalDbm: number) =>
    channels.map((channel, i) => ({ ssid: `n${i}`, channel, signalDbm }));
  it('when 10 networks crowd channel 6 of 2.4 GHz, then it is congested and channel 1 or 11 is better', () => {
    const graded = gradeBand('2.4GHz', 6, [...around([4, 5, 6, 6, 6, 7, 7, 8, 8, 9], -60)]);
    expect(graded.verdict).toBe('congested');
    expect(graded.sameChannel + graded.overlapping).toBe(10);
    expect(graded.strongestDbm).toBe(-60);
    expect([1, 11]).toContain(graded.betterChannel);
  });
  it('when two weak networks sit on other channels, then the band is clear and nothing better is offered', () => {
    expect(gradeBand('2.4GHz', 1, around([11, 11], -85))).toMatchObject({
      verdict: 'clear',
      sameChannel: 0,
      overlapping: 0,
      betterChannel: null,
    });
  });
  it('when one strong network shares the channel, then it is busy', () => {
    expect(gradeBand('5GHz', 36, around([36], -55)).verdict).toBe('busy');
  });
});

describe('the targets setting', () => {
  it('when entries are id|label|host, then each is a target', () => {
    expect(
      parseTestTargets('dns-primary|Provider DNS|dns1.example.ca, test-tor|Test server|10.0.0.1'),
    ).toEqual([
      { id: 'dns-primary', label: 'Provider DNS', host: 'dns1.example.ca' },
      { id: 'test-tor', label: 'Test server', host: '10.0.0.1' },
    ]);
  });
  it('when a host is not a host name, or ids repeat, or the list is empty, then it is refused', () => {
    expect(() => parseTestTargets('a|A|http://x/')).toThrow();
    expect(() => parseTestTargets('a|A|x.ca,a|B|y.ca')).toThrow();
    expect(() => parseTestTargets('')).toThrow();
  });
});

describe('a start request', () => {
  it('takes a target only for ping and traceroute, by id, never a free host', () => {
    expect(startTestRequestSchema.safeParse({ kind: 'ping', target: 'dns-primary' }).success).toBe(true);
    expect(startTestRequestSchema.safeParse({ kind: 'ping' }).success).toBe(false);
    expect(startTestRequestSchema.safeParse({ kind: 'ping', target: '8.8.8.8' }).success).toBe(false);
    expect(startTestRequestSchema.safeParse({ kind: 'speed', target: 'dns-primary' }).success).toBe(false);
    expect(startTestRequestSchema.safeParse({ kind: 'ping', target: 'dns-primary', host: 'x' }).success).toBe(
      false,
    );
  });
});

describe('fresh results', () => {
  const test = (endedAt: string, state: DeviceTest['state'] = 'complete'): DeviceTest => ({
    id: endedAt,
    kind: 'ping',
    state,
    phase: null,
    target: 'dns-primary',
    requestedAt: endedAt,
    endedAt,
    by: 'a@b.c',
    result: ping(10, 10),
    error: null,
  });
  it('keeps complete results younger than an hour, and drops older ones and unfinished tests', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    const young = new Date(now - 10 * 60_000).toISOString();
    const old = new Date(now - TEST_RESULT_FRESH_MS - 1).toISOString();
    expect(freshResults([test(young), test(old), test(young, 'timedOut')], now)).toHaveLength(1);
  });
});
