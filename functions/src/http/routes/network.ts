import { Router } from 'express';
import type { AuditSink } from '../../domain/audit/audit-sink';
import type { DependencyCountStore } from '../../domain/network/dependency-counts';
import { recountDependencies } from '../../domain/network/recount-dependencies';
import { currentUser, requireCapability } from '../middleware/authenticate';

export function networkRouter(deps: { counts: DependencyCountStore; audit: AuditSink }): Router {
  const router = Router();

  /** Repairs the dependency counts of every head end and marketing area (engineering). */
  router.post('/net-manage/recount', requireCapability('adminWrite'), async (_req, res) => {
    const user = currentUser(res);
    res.json(await recountDependencies(deps, { uid: user.uid, email: user.email }));
  });
  return router;
}
