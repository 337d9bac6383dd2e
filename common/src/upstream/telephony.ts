/** Upstream contracts: telephony (docs/requirements.md, "Upstream calls"; the operations are ours to design). */
import { z } from 'zod';

export const voicePortSchema = z.object({
  port: z.number().int(),
  phoneNumber: z.string(),
  lineStatus: z.object({ active: z.boolean(), hook: z.enum(['on', 'off']), inUse: z.boolean() }),
  features: z.object({
    callBlock: z.boolean(),
    callForward: z.object({ enabled: z.boolean(), number: z.string().nullable() }),
    callerId: z.boolean(),
    callWaiting: z.boolean(),
    voicemail: z.object({
      enabled: z.boolean(),
      language: z.enum(['en', 'fr']),
      messageWaiting: z.boolean(),
    }),
  }),
});

export const telephonySubscriberSchema = z.object({
  serialNumber: z.string(),
  ata: z.object({
    model: z.string(),
    firmware: z.string(),
    mac: z.string(),
    status: z.enum(['online', 'offline']),
  }),
  ports: z.array(voicePortSchema),
});

export const callForwardingRequestSchema = z.object({
  enabled: z.boolean(),
  number: z
    .string()
    .regex(/^\d{10}$/)
    .nullable(),
});
export const voicemailLanguageRequestSchema = z.object({ language: z.enum(['en', 'fr']) });
export const voiceOperationResponseSchema = z.object({
  accepted: z.boolean(),
  operation: z.string(),
  port: z.number(),
  requestId: z.string(),
});

export type VoicePort = z.infer<typeof voicePortSchema>;
export type TelephonySubscriber = z.infer<typeof telephonySubscriberSchema>;
