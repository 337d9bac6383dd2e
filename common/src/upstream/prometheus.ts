/**
 * Upstream contract: a Prometheus-compatible store's `GET /api/v1/query_range` (docs/history.md). Prometheus,
 * Thanos, Mimir and VictoriaMetrics answer the same shape. Sample values are strings ("-18.2", "NaN", "+Inf"):
 * the adapter reads them, a value it cannot use is a gap.
 */
import { z } from 'zod';

/** One sample: [epoch seconds, value as a string]. */
export const prometheusSampleSchema = z.tuple([z.number(), z.string()]);

export const prometheusMatrixSeriesSchema = z.object({
  metric: z.record(z.string(), z.string()),
  values: z.array(prometheusSampleSchema),
});
export type PrometheusMatrixSeries = z.infer<typeof prometheusMatrixSeriesSchema>;

export const prometheusQueryRangeSuccessSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    resultType: z.literal('matrix'),
    result: z.array(prometheusMatrixSeriesSchema),
  }),
  warnings: z.array(z.string()).optional(),
});

/** The store's error answer (400 bad_data, 422 execution, 503 timeout or unavailable). */
export const prometheusErrorSchema = z.object({
  status: z.literal('error'),
  errorType: z.string(),
  error: z.string(),
});
export type PrometheusError = z.infer<typeof prometheusErrorSchema>;

export const prometheusQueryRangeSchema = z.discriminatedUnion('status', [
  prometheusQueryRangeSuccessSchema,
  prometheusErrorSchema,
]);
export type PrometheusQueryRange = z.infer<typeof prometheusQueryRangeSchema>;

export const PROMETHEUS_QUERY_RANGE_PATH = '/api/v1/query_range';

/**
 * The same answer read leniently below the series: what the adapter parses, so that one bad sample (a number
 * where a string belongs, a missing value) is a gap in its series rather than a failed answer.
 */
export const prometheusMatrixEnvelopeSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    resultType: z.literal('matrix'),
    result: z.array(z.object({ metric: z.record(z.string(), z.string()), values: z.array(z.unknown()) })),
  }),
});
