/**
 * The contract of every upstream endpoint the portal relies on, as an OpenAPI 3.1 document built from
 * the same zod schemas (common/src/upstream) that the functions' clients parse answers with.
 * `npm run contract -w simulator` writes it to simulator/openapi.json; a test keeps the file current.
 */
import { z } from 'zod';
import * as customer from '@insight/common/upstream/customer';
import * as wan from '@insight/common/upstream/wan';
import * as lan from '@insight/common/upstream/lan';
import * as telephony from '@insight/common/upstream/telephony';
import * as bc from '@insight/common/upstream/birth-certificate';
import * as staging from '@insight/common/upstream/staging';

type Param = { name: string; in: 'path' | 'query'; required?: boolean; description?: string };
interface Operation {
  method: 'get' | 'post' | 'put';
  path: string;
  tag: string;
  summary: string;
  params?: Param[];
  body?: z.ZodType;
  answer?: z.ZodType;
  status?: number;
  stream?: boolean;
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
];

const schema = (value: z.ZodType) => z.toJSONSchema(value, { io: 'output', unrepresentable: 'any' });
const error = {
  description: 'Error',
  content: {
    'application/json': {
      schema: { type: 'object', properties: { error: { type: 'string' }, message: { type: 'string' } } },
    },
  },
};

export function buildOpenApi() {
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
        ? { requestBody: { required: true, content: { 'application/json': { schema: schema(op.body) } } } }
        : {}),
      responses: {
        [String(op.status ?? 200)]: {
          description: 'OK',
          content: op.stream
            ? { 'text/event-stream': { schema: schema(op.answer!) } }
            : op.answer
              ? { 'application/json': { schema: schema(op.answer) } }
              : undefined,
        },
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
  };
}

export function renderOpenApi(): string {
  return `${JSON.stringify(buildOpenApi(), null, 2)}\n`;
}
