import { Router } from 'express';
import {
  importRequestSchema,
  isAdminListId,
  rowIdSchema,
  saveRequestSchema,
  type AdminListId,
  type RecountResult,
} from '@insight/common/admin-lists';
import type { AdminStore } from '../../domain/admin/admin-store';
import { parseListFields } from '../../domain/admin/list-fields';
import type { AuditSink } from '../../domain/audit/audit-sink';
import { AppError } from '../../lib/app-error';
import { currentUser, requireCapability } from '../middleware/authenticate';
import { parseWith } from '../middleware/validate';

/** At most this many repaired rows are named in the recount's audit record (it stays far under 1 MiB). */
export const AUDITED_REPAIRS = 100;

/** The recount's audit parameters: counts, and the first repaired rows by id. */
export function recountAudit(result: RecountResult) {
  return {
    checked: result.checked,
    repaired: result.repaired.length,
    repairedIds: result.repaired.slice(0, AUDITED_REPAIRS).map(({ list, id }) => `${list}/${id}`),
    orphans: result.orphans.length,
  };
}

function listParam(value: string | undefined): AdminListId {
  if (!isAdminListId(value)) throw new AppError('not_found', `No admin list ${String(value)}`);
  return value;
}

/**
 * The admin lists' writes (engineering): every create, update, delete and import of a list row, and the
 * recount of the kept counts. Reads stay with the browser's Firestore listeners.
 */
export function adminRouter(deps: { store: AdminStore; audit: AuditSink }): Router {
  const router = Router();
  router.use('/admin', requireCapability('adminWrite'));

  /** Every kept count recomputed from the rows; the repairs and orphans answered and audited. */
  router.post('/admin/recount', async (_req, res) => {
    const user = currentUser(res);
    const result = await deps.store.recount();
    await deps.audit.write({
      uid: user.uid,
      email: user.email,
      mac: null,
      customerAccountNumber: null,
      operation: 'recountDependencies',
      parameters: recountAudit(result),
      outcome: 'sent',
      errorCode: null,
    });
    res.json(result);
  });

  router.post('/admin/:list/import', async (req, res) => {
    const list = listParam(req.params.list);
    const request = parseWith(importRequestSchema, req.body);
    const user = currentUser(res);
    res.json(await deps.store.importRows(list, request, { uid: user.uid, email: user.email }));
  });

  router.get('/admin/:list/:id/dependents', async (req, res) => {
    const list = listParam(req.params.list);
    const id = parseWith(rowIdSchema, req.params.id);
    res.json({ dependents: await deps.store.dependents(list, id) });
  });

  router.put('/admin/:list/:id', async (req, res) => {
    const list = listParam(req.params.list);
    const id = parseWith(rowIdSchema, req.params.id);
    const { fields } = parseWith(saveRequestSchema, req.body);
    const user = currentUser(res);
    await deps.store.save(list, id, parseListFields(list, id, fields), { uid: user.uid, email: user.email });
    res.json({ id });
  });

  router.delete('/admin/:list/:id', async (req, res) => {
    const list = listParam(req.params.list);
    const id = parseWith(rowIdSchema, req.params.id);
    const user = currentUser(res);
    await deps.store.remove(list, id, { uid: user.uid, email: user.email });
    res.status(204).end();
  });
  return router;
}
