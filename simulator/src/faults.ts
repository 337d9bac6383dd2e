import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FaultName } from './catalogue/macs';
import type { RuntimeConfig, SimulatorOptions } from './config';

export type Section = 'customer' | 'wan' | 'lan' | 'telephony' | 'bc' | 'sms' | 'devices' | 'search' | 'acs';

/**
 * Which section each per-MAC fault breaks, and how; null: the fault is the ACS's own behaviour
 * (simulator/src/acs), not a failed answer.
 */
const MAC_FAULTS: Record<
  FaultName,
  {
    sections: Section[];
    effect: 'notFound' | 'error' | 'timeout' | 'malformed' | 'slow' | 'unavailable';
  } | null
> = {
  customer404: { sections: ['customer'], effect: 'notFound' },
  customer500: { sections: ['customer'], effect: 'error' },
  wanTimeout: { sections: ['wan'], effect: 'timeout' },
  malformedJson: { sections: ['lan'], effect: 'malformed' },
  slowSection: { sections: ['lan'], effect: 'slow' },
  telephonyDown: { sections: ['telephony'], effect: 'unavailable' },
  bcServerError: { sections: ['bc'], effect: 'error' },
  acsNeverCompletes: null,
  acsBusy: null,
  acsTimeout: { sections: ['acs'], effect: 'timeout' },
  acsUnknown: null,
};

export const FAULT_DESCRIPTIONS: Record<FaultName, string> = {
  customer404: 'customer lookup answers 404 (MAC not found)',
  customer500: 'customer lookup answers 500',
  wanTimeout: 'every WAN call hangs until the timeout fault delay, then 504',
  malformedJson: 'LAN answers 200 with a malformed JSON body',
  slowSection: 'LAN answers after the slow-section delay',
  telephonyDown: 'telephony answers 503',
  bcServerError: 'birth-certificate service answers 500',
  acsNeverCompletes: 'ACS: the upload diagnostic stays Requested forever (the others complete)',
  acsBusy: 'ACS: every diagnostic task answers 202 Task faulted (a test is already running)',
  acsTimeout: 'every ACS call hangs until the timeout fault delay, then 504',
  acsUnknown: 'ACS: no record of the device (GET /acs/devices answers [])',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

declare module 'fastify' {
  interface FastifyRequest {
    /** When the answer may leave (performance.now() time): arrival + latency (+ jitter). */
    releaseAt: number;
  }
}

/**
 * Global latency, jitter and random errors, applied to every upstream route (not /_sim, nor the other
 * tools' stand-in pages). The answer leaves exactly `latency` after the request arrived, whatever the
 * handler's own processing time, so that a fixed latency means a fixed call time.
 */
export function globalFaults(app: FastifyInstance, getConfig: () => RuntimeConfig): void {
  app.decorateRequest('releaseAt', 0);
  app.addHook('onRequest', (req, reply, done) => {
    if (req.url.startsWith('/_sim/') || req.url.startsWith('/tools/')) return done();
    const { latencyMs, jitterMs, errorRate } = getConfig();
    const delay = latencyMs + (jitterMs > 0 ? Math.random() * jitterMs : 0);
    if (errorRate > 0 && Math.random() < errorRate) {
      // Answered from the hook: done() is not called, so the route's handler never runs.
      setTimeout(
        () => reply.code(500).send({ error: 'injected', message: 'Random error injected by SIM_ERROR_RATE' }),
        delay,
      );
      return;
    }
    if (delay > 0) req.releaseAt = performance.now() + delay;
    done();
  });
  app.addHook('onSend', (req, _reply, payload, done) => {
    const wait = req.releaseAt === 0 ? 0 : req.releaseAt - performance.now();
    if (wait <= 0) return done(null, payload);
    setTimeout(done, wait, null, payload);
  });
}

/**
 * Applies a per-MAC fault for a section, or a per-request one from the `x-sim-fault` header
 * (timeout | error | malformed | slow | unavailable). Returns true when the response was handled.
 */
export async function applyFault(
  req: FastifyRequest,
  reply: FastifyReply,
  section: Section,
  fault: FaultName | null,
  options: SimulatorOptions,
): Promise<boolean> {
  const header = req.headers['x-sim-fault'];
  const effect =
    (typeof header === 'string' ? header : null) ??
    (fault && MAC_FAULTS[fault]?.sections.includes(section) ? MAC_FAULTS[fault].effect : null);
  switch (effect) {
    case null:
      return false;
    case 'notFound':
      reply.code(404).send({ error: 'not_found', message: 'No customer account for this device' });
      return true;
    case 'error':
      reply.code(500).send({ error: 'internal', message: `Simulated ${section} failure` });
      return true;
    case 'unavailable':
      reply.code(503).send({ error: 'unavailable', message: `Simulated ${section} outage` });
      return true;
    case 'timeout':
      await sleep(options.timeoutFaultMs);
      if (!reply.sent && !req.raw.socket.destroyed)
        reply.code(504).send({ error: 'timeout', message: 'Simulated upstream timeout' });
      else reply.hijack();
      return true;
    case 'malformed':
      reply.code(200).type('application/json').send('{"gateway": {"model": "trunc');
      return true;
    case 'slow':
      await sleep(options.slowSectionMs);
      return false;
    default:
      return false;
  }
}
