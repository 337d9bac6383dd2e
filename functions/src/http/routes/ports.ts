import { Router } from 'express';
import type { z } from 'zod';
import { ponPortAddressSchema } from '@insight/common/customer360';
import type { ThresholdSource } from '../../domain/grading/threshold-source';
import type { UpstreamCalls } from '../../domain/upstream-calls';
import { getPort } from '../../domain/wan/get-neighbourhood';
import { requireCapability } from '../middleware/authenticate';
import { parseWith } from '../middleware/validate';

/** GET /api/ports/{olt}/{shelf}/{slot}/{port}: every ONU of a PON port, graded (the port page, portView). */
export function portsRouter(calls: UpstreamCalls, thresholds: ThresholdSource): Router {
  const router = Router();
  router.get('/ports/:olt/:shelf/:slot/:port', requireCapability('portView'), async (req, res) => {
    const address: z.output<typeof ponPortAddressSchema> = parseWith(ponPortAddressSchema, req.params);
    const port = `${Number(address.shelf)}/${Number(address.slot)}/${Number(address.port)}`;
    res.set('cache-control', 'private, no-store');
    res.json(await getPort(calls, thresholds, address.olt, port));
  });
  return router;
}
