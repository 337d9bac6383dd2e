/**
 * The contract of every upstream endpoint the portal relies on, as an OpenAPI 3.1 document built from
 * the same zod schemas (common/src/upstream) that the functions' clients parse answers with.
 * `npm run contract -w simulator` writes it to simulator/openapi.json; a test keeps the file current
 * and has a standard validator (@apidevtools/swagger-parser) validate and dereference it.
 *
 * Every schema exported by the upstream modules becomes a named entry of `components/schemas`
 * (`customerAccountSchema` → `CustomerAccount`), all converted together so that shared and recursive
 * schemas are `$ref`s to `#/components/schemas/...`; operations refer to their body and answer by name.
 */
import { z } from 'zod';
import * as customer from '@insight/common/upstream/customer';
import * as wan from '@insight/common/upstream/wan';
import * as lan from '@insight/common/upstream/lan';
import * as telephony from '@insight/common/upstream/telephony';
import * as bc from '@insight/common/upstream/birth-certificate';
import * as staging from '@insight/common/upstream/staging';
import * as search from '@insight/common/upstream/search';
import * as prometheus from '@insight/common/upstream/prometheus';
import * as alertmanager from '@insight/common/upstream/alertmanager';
import * as acs from '@insight/common/upstream/acs';

type Param = { name: string; in: 'path' | 'query'; required?: boolean; description?: string };
interface Operation {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  tag: string;
  summary: string;
  params?: Param[];
  body?: z.ZodType;
  answer?: z.ZodType;
  status?: number;
  stream?: boolean;
  /** Another success answer (GenieACS's 202, a reason phrase telling why), with its schema. */
  accepted?: { description: string; answer: z.ZodType };
}

const mac: Param = { name: 'mac', in: 'path', required: true, description: '12 hexadecimal digits' };
const lang: Param = { name: 'language', in: 'query', description: 'en (default) or fr' };
const serial: Param = { name: 'serialNumber', in: 'path', required: true };
const port: Param = { name: 'port', in: 'path', required: true };
const onu = '/api/fe/wan/v1/pon/onu/{mac}';
const voicePort = '/api/fe/telephony/subscriber/{serialNumber}/ports/{port}';

export const OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: '/customer-accounts',
    tag: 'customer',
    summary: 'Customer account by device MAC',
    params: [lang, { name: 'deviceMac', in: 'query', required: true }],
    answer: customer.customerAccountSchema,
  },
  {
    method: 'get',
    path: '/customer-accounts/{customerAccountNumber}/billing-accounts',
    tag: 'customer',
    summary: 'Billing accounts of a customer',
    params: [{ name: 'customerAccountNumber', in: 'path', required: true }, lang],
    answer: customer.billingAccountListSchema,
  },
  {
    method: 'get',
    path: '/billing-accounts/{billingAccountNumber}/products',
    tag: 'customer',
    summary: 'Products of a billing account',
    params: [{ name: 'billingAccountNumber', in: 'path', required: true }, lang],
    answer: customer.productListSchema,
  },
  {
    method: 'get',
    path: '/customer-accounts/{customerAccountNumber}/loki/macs',
    tag: 'customer',
    summary: 'Devices seen for a customer',
    params: [{ name: 'customerAccountNumber', in: 'path', required: true }],
    answer: customer.lokiMacsSchema,
  },
  {
    method: 'get',
    path: '/devices/{mac}',
    tag: 'customer',
    summary: 'Device record',
    params: [mac],
    answer: customer.deviceSchema,
  },
  {
    method: 'get',
    path: `${onu}/details`,
    tag: 'wan',
    summary: 'ONU details',
    params: [mac],
    answer: wan.onuDetailsSchema,
  },
  {
    method: 'get',
    path: `${onu}/state`,
    tag: 'wan',
    summary: 'ONU state',
    params: [mac],
    answer: wan.onuStateSchema,
  },
  {
    method: 'get',
    path: `${onu}/firmware`,
    tag: 'wan',
    summary: 'ONU firmware and approval score',
    params: [mac],
    answer: wan.onuFirmwareSchema,
  },
  {
    method: 'get',
    path: `${onu}/registration`,
    tag: 'wan',
    summary: 'ONU registration',
    params: [mac],
    answer: wan.onuRegistrationSchema,
  },
  {
    method: 'get',
    path: `${onu}/provisioning/status`,
    tag: 'wan',
    summary: 'ONU provisioning status',
    params: [mac, lang],
    answer: wan.provisioningStatusSchema,
  },
  {
    method: 'get',
    path: '/api/fe/wan/v1/pon/olt/{olt}/port/{shelf}/{slot}/{port}/onus',
    tag: 'wan',
    summary:
      'The ONUs of one PON port: MAC, ONU id, status, last down cause (dying gasp, loss of signal) and optical levels',
    params: [
      { name: 'olt', in: 'path', required: true, description: 'OLT name, e.g. OLT-OTT-3' },
      { name: 'shelf', in: 'path', required: true, description: '1-2 digits' },
      { name: 'slot', in: 'path', required: true, description: 'line card, 1-2 digits' },
      { name: 'port', in: 'path', required: true, description: 'PON port on the card, 1-2 digits' },
    ],
    answer: wan.ponPortListingSchema,
  },
  {
    method: 'post',
    path: `${onu}/action`,
    tag: 'wan',
    summary: 'Device action (reset)',
    params: [mac],
    body: wan.onuActionRequestSchema,
    answer: wan.onuActionResponseSchema,
    status: 202,
  },
  {
    method: 'get',
    path: '/api/fe/lan/v1/cpe/{mac}',
    tag: 'lan',
    summary: 'Gateway, Plume pods, clients and SSIDs',
    params: [mac],
    answer: lan.lanCpeSchema,
  },
  {
    method: 'get',
    path: '/api/fe/telephony/subscriber/{serialNumber}',
    tag: 'telephony',
    summary: 'GPON voice subscriber',
    params: [serial],
    answer: telephony.telephonySubscriberSchema,
  },
  {
    method: 'get',
    path: '/api/fe/telephony/subscriber/{serialNumber}/hostIpMta/{hostIpMta}',
    tag: 'telephony',
    summary: 'EPON voice subscriber',
    params: [serial, { name: 'hostIpMta', in: 'path', required: true }],
    answer: telephony.telephonySubscriberSchema,
  },
  {
    method: 'put',
    path: `${voicePort}/call-forwarding`,
    tag: 'telephony',
    summary: 'Update call forwarding',
    params: [serial, port],
    body: telephony.callForwardingRequestSchema,
    answer: telephony.voiceOperationResponseSchema,
    status: 202,
  },
  {
    method: 'post',
    path: `${voicePort}/voicemail/password-reset`,
    tag: 'telephony',
    summary: 'Reset voicemail password',
    params: [serial, port],
    answer: telephony.voiceOperationResponseSchema,
    status: 202,
  },
  {
    method: 'post',
    path: `${voicePort}/voicemail/mwi-reset`,
    tag: 'telephony',
    summary: 'Reset message-waiting indicator',
    params: [serial, port],
    answer: telephony.voiceOperationResponseSchema,
    status: 202,
  },
  {
    method: 'put',
    path: `${voicePort}/voicemail/language`,
    tag: 'telephony',
    summary: 'Change voicemail language',
    params: [serial, port],
    body: telephony.voicemailLanguageRequestSchema,
    answer: telephony.voiceOperationResponseSchema,
    status: 202,
  },
  {
    method: 'get',
    path: '/bc/{networkType}/bc/bu/{prefix}/onumac/{mac}/all',
    tag: 'birth-certificate',
    summary: 'Birth certificates of a device (404: none yet)',
    params: [
      { name: 'networkType', in: 'path', required: true, description: 'epon or gpon' },
      { name: 'prefix', in: 'path', required: true, description: 'first two characters of networkGroup' },
      mac,
    ],
    answer: bc.birthCertificateListSchema,
  },
  {
    method: 'put',
    path: '/bc/{networkType}/bc/bu/{prefix}',
    tag: 'birth-certificate',
    summary: 'Regenerate: new certificate (last one older than 24 h or none)',
    params: [
      { name: 'networkType', in: 'path', required: true },
      { name: 'prefix', in: 'path', required: true },
    ],
    body: bc.regenerationRequestSchema,
    answer: bc.birthCertificateSchema,
    status: 201,
  },
  {
    method: 'post',
    path: '/bc/{networkType}/bc/bu/{prefix}',
    tag: 'birth-certificate',
    summary: 'Regenerate: refresh the latest certificate (within 24 h)',
    params: [
      { name: 'networkType', in: 'path', required: true },
      { name: 'prefix', in: 'path', required: true },
    ],
    body: bc.regenerationRequestSchema,
    answer: bc.birthCertificateSchema,
  },
  {
    method: 'post',
    path: '/sms/v1/messages',
    tag: 'sms',
    summary: 'Send a text message',
    body: bc.smsRequestSchema,
    answer: bc.smsResponseSchema,
    status: 202,
  },
  {
    method: 'get',
    path: '/streams/plume/{province}',
    tag: 'staging',
    summary: `Plume staging stream (SSE): default events carry the payload; '${staging.PLUME_SWITCH_STATUS_EVENT}' events carry switch status`,
    params: [
      { name: 'province', in: 'path', required: true },
      { name: 'format', in: 'query', description: 'json' },
      { name: 'key', in: 'query', required: true },
    ],
    answer: staging.plumeStreamPayloadSchema,
    stream: true,
  },
  {
    method: 'get',
    path: '/streams/onu/{province}',
    tag: 'staging',
    summary: 'ONU staging stream (SSE)',
    params: [
      { name: 'province', in: 'path', required: true },
      { name: 'key', in: 'query', required: true },
    ],
    answer: staging.onuStreamPayloadSchema,
    stream: true,
  },
  {
    method: 'get',
    path: '/search/v1/customers',
    tag: 'search',
    summary:
      'Customers by MAC (or part), account, billing account or phone number, name or address; best hits first',
    params: [
      {
        name: 'q',
        in: 'query',
        required: true,
        description: '1-100 characters; case and accents are folded',
      },
      { name: 'limit', in: 'query', description: 'hits to return, 1-50 (default 10)' },
    ],
    answer: search.searchAnswerSchema,
  },
  {
    method: 'get',
    path: '/mock/search-data.json',
    tag: 'search',
    summary: 'Every record the search service holds (docs/requirements.md, "Upstream calls": search mock)',
    answer: search.searchDataSchema,
  },
  {
    method: 'get',
    path: '/api/v1/query_range',
    tag: 'history',
    summary:
      "A device's history series over a range, as a Prometheus-compatible store answers them (docs/history.md); an error answer is { status: 'error', errorType, error }",
    params: [
      {
        name: 'query',
        in: 'query',
        required: true,
        description: 'a selector: {__name__=~"onu_rx_power_dbm|…",mac="a4c1e8000000"}, or name{mac="…"}',
      },
      { name: 'start', in: 'query', required: true, description: 'epoch seconds or RFC 3339' },
      { name: 'end', in: 'query', required: true, description: 'epoch seconds or RFC 3339' },
      { name: 'step', in: 'query', required: true, description: 'seconds, or a duration such as 15m' },
    ],
    answer: prometheus.prometheusQueryRangeSchema,
  },
  {
    method: 'post',
    path: '/_sim/outages',
    tag: 'outages',
    summary:
      "The simulator plays Alertmanager (docs/outages.md): opens or resolves a PON port's outage and posts Alertmanager's webhook (version 4, the `outageAlerts` webhook below) to Insight's POST /api/outages/alerts; answers the alert and the delivery. 404: an unknown port, or no outage to resolve",
    body: alertmanager.simOutageRequestSchema,
    answer: alertmanager.simOutageAnswerSchema,
  },
  {
    method: 'post',
    path: '/_sim/crm/outages',
    tag: 'outages',
    summary:
      'A CRM standing in for the ones Insight notifies of outages (docs/outages.md, "Notifications"): checks X-Insight-Signature (HMAC-SHA256 of `<X-Insight-Timestamp>.<raw body>` with SIM_CRM_SECRET, a timestamp within 5 minutes) and keeps the notification (GET /_sim/records?kind=crm). 401: a signature or timestamp refused; 400: not an outage notification',
    status: 204,
  },
  {
    method: 'get',
    path: '/acs/devices/',
    tag: 'acs',
    summary:
      "The auto-configuration server's devices (GenieACS's northbound API, docs/device-tests.md): at most one device document, its parameters nested by their TR-181 names with leaves { _value, _timestamp, _type }, cut to the projection; [] for an unknown MAC or id, or a device without an ACS record",
    params: [
      {
        name: 'query',
        in: 'query',
        required: true,
        description:
          'JSON: {"Device.Ethernet.Interface.1.MACAddress":"AA:BB:CC:DD:EE:FF"} or {"_id":"<OUI>-<model>-<serial number>"}; anything else is 400',
      },
      {
        name: 'projection',
        in: 'query',
        description: 'comma-separated dotted prefixes (Device.IP.Diagnostics.IPPing,_lastInform); _id always',
      },
    ],
    answer: acs.acsDevicesSchema,
  },
  {
    method: 'post',
    path: '/acs/devices/{id}/tasks',
    tag: 'acs',
    summary:
      'A setParameterValues task on the device (a diagnostic\'s inputs and DiagnosticsState "Requested", a Wi-Fi radio\'s channel): 200 when the device took it. 404: an unknown device',
    params: [
      { name: 'id', in: 'path', required: true, description: 'the device id, URL-encoded' },
      {
        name: 'connection_request',
        in: 'query',
        description:
          'present (no value): the ACS asks the device to connect now; absent, the task is queued (202)',
      },
      { name: 'timeout', in: 'query', description: 'ms to wait for the device (a whole number)' },
    ],
    body: acs.acsTaskRequestSchema,
    answer: acs.acsTaskSchema,
    accepted: {
      description:
        'Not done; the reason phrase says why: "Task faulted" (the device refused: a test of that object is running, or a value it does not accept), "Connection request error: device unreachable", or "Task queued but not processed". The task stays queued until deleted',
      answer: acs.acsTaskSchema,
    },
  },
  {
    method: 'delete',
    path: '/acs/tasks/{taskId}',
    tag: 'acs',
    summary:
      'Deletes a queued task (one answered 202). 404: no such task (one answered 200 is done and gone)',
    params: [{ name: 'taskId', in: 'path', required: true }],
  },
];

const UPSTREAM_MODULES = [customer, wan, lan, telephony, bc, staging, search, prometheus, alertmanager, acs];
const SCHEMAS = '#/components/schemas/';

/** The component name of every exported upstream schema: `productInstanceSchema` → `ProductInstance`. */
function upstreamSchemaNames(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  const taken = new Set(['Error']); // the error answer's schema
  for (const module of UPSTREAM_MODULES) {
    for (const [exported, value] of Object.entries(module).sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (!(value instanceof z.ZodType) || !exported.endsWith('Schema') || names.has(value)) continue;
      const name = exported[0]!.toUpperCase() + exported.slice(1, -'Schema'.length);
      if (taken.has(name)) throw new Error(`two upstream schemas would both be components/schemas/${name}`);
      taken.add(name);
      names.set(value, name);
    }
  }
  return names;
}

/**
 * `components/schemas`: the upstream schemas converted together through one registry, so that a schema
 * used inside another (an address, a recursive product instance) is a `$ref` to its component rather
 * than `$defs` that only resolve within a standalone schema.
 */
function upstreamComponents(names: Map<z.ZodType, string>): Record<string, object> {
  const registry = z.registry<{ id: string }>();
  for (const [value, id] of names) registry.add(value, { id });
  const { schemas } = z.toJSONSchema(registry, {
    io: 'output',
    unrepresentable: 'any',
    uri: (id) => `${SCHEMAS}${id}`,
  });
  const ids = new Set(names.values());
  const components: Record<string, object> = {};
  // sorted: the order of a module's exports differs between loaders (tsx, vitest), the file must not
  for (const [id, converted] of Object.entries(schemas).sort(([a], [b]) => (a < b ? -1 : 1))) {
    // zod gathers recursive schemas that have no name of their own under `__shared`, as `$defs` addressed
    // by a fragment inside a fragment: no validator follows those, so every recursive schema needs a name.
    if (!ids.has(id)) {
      throw new Error(`${id}: a recursive upstream schema has no name; export it from common/src/upstream`);
    }
    // zod stamps each one with `$schema` and an `$id` of its uri; the document's dialect (OpenAPI 3.1)
    // applies, and an `$id` may not carry a fragment, so both go.
    const { $schema: _dialect, $id: _uri, ...schema } = converted;
    components[id] = schema;
  }
  return components;
}

const errorSchema = {
  type: 'object',
  properties: { error: { type: 'string' }, message: { type: 'string' } },
};
const error = {
  description: 'Error',
  content: { 'application/json': { schema: { $ref: `${SCHEMAS}Error` } } },
};

export function buildOpenApi() {
  const names = upstreamSchemaNames();
  const ref = (value: z.ZodType) => {
    const name = names.get(value);
    if (!name) throw new Error('an operation uses a schema that common/src/upstream does not export');
    return { $ref: `${SCHEMAS}${name}` };
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    paths[op.path] ??= {};
    paths[op.path]![op.method] = {
      tags: [op.tag],
      summary: op.summary,
      parameters: (op.params ?? []).map((p) => ({
        name: p.name,
        in: p.in,
        required: p.in === 'path' ? true : Boolean(p.required),
        ...(p.description ? { description: p.description } : {}),
        schema: { type: 'string' },
      })),
      ...(op.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: ref(op.body) } } } }
        : {}),
      responses: {
        [String(op.status ?? 200)]: {
          description: 'OK',
          ...(op.answer
            ? {
                content: {
                  [op.stream ? 'text/event-stream' : 'application/json']: { schema: ref(op.answer) },
                },
              }
            : {}),
        },
        ...(op.accepted
          ? {
              '202': {
                description: op.accepted.description,
                content: { 'application/json': { schema: ref(op.accepted.answer) } },
              },
            }
          : {}),
        '400': error,
        '401': error,
        '404': error,
        '5XX': error,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Insight upstream services (as simulated)',
      version: '1.0.0',
      description:
        'Every upstream endpoint and shape the Insight functions rely on. Generated from common/src/upstream.',
    },
    paths,
    // What the simulator sends as Alertmanager: the webhook Insight receives at POST /api/outages/alerts.
    webhooks: {
      outageAlerts: {
        post: {
          summary: "Alertmanager's webhook (version 4), `Authorization: Bearer <OUTAGE_ALERT_SECRET>`",
          requestBody: {
            required: true,
            content: { 'application/json': { schema: ref(alertmanager.alertmanagerWebhookSchema) } },
          },
          responses: { '200': { description: 'Applied' }, '400': error, '401': error },
        },
      },
    },
    components: { schemas: { ...upstreamComponents(names), Error: errorSchema } },
  };
}

export function renderOpenApi(): string {
  return `${JSON.stringify(buildOpenApi(), null, 2)}\n`;
}
