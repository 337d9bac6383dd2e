import { Router } from 'express';
import { historyMacLabel, historyRange } from '@insight/common/history';
import { readHistory, type DeviceHistory } from '../../domain/history/device-history';
import type { CallCache } from '../../lib/call-cache';
import { requireCapability } from '../middleware/authenticate';
import { macOf, validateMac } from '../middleware/validate';

/**
 * GET /api/360/{mac}/history (view360): the device's seven days of history, `SectionResponse<HistorySection>`
 * (docs/history.md). The store's label is made from the validated MAC only; the answer is shared by every
 * viewer of the device for the cache's age (HISTORY_CACHE), a refresh included.
 */
export function historyRouter(
  history: DeviceHistory,
  cache: CallCache,
  now: () => number = Date.now,
): Router {
  const router = Router();
  router.get('/360/:mac/history', requireCapability('view360'), validateMac, async (_req, res) => {
    res.set('cache-control', 'private, no-store');
    res.json(await readHistory(history, cache, historyMacLabel(macOf(res)), historyRange(now())));
  });
  return router;
}
