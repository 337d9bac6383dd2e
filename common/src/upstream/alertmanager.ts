/**
 * Alertmanager's webhook (its documented JSON, version 4) as Insight receives it at POST /api/outages/alerts
 * (docs/outages.md, "The webhook"), and what Insight reads of each alert: the labels and annotations the
 * outage rules set (monitoring/rules/outages.yml). The simulator posts the same payloads.
 */
import { z } from 'zod';
import { FINGERPRINT, OUTAGE_KINDS, type OutageKind } from '../outages';
import { OLT_NAME, PON_PORT } from './wan';

const label = z.record(z.string(), z.string());

/** One alert of the webhook. */
export const alertmanagerAlertSchema = z.object({
  status: z.enum(['firing', 'resolved']),
  labels: label,
  annotations: label,
  startsAt: z.iso.datetime({ offset: true }),
  /** `0001-01-01T00:00:00Z` while firing (or a time ahead); when it ended once resolved. */
  endsAt: z.iso.datetime({ offset: true }),
  generatorURL: z.string().max(2000).optional(),
  fingerprint: z.string().regex(FINGERPRINT),
});
export type AlertmanagerAlert = z.infer<typeof alertmanagerAlertSchema>;

/** The webhook's body (Alertmanager's `webhook_config`, version 4). */
export const alertmanagerWebhookSchema = z.object({
  version: z.literal('4'),
  groupKey: z.string().max(2000),
  truncatedAlerts: z.number().int().min(0).optional(),
  status: z.enum(['firing', 'resolved']),
  receiver: z.string().max(200),
  groupLabels: label,
  commonLabels: label,
  commonAnnotations: label,
  externalURL: z.string().max(2000),
  alerts: z.array(alertmanagerAlertSchema).min(1).max(200),
});
export type AlertmanagerWebhook = z.infer<typeof alertmanagerWebhookSchema>;

/** The webhook of a group of alerts, as Alertmanager's `webhook_config` sends it (version 4). */
export function webhookOf(alerts: AlertmanagerAlert[], externalURL: string): AlertmanagerWebhook {
  return {
    version: '4',
    groupKey: '{}/{kind=~"pon-outage|partial-port|power-outage"}:{}',
    truncatedAlerts: 0,
    status: alerts.some((alert) => alert.status === 'firing') ? 'firing' : 'resolved',
    receiver: 'insight',
    groupLabels: {},
    commonLabels: {},
    commonAnnotations: {},
    externalURL,
    alerts,
  };
}

/** A head end or marketing area id as the network lists keep them (`ON-TOR-01`, `MA-TOR`). */
const AREA_ID = /^[\w[\]-]{1,40}$/;

/** The labels the outage rules set, by kind: what an alert must carry to be an outage. */
const portLabels = z.object({ olt: z.string().regex(OLT_NAME), port: z.string().regex(PON_PORT) });
const areaLabels = z
  .object({ head_end: z.string().regex(AREA_ID).optional(), area: z.string().regex(AREA_ID).optional() })
  .refine((labels) => labels.head_end !== undefined || labels.area !== undefined, 'head_end or area');

/** A count annotation (`onus_down`, `onus_total`): a whole number as the template wrote it, else null. */
function count(text: string | undefined): number | null {
  if (text === undefined || !/^\d+(\.0+)?$/.test(text.trim())) return null;
  return Math.round(Number(text));
}

/** What one alert says of an outage, once its labels are those of the rules. */
export interface OutageAlert {
  fingerprint: string;
  status: 'firing' | 'resolved';
  kind: OutageKind;
  olt: string | null;
  port: string | null;
  headEnd: string | null;
  area: string | null;
  /** From the annotations; null when absent or not a number (the port's listing then tells). */
  onusDown: number | null;
  onusTotal: number | null;
  /** ISO (UTC, milliseconds). */
  startsAt: string;
  /** When it ended (ISO), for a resolved alert; null while firing. */
  endsAt: string | null;
}

/** An alert read as an outage, or why not (the labels it lacks). */
export function outageAlertOf(
  alert: AlertmanagerAlert,
): { ok: true; value: OutageAlert } | { ok: false; reason: string } {
  const kind = z.enum(OUTAGE_KINDS).safeParse(alert.labels.kind);
  if (!kind.success) return { ok: false, reason: 'label kind is not an outage kind' };
  const place =
    kind.data === 'power-outage' ? areaLabels.safeParse(alert.labels) : portLabels.safeParse(alert.labels);
  if (!place.success)
    return {
      ok: false,
      reason: `labels ${kind.data === 'power-outage' ? 'head_end or area' : 'olt and port'} missing or malformed`,
    };
  const labels = place.data as { olt?: string; port?: string; head_end?: string; area?: string };
  return {
    ok: true,
    value: {
      fingerprint: alert.fingerprint,
      status: alert.status,
      kind: kind.data,
      olt: labels.olt ?? null,
      port: labels.port ?? null,
      headEnd: labels.head_end ?? null,
      area: labels.area ?? null,
      onusDown: count(alert.annotations.onus_down),
      onusTotal: count(alert.annotations.onus_total),
      startsAt: new Date(alert.startsAt).toISOString(),
      endsAt: alert.status === 'resolved' ? new Date(alert.endsAt).toISOString() : null,
    },
  };
}

/**
 * The simulator's stand-in for Alertmanager (`POST /_sim/outages`, simulator/openapi.json): open or resolve
 * the outage of one PON port; the simulator posts the webhook to Insight and answers what it sent.
 */
export const simOutageRequestSchema = z
  .object({
    olt: z.string().regex(OLT_NAME),
    port: z.string().regex(PON_PORT),
    action: z.enum(['open', 'resolve']),
  })
  .strict();
export type SimOutageRequest = z.infer<typeof simOutageRequestSchema>;

export const simOutageAnswerSchema = z.object({
  alert: alertmanagerAlertSchema,
  /** Where the webhook went and Insight's status, or null when no receiver is configured. */
  delivery: z
    .object({ url: z.string(), status: z.number().int().nullable(), error: z.string().nullable() })
    .nullable(),
});
export type SimOutageAnswer = z.infer<typeof simOutageAnswerSchema>;
