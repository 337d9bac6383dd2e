import type { FastifyInstance } from 'fastify';
import { PROMETHEUS_QUERY_RANGE_PATH } from '@insight/common/upstream/prometheus';
import type { SimContext } from '../routes/context';
import {
  BadQuery,
  evaluateRange,
  isMacLabel,
  MAX_POINTS,
  parseSelector,
  parseStep,
  parseTime,
} from './query';
import { generateHistory } from './series';

/** Prometheus's error answer (400 bad_data). */
const badData = (message: string) => ({ status: 'error', errorType: 'bad_data', error: message });

/**
 * GET /api/v1/query_range (docs/history.md): the devices' seven days of history, as a Prometheus-compatible
 * store answers them. The simulator's store holds the seven days up to the range's end (its "now" is the
 * asker's: a client on an injected clock sees its own week). An unknown device has no series (an empty matrix).
 */
export function historyRoutes(app: FastifyInstance, ctx: SimContext): void {
  app.get(PROMETHEUS_QUERY_RANGE_PATH, async (req, reply) => {
    const query = req.query as Record<string, string | string[] | undefined>;
    const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : '');
    const start = parseTime(text('start'));
    const end = parseTime(text('end'));
    const step = parseStep(text('step'));
    if (start === null || end === null) return reply.code(400).send(badData('invalid start or end'));
    if (step === null || step <= 0) return reply.code(400).send(badData('invalid step: a positive duration'));
    if (end < start) return reply.code(400).send(badData('end timestamp must not be before start time'));
    if ((end - start) / step > MAX_POINTS)
      return reply.code(400).send(badData('exceeded maximum resolution of 11,000 points per timeseries'));
    let selector;
    try {
      selector = parseSelector(text('query'));
    } catch (error) {
      if (error instanceof BadQuery) return reply.code(400).send(badData(error.message));
      throw error;
    }
    const entry = isMacLabel(selector.mac) ? ctx.store.entry(selector.mac.toUpperCase()) : null;
    const result = entry
      ? evaluateRange(
          generateHistory({ entry, customer: ctx.store.get(entry) }, { epochMs: ctx.options.epoch }, end),
          selector.names,
          { start, end, step },
        )
      : [];
    return { status: 'success', data: { resultType: 'matrix', result } };
  });
}
