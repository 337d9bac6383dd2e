/** Upstream contracts: birth certificates and SMS (docs/requirements.md, "Birth certificates" and "Upstream calls"). */
import { z } from 'zod';

const resultSchema = z.enum(['pass', 'fail', 'warn', 'n/a']);

export const bcEpicoDeviceSchema = z.object({
  mac: z.string(),
  model: z.string(),
  rssi: z.number().nullable(),
  result: resultSchema,
});

export const birthCertificateSchema = z.object({
  id: z.string(),
  ts: z.string(),
  mac: z.string(),
  created: z.string(),
  source: z.string(),
  results: z.object({ overall: resultSchema, modem: resultSchema, wifi: resultSchema }),
  woId: z.string().nullable(),
  referral: z.string().nullable(),
  openSync: z.boolean(),
  customerType: z.string(),
  extenderPodsRequired: z.number().int(),
  ethernetInstalled: z.boolean(),
  techId: z.string(),
  regenerated: z.boolean(),
  regeneratedBy: z.string().nullable(),
  power: z.object({ tx: z.number(), rx: z.number() }),
  oltReceivePower: z.number(),
  rssi: z.number().nullable(),
  bandsteering: z.boolean(),
  servicesAdded: z.array(z.string()),
  bcEpicoDevices: z.array(bcEpicoDeviceSchema),
});
export const birthCertificateListSchema = z.array(birthCertificateSchema);

export const regenerationRequestSchema = z.object({
  cmts: z.literal(''),
  requestDetails: z
    .array(
      z.object({
        macAddress: z.string(),
        techName: z.literal('INSIGHT_UI'),
        jobType: z.literal('REGENERATION'),
        servicesAdded: z.array(z.string()).optional(),
        bcEpicoDevices: z.array(bcEpicoDeviceSchema),
      }),
    )
    .min(1),
});

export const smsRequestSchema = z.object({
  to: z.string().regex(/^\d{10}$/),
  body: z.string().min(1).max(640),
  mac: z.string(),
});
export const smsResponseSchema = z.object({ id: z.string(), status: z.literal('queued') });

export type BirthCertificate = z.infer<typeof birthCertificateSchema>;
export type RegenerationRequest = z.infer<typeof regenerationRequestSchema>;
export type SmsRequest = z.infer<typeof smsRequestSchema>;
