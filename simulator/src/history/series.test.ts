import { describe, expect, it } from 'vitest';
import { gradeMetric } from '@insight/common/grading';
import { HISTORY_POINTS, HISTORY_STEP_SECONDS } from '@insight/common/history';
import { seedNumber } from '../config';
import { generateCustomer } from '../catalogue/generate';
import { CUSTOMER_COUNT, customerMac, resolveMac, scenarioMac } from '../catalogue/macs';
import type { ScenarioName } from '../catalogue/scenarios';
import { topologyFor } from '../catalogue/topology';
import { createSimulator } from '../server';
import { EVENING_HOURS, generateHistory, toOpenMetrics, torontoHourAt, type HistorySeries } from './series';

const SEED = seedNumber('history-tests');
const EPOCH = Date.UTC(2026, 10, 20);
/** Now: 14:07 UTC on the epoch's day, so the last grid point is 14:00. */
const NOW_S = EPOCH / 1000 + 14 * 3600 + 7 * 60;
const DAY = 86_400;

function historyOf(mac: string, nowSeconds = NOW_S) {
  const entry = resolveMac(mac)!;
  const customer = generateCustomer(SEED, entry, EPOCH);
  return { customer, series: generateHistory({ entry, customer }, { epochMs: EPOCH }, nowSeconds) };
}
const scenario = (name: ScenarioName) => historyOf(scenarioMac(name));
const byName = (series: HistorySeries[], name: string) =>
  series.filter((item) => item.metric.__name__ === name);
const one = (series: HistorySeries[], name: string) => byName(series, name)[0]!;
/** The times a counter went up, with how much. */
const increases = (item: HistorySeries): Array<[number, number]> =>
  item.points
    .slice(1)
    .flatMap(([t, value], i): Array<[number, number]> =>
      value > item.points[i]![1] ? [[t, value - item.points[i]![1]]] : [],
    );
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const endOf = (series: HistorySeries[]) => one(series, 'onu_oper_up').points.at(-1)![0];

describe('the history generator', () => {
  it('when asked twice, then it gives the same series: 673 points on the 15-minute grid ending at the last grid time', () => {
    const first = historyOf(customerMac(10)).series;
    expect(historyOf(customerMac(10)).series).toEqual(first);
    const up = one(first, 'onu_oper_up');
    expect(up.points).toHaveLength(HISTORY_POINTS);
    expect(up.points.every(([t]) => t % HISTORY_STEP_SECONDS === 0)).toBe(true);
    expect(endOf(first)).toBe(EPOCH / 1000 + 14 * 3600);
    // The grid is absolute: a quarter of an hour later, the older points keep their values.
    const later = historyOf(customerMac(10), NOW_S + HISTORY_STEP_SECONDS).series;
    expect(one(later, 'onu_tx_power_dbm').points.slice(0, -2)).toEqual(
      one(first, 'onu_tx_power_dbm').points.slice(1, -1),
    );
  });

  it('a healthy device is flat with noise, up throughout, no event, and its last point is its present state', () => {
    const { customer, series } = scenario('healthy');
    const rx = one(series, 'onu_rx_power_dbm').points.map(([, value]) => value);
    expect(rx).toHaveLength(HISTORY_POINTS);
    expect(Math.max(...rx) - Math.min(...rx)).toBeLessThan(0.5);
    expect(new Set(rx).size).toBeGreaterThan(10);
    expect(rx.at(-1)).toBe(customer.state.rx_pwr);
    expect(one(series, 'olt_rx_power_dbm').points.at(-1)![1]).toBe(customer.state.oltRxPower);
    expect(one(series, 'onu_oper_up').points.every(([, value]) => value === 1)).toBe(true);
    expect(increases(one(series, 'onu_los_events_total'))).toEqual([]);
    expect(increases(one(series, 'onu_dying_gasp_events_total'))).toEqual([]);
    const pods = byName(series, 'wifi_pod_health_score');
    expect(pods.map((pod) => pod.metric.pod)).toEqual(['gateway', ...customer.lan.pods.map((pod) => pod.id)]);
    expect(pods[0]!.points.at(-1)![1]).toBe(customer.lan.plume.health.score);
    expect(one(series, 'onu_rx_power_dbm').metric).toEqual({
      __name__: 'onu_rx_power_dbm',
      mac: customer.mac.toLowerCase(),
      olt: customer.link.olt,
      port: customer.link.port,
    });
  });

  it('slow-decline: receive power falls 2 to 4 dB over the week and is graded warn today', () => {
    const { customer, series } = scenario('slow-decline');
    const rx = one(series, 'onu_rx_power_dbm').points.map(([, value]) => value);
    const fall = mean(rx.slice(0, 96)) - mean(rx.slice(-96));
    // The first and last days' means are 6 days apart of a 7-day fall.
    expect(fall).toBeGreaterThan((2 * 6) / 7);
    expect(fall).toBeLessThan(4);
    expect(rx[0]! - rx.at(-1)!).toBeGreaterThan(1.6);
    expect(rx[0]! - rx.at(-1)!).toBeLessThan(4.5);
    expect(gradeMetric(customer.networkType, 'rxPower', rx.at(-1)!).grade).toBe('warn');
    expect(gradeMetric(customer.networkType, 'rxPower', customer.state.rx_pwr).grade).toBe('warn');
    expect(gradeMetric(customer.networkType, 'rxPower', rx[0]!).grade).toBe('pass');
  });

  it('flapping: at least three losses of signal in every 24 hours, no dying gasp, down at each loss and up now', () => {
    const { customer, series } = scenario('flapping');
    const los = increases(one(series, 'onu_los_events_total'));
    const end = endOf(series);
    for (let day = 0; day < 6; day++)
      expect(
        los.filter(([t]) => t > end - (day + 1) * DAY && t <= end - day * DAY).length,
        `day ${day}`,
      ).toBeGreaterThanOrEqual(3);
    expect(increases(one(series, 'onu_dying_gasp_events_total'))).toEqual([]);
    const up = new Map(one(series, 'onu_oper_up').points);
    for (const [t] of los) expect(up.get(t)).toBe(0);
    expect(one(series, 'onu_oper_up').points.at(-1)![1]).toBe(1);
    expect(customer.state.operStatus).toBe(1);
    // No reading while down: a gap in the optical series.
    expect(one(series, 'onu_rx_power_dbm').points.length).toBe(HISTORY_POINTS - los.length);
  });

  it('power-cuts: dying gasps on at least three days of the week, no loss of signal, up now', () => {
    const { customer, series } = scenario('power-cuts');
    const gasps = increases(one(series, 'onu_dying_gasp_events_total'));
    expect(new Set(gasps.map(([t]) => Math.floor(t / DAY))).size).toBeGreaterThanOrEqual(3);
    expect(increases(one(series, 'onu_los_events_total'))).toEqual([]);
    expect(one(series, 'onu_oper_up').points.at(-1)![1]).toBe(1);
    expect(customer.state.operStatus).toBe(1);
  });

  it('evening-congestion: every pod’s Wi-Fi health is low from 19:00 to 23:00 in Toronto and good otherwise, every day', () => {
    const { series } = scenario('evening-congestion');
    for (const pod of byName(series, 'wifi_pod_health_score')) {
      const evening = (t: number) =>
        torontoHourAt(t) >= EVENING_HOURS.from && torontoHourAt(t) < EVENING_HOURS.to;
      const points = pod.points.slice(0, -1);
      expect(mean(points.filter(([t]) => evening(t)).map(([, v]) => v))).toBeLessThan(50);
      expect(mean(points.filter(([t]) => !evening(t)).map(([, v]) => v))).toBeGreaterThan(80);
      const eveningDays = new Set(
        points.filter(([t, v]) => evening(t) && v < 50).map(([t]) => Math.floor((t - 5 * 3600) / DAY)),
      );
      expect(eveningDays.size).toBeGreaterThanOrEqual(6);
    }
    // The healthy device has no such drop.
    for (const pod of byName(scenario('healthy').series, 'wifi_pod_health_score'))
      expect(Math.min(...pod.points.map(([, v]) => v))).toBeGreaterThan(80);
  });

  it('an outage port: every ONU of a dark OLT card goes down at the same time, with a loss of signal, and is down now', () => {
    const topology = topologyFor(SEED, CUSTOMER_COUNT);
    const port = topology.ports.find((item) => item.fault === 'card-down' && item.members.length >= 2)!;
    const downAt = port.members.map((index) => {
      const { customer, series } = historyOf(customerMac(index));
      expect(customer.state.operStatus).not.toBe(1);
      const up = one(series, 'onu_oper_up').points;
      expect(up.at(-1)![1]).toBe(0);
      const first = up.find(([, value]) => value === 0)![0];
      expect(up.filter(([t]) => t >= first).every(([, value]) => value === 0)).toBe(true);
      expect(increases(one(series, 'onu_los_events_total')).map(([t]) => t)).toEqual([first]);
      return first;
    });
    expect(new Set(downAt).size).toBe(1);
    expect(downAt[0]).toBeLessThan(endOf(historyOf(customerMac(port.members[0]!)).series));
  });

  it('writes OpenMetrics: a TYPE per family, counters named without _total, samples in seconds, # EOF last', () => {
    const text = toOpenMetrics(scenario('flapping').series);
    expect(text).toContain('# TYPE onu_los_events counter\n');
    expect(text).toContain('# TYPE onu_rx_power_dbm gauge\n');
    expect(text).toMatch(
      /\nonu_los_events_total\{mac="d1a60000000c",olt="OLT-LAB-1",port="1\/3\/13"\} \d+ \d{10}\n/,
    );
    expect(text.endsWith('# EOF\n')).toBe(true);
  });
});

describe('GET /api/v1/query_range on the simulator', () => {
  const selector = (mac: string) =>
    `{__name__=~"onu_rx_power_dbm|onu_oper_up|onu_los_events_total",mac="${mac}"}`;

  it('answers a device’s series on the grid; off the grid, nothing; an unknown device, an empty matrix; a bad query, 400 bad_data', async () => {
    const app = await createSimulator({ seed: 'history-tests', epoch: EPOCH });
    const mac = scenarioMac('flapping').toLowerCase();
    const end = Math.floor(Date.now() / 1000 / 900) * 900;
    const ask = (query: string, start: number) =>
      app.inject({
        method: 'GET',
        url: '/api/v1/query_range',
        query: { query, start: String(start), end: String(end), step: '900' },
      });
    const answer = (await ask(selector(mac), end - DAY)).json();
    expect(answer.status).toBe('success');
    expect(answer.data.resultType).toBe('matrix');
    expect(
      answer.data.result.map((item: { metric: { __name__: string } }) => item.metric.__name__).sort(),
    ).toEqual(['onu_los_events_total', 'onu_oper_up', 'onu_rx_power_dbm']);
    const up = answer.data.result.find(
      (item: { metric: { __name__: string } }) => item.metric.__name__ === 'onu_oper_up',
    );
    expect(up.values).toHaveLength(97);
    expect(typeof up.values[0][1]).toBe('string');
    expect((await ask(selector(mac), end - DAY + 450)).json().data.result).toEqual([]);
    expect((await ask(selector('a4c1e8ffffff'), end - DAY)).json()).toEqual({
      status: 'success',
      data: { resultType: 'matrix', result: [] },
    });
    const bad = await ask('up{job=~".+"}', end - DAY);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 'error', errorType: 'bad_data' });
    await app.close();
  });
});
