import { Router, type Response } from 'express';
import { startTestRequestSchema, wifiOptimiseRequestSchema } from '@insight/common/device-tests';
import { listTests, optimiseWifi, startTest, type TestDeps } from '../../domain/device-tests/run-tests';
import { currentUser, requireCapability } from '../middleware/authenticate';
import { macOf, parseWith, validateMac } from '../middleware/validate';
import { idempotencyKey } from './customer360';

const actor = (res: Response) => {
  const user = currentUser(res);
  return { uid: user.uid, email: user.email };
};

/**
 * The tests run from the device (docs/device-tests.md): GET /api/360/{mac}/tests (the newest of each kind,
 * the running ones moved on), POST /api/360/{mac}/tests (start one), POST /api/360/{mac}/wifi-optimise.
 */
export function deviceTestsRouter(deps: TestDeps): Router {
  const router = Router();
  router.get('/360/:mac/tests', requireCapability('view360'), validateMac, async (_req, res) => {
    res.set('cache-control', 'no-store');
    res.json(await listTests(deps, macOf(res)));
  });
  router.post('/360/:mac/tests', requireCapability('deviceTests'), validateMac, async (req, res) => {
    const request = parseWith(startTestRequestSchema, req.body);
    res.status(202).json(await startTest(deps, actor(res), macOf(res), request, idempotencyKey(req)));
  });
  router.post('/360/:mac/wifi-optimise', requireCapability('wifiOptimise'), validateMac, async (req, res) => {
    const { band } = parseWith(wifiOptimiseRequestSchema, req.body);
    res.status(202).json(await optimiseWifi(deps, actor(res), macOf(res), band, idempotencyKey(req)));
  });
  return router;
}
