import type { FastifyInstance } from 'fastify';
import { simOutageRequestSchema } from '@insight/common/upstream/alertmanager';
import { CUSTOMER_COUNT } from '../catalogue/macs';
import { topologyFor } from '../catalogue/topology';
import { seedNumber } from '../config';
import { badRequest, notFound, type SimContext } from '../routes/context';
import { SimOutages } from './alerts';

/** Alertmanager's retries for an outage opened or resolved on demand: a few, quick. */
const ON_DEMAND = { attempts: 3, backoffMs: 200, maxBackoffMs: 1000 } as const;
/** For the scenarios at start: until the functions are up (about 5 minutes), as Alertmanager keeps trying. */
const AT_START = { attempts: 40, backoffMs: 500, maxBackoffMs: 10_000, untilAccepted: true } as const;

/**
 * `POST /_sim/outages` ({ olt, port, action: open | resolve }): the simulator, playing Alertmanager, opens or
 * resolves a port's outage and posts the webhook to Insight; `GET /_sim/outages`: the outages it holds
 * open. With `outageScenarios` (npm start), the catalogue's outage ports are posted at start (tried until the
 * functions answer), then again every `outageRepeatMs` while they fire.
 */
export function outageRoutes(app: FastifyInstance, ctx: SimContext): SimOutages {
  const outages = new SimOutages(
    ctx,
    ctx.options.outageWebhook,
    ON_DEMAND,
    `http://127.0.0.1:${process.env.SIM_PORT ?? 9100}/_sim/outages`,
  );
  const topology = () => topologyFor(seedNumber(ctx.options.seed), CUSTOMER_COUNT);

  app.post('/_sim/outages', async (req, reply) => {
    const parsed = simOutageRequestSchema.safeParse(req.body);
    if (!parsed.success)
      return badRequest(reply, 'olt must read OLT-XXX-n, port shelf/slot/port, action open or resolve');
    const { olt, action } = parsed.data;
    const port = parsed.data.port.split('/').map(Number).join('/');
    const found = topology().port(olt, port);
    if (!found) return notFound(reply, `Unknown PON port ${olt} ${port}`);
    const answer = action === 'open' ? await outages.openPort(found) : await outages.resolvePort(found);
    if (!answer) return notFound(reply, `No outage to ${action} on ${olt} ${port}`);
    return answer;
  });
  app.get('/_sim/outages', async () => ({ open: outages.list() }));

  if (ctx.options.outageScenarios && ctx.options.outageWebhook) {
    void outages
      .openScenarios(topology().ports, AT_START)
      .then((delivery) =>
        console.log(`[simulator] outage scenarios posted: ${delivery?.status ?? delivery?.error ?? 'none'}`),
      );
    // Repeated while they fire, as Alertmanager does: Insight fills in what it could not know at the first
    // (an OLT the network lists gained since), and a replay changes nothing else.
    const repeat = setInterval(
      () => void outages.openScenarios(topology().ports, ON_DEMAND),
      ctx.options.outageRepeatMs,
    ).unref();
    app.addHook('onClose', async () => clearInterval(repeat));
  }
  return outages;
}
