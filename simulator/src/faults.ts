import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { FaultName } from './catalogue/macs';
import type { RuntimeConfig, SimulatorOptions } from './config';

export type Section = 'customer' | 'wan' | 'lan' | 'telephony' | 'bc' | 'sms' | 'devices';

/** Which section each per-MAC fault breaks, and how. */
const MAC_FAULTS: Record<
  FaultName,
  { sections: Section[]; effect: 'notFound' | 'error' | 'timeout' | 'malformed' | 'slow' | 'unavailable' }
> = {
  customer404: { sections: ['customer'], effect: 'notFound' },
  customer500: { sections: ['customer'], effect: 'error' },
  wanTimeout: { sections: ['wan'], effect: 'timeout' },
  malformedJson: { sections: ['lan'], effect: 'malformed' },
  slowSection: { sections: ['lan'], effect: 'slow' },
  telephonyDown: { sections: ['telephony'], effect: 'unavailable' },
  bcServerError: { sections: ['bc'], effect: 'error' },
};

export const FAULT_DESCRIPTIONS: Record<FaultName, string> = {
  customer404: 'customer lookup answers 404 (MAC not found)',
  customer500: 'customer lookup answers 500',
  wanTimeout: 'every WAN call hangs until the timeout fault delay, then 504',
  malformedJson: 'LAN answers 200 with a malformed JSON body',
  slowSection: 'LAN answers after the slow-section delay',
  telephonyDown: 'telephony answers 503',
  bcServerError: 'birth-certificate service answers 500',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Global latency, jitter and random errors, applied to every upstream route (not /_sim). The answer
 * leaves exactly `latency` after the request arrived, whatever the handler's own processing time, so
 * that a fixed latency means a fixed call time.
 */
export function globalFaults(getConfig: () => RuntimeConfig): RequestHandler {
  return (_req: Request, res: Response, next: NextFunction) => {
    const { latencyMs, jitterMs, errorRate } = getConfig();
    const delay = latencyMs + (jitterMs > 0 ? Math.random() * jitterMs : 0);
    if (errorRate > 0 && Math.random() < errorRate) {
      setTimeout(
        () => res.status(500).json({ error: 'injected', message: 'Random error injected by SIM_ERROR_RATE' }),
        delay,
      );
      return;
    }
    if (delay <= 0) return next();
    const releaseAt = performance.now() + delay;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.end = ((...args: unknown[]) => {
      const wait = releaseAt - performance.now();
      if (wait <= 0) return end(...args);
      setTimeout(() => end(...args), wait);
      return res;
    }) as Response['end'];
    next();
  };
}

/**
 * Applies a per-MAC fault for a section, or a per-request one from the `x-sim-fault` header
 * (timeout | error | malformed | slow | unavailable). Returns true when the response was handled.
 */
export async function applyFault(
  req: Request,
  res: Response,
  section: Section,
  fault: FaultName | null,
  options: SimulatorOptions,
): Promise<boolean> {
  const header = req.header('x-sim-fault');
  const effect =
    header ?? (fault && MAC_FAULTS[fault].sections.includes(section) ? MAC_FAULTS[fault].effect : null);
  switch (effect) {
    case null:
    case undefined:
      return false;
    case 'notFound':
      res.status(404).json({ error: 'not_found', message: 'No customer account for this device' });
      return true;
    case 'error':
      res.status(500).json({ error: 'internal', message: `Simulated ${section} failure` });
      return true;
    case 'unavailable':
      res.status(503).json({ error: 'unavailable', message: `Simulated ${section} outage` });
      return true;
    case 'timeout':
      await sleep(options.timeoutFaultMs);
      if (!res.headersSent && !req.socket.destroyed)
        res.status(504).json({ error: 'timeout', message: 'Simulated upstream timeout' });
      return true;
    case 'malformed':
      res.status(200).type('application/json').send('{"gateway": {"model": "trunc');
      return true;
    case 'slow':
      await sleep(options.slowSectionMs);
      return false;
    default:
      return false;
  }
}
