import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  acsDevicesSchema,
  acsMac,
  acsTaskSchema,
  acsValue,
  TASK_FAULTED,
  TR181,
  type Tr181Object,
} from '@insight/common/upstream/acs';
import { productListSchema } from '@insight/common/upstream/customer';
import { createSimulator } from '../server';
import type { CatalogueItem } from '../routes/sim';
import { QUEUED, UNREACHABLE } from './routes';

const EPOCH = Date.UTC(2026, 10, 20);
/** The ACS's clock: each test moves it by hand (no test waits on the real one). */
let clock = EPOCH + 12 * 3_600_000;
const sim = await createSimulator({
  seed: 'acs-seed',
  epoch: EPOCH,
  acsTimeScale: 0.01,
  now: () => clock,
  timeoutFaultMs: 200,
  config: { latencyMs: 0, jitterMs: 0, errorRate: 0 },
});
const app = sim.server;

beforeEach(async () => {
  expect((await request(app).delete('/_sim/acs')).status).toBe(204);
});

async function catalogue(kind: string, limit = 20): Promise<CatalogueItem[]> {
  const res = await request(app).get(`/_sim/catalogue?kind=${kind}&limit=${limit}`);
  expect(res.status).toBe(200);
  return res.body.items;
}
/** The first device of a kind whose ONU is up (a dirty connector can be dark). */
async function onlineOf(kind: string): Promise<string> {
  const item = (await catalogue(kind, 50)).find((entry) => !entry.kinds.includes('onu-down'));
  expect(item, kind).toBeDefined();
  return item!.mac;
}
/** The reason phrase of an answer (GenieACS tells a 202's cause by it). */
const reason = (res: request.Response) =>
  (res as unknown as { res: { statusMessage: string } }).res.statusMessage;
const macOf = async (kind: string) => (await catalogue(kind, 1))[0]!.mac;

const devicesPath = (query: object, projection?: string) =>
  `/acs/devices/?query=${encodeURIComponent(JSON.stringify(query))}${projection ? `&projection=${projection}` : ''}`;

async function devices(query: object, projection?: string) {
  const res = await request(app).get(devicesPath(query, projection));
  expect(res.status).toBe(200);
  return acsDevicesSchema.parse(res.body);
}
/** The id the ACS gives a device: `<OUI>-<model without spaces>-<serial number>`, from its WAN record. */
async function expectedId(mac: string): Promise<string> {
  const details = (await request(app).get(`/api/fe/wan/v1/pon/onu/${mac}/details`)).body;
  return `${mac.slice(0, 6)}-${details.model.replace(/\s+/g, '')}-${details.serialNumber}`;
}
async function idOf(mac: string): Promise<string> {
  const [device] = await devices({ [TR181.mac]: acsMac(mac) }, '_id');
  expect(device, mac).toBeDefined();
  return device!._id;
}
const post = (id: string, values: [string, string | number | boolean, string][], connect = true) =>
  request(app)
    .post(`/acs/devices/${encodeURIComponent(id)}/tasks?${connect ? 'connection_request&' : ''}timeout=3000`)
    .send({ name: 'setParameterValues', parameterValues: values });
const requestTest = (id: string, object: Tr181Object, values: [string, string | number, string][] = []) =>
  post(id, [
    ...values.map(
      ([name, value, type]) => [`${TR181[object]}.${name}`, value, type] as [string, string | number, string],
    ),
    [`${TR181[object]}.DiagnosticsState`, 'Requested', 'xsd:string'],
  ]);
async function read(id: string, object: Tr181Object) {
  const [device] = await devices({ _id: id }, TR181[object]);
  return { device, value: (name: string) => acsValue(device, `${TR181[object]}.${name}`) };
}
/** Starts a test, moves the clock past its longest duration (at scale 0.01), reads its results. */
async function completed(id: string, object: Tr181Object, values: [string, string | number, string][] = []) {
  const res = await requestTest(id, object, values);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  clock += 301;
  const result = await read(id, object);
  expect(result.value('DiagnosticsState')).toBe('Complete');
  return result.value;
}
async function plan(mac: string) {
  const details = await request(app).get(`/api/fe/wan/v1/pon/onu/${mac}/details`);
  const { downloadMbps, uploadMbps } = details.body.productSpeeds as {
    downloadMbps: number;
    uploadMbps: number;
  };
  return { downloadMbps, uploadMbps };
}
const mbps = (value: (name: string) => unknown, bytes: string) =>
  (Number(value(bytes)) * 8) /
  ((Date.parse(String(value('EOMTime'))) - Date.parse(String(value('BOMTime')))) / 1000) /
  1e6;

async function speed(mac: string) {
  const id = await idOf(mac);
  const down = await completed(id, 'download');
  const up = await completed(id, 'upload');
  const { downloadMbps, uploadMbps } = await plan(mac);
  return {
    down: mbps(down, 'TestBytesReceived') / downloadMbps,
    up: mbps(up, 'TestFileLength') / uploadMbps,
  };
}
async function ping(mac: string) {
  const value = await completed(await idOf(mac), 'ping', [
    ['Host', 'dns1.example-telecom.net', 'xsd:string'],
    ['NumberOfRepetitions', 10, 'xsd:unsignedInt'],
  ]);
  return {
    lost: Number(value('FailureCount')) / (Number(value('SuccessCount')) + Number(value('FailureCount'))),
    average: Number(value('AverageResponseTime')),
  };
}

/** The scan's neighbours on one radio (1: 2.4 GHz, 2: 5 GHz). */
async function scan(mac: string) {
  const value = await completed(await idOf(mac), 'wifiScan');
  const count = Number(value('ResultNumberOfEntries'));
  const results = Array.from({ length: count }, (_, i) => ({
    radio: String(value(`Result.${i + 1}.Radio`)),
    band: value(`Result.${i + 1}.OperatingFrequencyBand`),
    channel: Number(value(`Result.${i + 1}.Channel`)),
    signal: Number(value(`Result.${i + 1}.SignalStrength`)),
    ssid: value(`Result.${i + 1}.SSID`),
  }));
  for (const result of results) {
    expect(result.band).toBe(result.radio.endsWith('.1') ? '2.4GHz' : '5GHz');
    expect(result.ssid).toEqual(expect.any(String));
  }
  return {
    low: results.filter((r) => r.radio === 'Device.WiFi.Radio.1'),
    high: results.filter((r) => r.radio === 'Device.WiFi.Radio.2'),
  };
}
const radio = async (id: string, n: 1 | 2) => {
  const [device] = await devices({ _id: id }, `${TR181.radio}.${n}`);
  return {
    band: acsValue(device, `${TR181.radio}.${n}.OperatingFrequencyBand`),
    channel: acsValue(device, `${TR181.radio}.${n}.Channel`),
    auto: acsValue(device, `${TR181.radio}.${n}.AutoChannelEnable`),
  };
};

describe('ACS: finding a device', () => {
  it('when asked by MAC or by id, then one document with the id, the projected parameters in GenieACS leaves', async () => {
    const mac = await macOf('dx-healthy');
    const [byMac] = await devices({ [TR181.mac]: acsMac(mac) });
    const id = byMac!._id;
    expect(id).toBe(await expectedId(mac));
    expect(id).toMatch(/^[0-9A-F]{6}-\S+-(ALCL|ZTEG)[0-9A-F]{8}$/);
    expect(acsValue(byMac, TR181.mac)).toBe(acsMac(mac));
    expect((byMac as Record<string, Record<string, unknown>>).Device!.Ethernet).toBeDefined();
    const leafOf = (
      byMac as unknown as { Device: { WiFi: { Radio: Record<string, Record<string, unknown>> } } }
    ).Device.WiFi.Radio['1']!;
    expect(leafOf.OperatingFrequencyBand).toEqual({
      _value: '2.4GHz',
      _timestamp: expect.any(String),
      _type: 'xsd:string',
    });
    expect(leafOf.AutoChannelEnable).toMatchObject({ _value: true, _type: 'xsd:boolean' });
    expect(acsValue(byMac, `${TR181.radio}.2.OperatingFrequencyBand`)).toBe('5GHz');
    expect(acsValue(byMac, `${TR181.download}.DiagnosticsState`)).toBe('None');

    const [projected] = await devices({ _id: id }, `${TR181.radio}.1.Channel,_lastInform`);
    expect(Object.keys(projected!).sort()).toEqual(['Device', '_id', '_lastInform']);
    expect(acsValue(projected, `${TR181.radio}.1.Channel`)).toEqual(expect.any(Number));
    expect(acsValue(projected, `${TR181.radio}.2.Channel`)).toBeUndefined();
    expect(await devices({ _id: id }, '_id')).toEqual([{ _id: id }]);
  });

  it('when the MAC or id is unknown, then []; when the query is anything else, then 400', async () => {
    expect(await devices({ [TR181.mac]: 'AA:BB:CC:DD:EE:FF' })).toEqual([]);
    expect(await devices({ _id: '000000-Model-ALCL00000001' })).toEqual([]);
    for (const path of [
      devicesPath({ 'Device.DeviceInfo.SerialNumber': 'ALCL00000001' }),
      devicesPath({ _id: 'a', [TR181.mac]: 'AA:BB:CC:DD:EE:FF' }),
      devicesPath({ _id: { $ne: '' } }),
      '/acs/devices/?query=not-json',
      '/acs/devices/',
      `${devicesPath({ _id: 'a' })}&projection=Device.%24where`,
    ])
      expect((await request(app).get(path)).status, path).toBe(400);
  });
});

describe('ACS: a diagnostic runs for its time, then reports its results', () => {
  it('when a download is requested, then Requested until its duration (60–100 ms at scale 0.01), then Complete; the task is answered 200', async () => {
    const id = await idOf(await macOf('dx-healthy'));
    const start = clock;
    const res = await requestTest(id, 'download');
    expect(res.status).toBe(200);
    expect(acsTaskSchema.parse(res.body)).toMatchObject({
      device: id,
      name: 'setParameterValues',
      parameterValues: [[`${TR181.download}.DiagnosticsState`, 'Requested', 'xsd:string']],
      timestamp: new Date(start).toISOString(),
    });
    clock = start + 59;
    expect((await read(id, 'download')).value('DiagnosticsState')).toBe('Requested');
    expect((await read(id, 'download')).value('TestBytesReceived')).toBeUndefined();
    clock = start + 100;
    const { value } = await read(id, 'download');
    expect(value('DiagnosticsState')).toBe('Complete');
    expect(Date.parse(String(value('EOMTime')))).toBeLessThanOrEqual(start + 100);
    expect(Date.parse(String(value('BOMTime')))).toBeGreaterThan(start);
  });

  it('when the same device is tested again, then the durations and results are the same (deterministic per device)', async () => {
    const mac = await macOf('dx-healthy');
    const first = await speed(mac);
    await request(app).delete('/_sim/acs');
    expect(await speed(mac)).toEqual(first);
  });

  it('when a test of that object is running, then a second is refused with 202 Task faulted; another object runs', async () => {
    const id = await idOf(await macOf('dx-healthy'));
    expect(
      (await requestTest(id, 'traceroute', [['Host', 'dns1.example-telecom.net', 'xsd:string']])).status,
    ).toBe(200);
    const second = await requestTest(id, 'traceroute', [['Host', 'test.example-telecom.net', 'xsd:string']]);
    expect(second.status).toBe(202);
    expect(reason(second)).toBe(TASK_FAULTED);
    expect(acsTaskSchema.parse(second.body).device).toBe(id);
    expect((await requestTest(id, 'ping', [['Host', 'dns1.example-telecom.net', 'xsd:string']])).status).toBe(
      200,
    );
    // The refused task changed nothing: the first traceroute's host stands.
    expect((await read(id, 'traceroute')).value('Host')).toBe('dns1.example-telecom.net');
    clock += 301;
    expect(
      (await requestTest(id, 'traceroute', [['Host', 'dns1.example-telecom.net', 'xsd:string']])).status,
    ).toBe(200);
  });

  it('when a task is refused, then it stays queued until deleted (200, then 404); a task done is not queued', async () => {
    const id = await idOf(await macOf('dx-healthy'));
    const done = await requestTest(id, 'download');
    const refused = await requestTest(id, 'download');
    expect(refused.status).toBe(202);
    expect((await request(app).delete(`/acs/tasks/${done.body._id}`)).status).toBe(404);
    expect((await request(app).delete(`/acs/tasks/${refused.body._id}`)).status).toBe(200);
    expect((await request(app).delete(`/acs/tasks/${refused.body._id}`)).status).toBe(404);
    const records = (await request(app).get(`/_sim/records?kind=acs`)).body as {
      method: string;
      body: { outcome?: string } | null;
    }[];
    expect(records.slice(0, 3).map((r) => [r.method, r.body?.outcome ?? null])).toEqual([
      ['DELETE', null],
      ['POST', TASK_FAULTED],
      ['POST', 'done'],
    ]);
  });

  it('when a task is not a setParameterValues of settable parameters, then 400; an unknown id 404; a value the device refuses 202', async () => {
    const id = await idOf(await macOf('dx-healthy'));
    const tasks = (path: string) => request(app).post(path);
    for (const body of [
      { name: 'reboot' },
      { name: 'setParameterValues', parameterValues: [] },
      {
        name: 'setParameterValues',
        parameterValues: [['Device.ManagementServer.URL', 'http://x', 'xsd:string']],
      },
      { name: 'setParameterValues', parameterValues: [[`${TR181.ping}.Host`, { $gt: '' }, 'xsd:string']] },
    ])
      expect((await tasks(`/acs/devices/${id}/tasks?connection_request`).send(body)).status).toBe(400);
    expect(
      (
        await tasks(`/acs/devices/${id}/tasks?connection_request&timeout=soon`).send({
          name: 'setParameterValues',
          parameterValues: [[`${TR181.download}.DiagnosticsState`, 'Requested', 'xsd:string']],
        })
      ).status,
    ).toBe(400);
    expect((await requestTest('000000-Model-ALCL00000001', 'download')).status).toBe(404);
    for (const values of [
      [[`${TR181.download}.DiagnosticsState`, 'Complete', 'xsd:string']],
      [[`${TR181.radio}.1.Channel`, 36, 'xsd:unsignedInt']],
      [[`${TR181.radio}.2.Channel`, 6, 'xsd:unsignedInt']],
      [[`${TR181.ping}.NumberOfRepetitions`, 0, 'xsd:unsignedInt']],
    ] as [string, string | number, string][][]) {
      const res = await post(id, values);
      expect(res.status, JSON.stringify(values)).toBe(202);
      expect(reason(res)).toBe(TASK_FAULTED);
    }
    const queued = await post(id, [[`${TR181.download}.DiagnosticsState`, 'Requested', 'xsd:string']], false);
    expect([queued.status, reason(queued)]).toEqual([202, QUEUED]);
    expect((await read(id, 'download')).value('DiagnosticsState')).toBe('None');
  });

  it('when a ping host cannot be resolved, then the ping ends in Error_CannotResolveHostName', async () => {
    const id = await idOf(await macOf('dx-healthy'));
    await requestTest(id, 'ping', [['Host', 'nowhere.invalid', 'xsd:string']]);
    clock += 301;
    expect((await read(id, 'ping')).value('DiagnosticsState')).toBe('Error_CannotResolveHostName');
  });

  it('when a running test is canceled, then it reads None and may be requested again', async () => {
    const id = await idOf(await macOf('dx-healthy'));
    await requestTest(id, 'wifiScan');
    expect((await post(id, [[`${TR181.wifiScan}.DiagnosticsState`, 'Canceled', 'xsd:string']])).status).toBe(
      200,
    );
    expect((await read(id, 'wifiScan')).value('DiagnosticsState')).toBe('None');
    expect((await requestTest(id, 'wifiScan')).status).toBe(200);
  });
});

describe('ACS: results follow the device', () => {
  it('healthy: the line delivers 88–97 % of the plan both ways, which the product service states', async () => {
    const mac = await macOf('dx-healthy');
    const ratio = await speed(mac);
    expect(ratio.down).toBeGreaterThanOrEqual(0.88);
    expect(ratio.down).toBeLessThanOrEqual(0.97);
    expect(ratio.up).toBeGreaterThanOrEqual(0.88);
    expect(ratio.up).toBeLessThanOrEqual(0.97);
    const account = (await request(app).get(`/customer-accounts?deviceMac=${mac}`)).body
      .customerAccountNumber;
    const [billing] = (await request(app).get(`/customer-accounts/${account}/billing-accounts`)).body;
    const products = productListSchema.parse(
      (await request(app).get(`/billing-accounts/${billing.billingAccountNumber}/products`)).body,
    );
    expect(products.find((product) => product.id.startsWith('INT-'))!.speed).toEqual(await plan(mac));
    expect(
      products.filter((product) => !product.id.startsWith('INT-')).every((p) => p.speed === undefined),
    ).toBe(true);
    expect(await ping(mac)).toMatchObject({
      lost: 0,
      average: expect.toSatisfy((ms: number) => ms >= 3 && ms <= 9),
    });
  });

  it.each(['dirty-connector', 'bad-drop', 'dx-power-fail'])(
    '%s: 0.3–0.6 of the plan down, 0.4–0.7 up, 1 to 3 pings in 10 lost at 20–45 ms, a traceroute with a silent hop',
    async (kind) => {
      const mac = kind.startsWith('dx-') ? await macOf(kind) : await onlineOf(kind);
      const ratio = await speed(mac);
      expect(ratio.down).toBeGreaterThanOrEqual(0.3);
      expect(ratio.down).toBeLessThanOrEqual(0.6);
      expect(ratio.up).toBeGreaterThanOrEqual(0.4);
      expect(ratio.up).toBeLessThanOrEqual(0.7);
      const { lost, average } = await ping(mac);
      expect(lost).toBeGreaterThanOrEqual(0.1);
      expect(lost).toBeLessThanOrEqual(0.3);
      expect(average).toBeGreaterThanOrEqual(20);
      expect(average).toBeLessThanOrEqual(45);
      const value = await completed(await idOf(mac), 'traceroute', [
        ['Host', 'dns1.example-telecom.net', 'xsd:string'],
      ]);
      const hops = Number(value('RouteHopsNumberOfEntries'));
      const codes = Array.from({ length: hops }, (_, i) => Number(value(`RouteHops.${i + 1}.ErrorCode`)));
      const silent = codes.flatMap((code, i) => (code !== 0 ? [i + 1] : []));
      expect(silent.length).toBeGreaterThan(0);
      for (const hop of silent) expect(value(`RouteHops.${hop}.RTTimes`)).toBe('');
      expect(value(`RouteHops.${hops}.Host`)).toBe('dns1.example-telecom.net');
    },
  );

  it('healthy: a traceroute of 4–7 hops, every one answering, the last the target', async () => {
    const value = await completed(await idOf(await macOf('dx-healthy')), 'traceroute', [
      ['Host', '192.0.2.53', 'xsd:string'],
      ['MaxHopCount', 30, 'xsd:unsignedInt'],
    ]);
    const hops = Number(value('RouteHopsNumberOfEntries'));
    expect(hops).toBeGreaterThanOrEqual(4);
    expect(hops).toBeLessThanOrEqual(7);
    for (let i = 1; i <= hops; i++) {
      expect(value(`RouteHops.${i}.ErrorCode`)).toBe(0);
      expect(String(value(`RouteHops.${i}.RTTimes`))).toMatch(/^\d+,\d+,\d+$/);
    }
    expect([value(`RouteHops.${hops}.Host`), value(`RouteHops.${hops}.HostAddress`)]).toEqual([
      '192.0.2.53',
      '192.0.2.53',
    ]);
    expect(Number(value('ResponseTime'))).toBeGreaterThan(0);
  });

  it.each(['dx-onu-down', 'dying-gasp', 'olt-card-down', 'admin-down', 'port-branch-dark'])(
    '%s: the connection request fails (202, the reason says unreachable), and the test never starts',
    async (kind) => {
      const mac = await macOf(kind);
      const id = await idOf(mac);
      const res = await requestTest(id, 'download');
      expect(res.status).toBe(202);
      expect(reason(res)).toBe(UNREACHABLE);
      expect((await read(id, 'download')).value('DiagnosticsState')).toBe('None');
      expect((await request(app).delete(`/acs/tasks/${res.body._id}`)).status).toBe(200);
    },
  );

  it('wifi-poor (placement): the gateway delivers the plan and its scan is a normal home’s', async () => {
    const mac = await macOf('dx-wifi-poor');
    expect((await speed(mac)).down).toBeGreaterThanOrEqual(0.88);
    const { low, high } = await scan(mac);
    expect(low.length).toBeGreaterThanOrEqual(2);
    expect(low.length).toBeLessThanOrEqual(5);
    expect(low.every((n) => [1, 6, 11].includes(n.channel))).toBe(true);
    expect(high.length).toBeLessThanOrEqual(3);
  });

  it('wifi-crowded: channel 6 among 10–14 neighbours on 3–9, several stronger than -65 dBm; 5 GHz clear; a Plume home', async () => {
    const mac = await macOf('dx-wifi-crowded');
    const id = await idOf(mac);
    expect(await radio(id, 1)).toEqual({ band: '2.4GHz', channel: 6, auto: false });
    const { low, high } = await scan(mac);
    expect(low.length).toBeGreaterThanOrEqual(10);
    expect(low.length).toBeLessThanOrEqual(14);
    expect(low.every((n) => n.channel >= 3 && n.channel <= 9)).toBe(true);
    expect(low.filter((n) => n.signal > -65 && n.channel === 6).length).toBeGreaterThanOrEqual(3);
    expect(high).toEqual([]);
    const lan = (await request(app).get(`/api/fe/lan/v1/cpe/${mac}`)).body;
    expect(lan.pods.length).toBeGreaterThan(0);
    expect(lan.plume.license).toEqual({ type: 'HomePass', status: 'active' });
  });

  it('a channel change: the radio reports the channel set (automatic choice off), after a new scan too', async () => {
    const mac = await macOf('dx-wifi-crowded');
    const id = await idOf(mac);
    const res = await post(id, [
      [`${TR181.radio}.1.Channel`, 11, 'xsd:unsignedInt'],
      [`${TR181.radio}.2.Channel`, 149, 'xsd:unsignedInt'],
    ]);
    expect(res.status).toBe(200);
    await scan(mac);
    expect(await radio(id, 1)).toEqual({ band: '2.4GHz', channel: 11, auto: false });
    expect(await radio(id, 2)).toEqual({ band: '5GHz', channel: 149, auto: false });
    await request(app).delete('/_sim/acs');
    expect((await radio(id, 1)).channel).toBe(6);
  });
});

describe('ACS faults', () => {
  const faultMac = (name: string) => macOf(`fault-${name}`);

  it('acsNeverCompletes: its download completes, its upload stays Requested, and a second upload is refused', async () => {
    const id = await idOf(await faultMac('acsNeverCompletes'));
    await completed(id, 'download');
    expect((await requestTest(id, 'upload')).status).toBe(200);
    clock += 3_600_000;
    expect((await read(id, 'upload')).value('DiagnosticsState')).toBe('Requested');
    const again = await requestTest(id, 'upload');
    expect([again.status, reason(again)]).toEqual([202, TASK_FAULTED]);
  });

  it('acsBusy: every diagnostic task answers 202 Task faulted; a channel change is taken', async () => {
    const id = await idOf(await faultMac('acsBusy'));
    for (const object of ['download', 'upload', 'ping', 'traceroute', 'wifiScan'] as const) {
      const res = await requestTest(id, object);
      expect([res.status, reason(res)], object).toEqual([202, TASK_FAULTED]);
    }
    expect((await post(id, [[`${TR181.radio}.1.Channel`, 1, 'xsd:unsignedInt']])).status).toBe(200);
  });

  it('acsTimeout: every ACS call about it hangs until the timeout fault delay, then 504', async () => {
    const mac = await faultMac('acsTimeout');
    const started = performance.now();
    const res = await request(app).get(devicesPath({ [TR181.mac]: acsMac(mac) }));
    expect(res.status).toBe(504);
    expect(performance.now() - started).toBeGreaterThanOrEqual(195);
    expect((await requestTest(await expectedId(mac), 'ping')).status).toBe(504);
    expect((await request(app).get(`/api/fe/wan/v1/pon/onu/${mac}/state`)).status).toBe(200);
  });

  it('acsUnknown: no ACS record ([]), and its id is unknown (404)', async () => {
    const mac = await faultMac('acsUnknown');
    expect(await devices({ [TR181.mac]: acsMac(mac) })).toEqual([]);
    const id = await expectedId(mac);
    expect(await devices({ _id: id })).toEqual([]);
    expect((await requestTest(id, 'download')).status).toBe(404);
  });

  it('the faults and the crowded scenario are listed in the catalogue with their descriptions', async () => {
    for (const name of ['acsNeverCompletes', 'acsBusy', 'acsTimeout', 'acsUnknown']) {
      const [item] = await catalogue(`fault-${name}`);
      expect(item!.description).toMatch(/ACS/);
    }
    const [crowded] = await catalogue('dx-wifi-crowded');
    expect(crowded!.kinds).toContain('diagnosis');
    expect(crowded!.description).toMatch(/2\.4 GHz/);
  });
});
