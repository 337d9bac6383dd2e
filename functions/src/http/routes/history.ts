import { Router } from 'express';
import { historyMacLabel, historyRange, type HistorySection } from '@insight/common/history';
import type { AssessedHistory } from '@insight/common/history-measures';
import { readHistory, type DeviceHistory } from '../../domain/history/device-history';
import type { CallCache } from '../../lib/call-cache';
import { requireCapability } from '../middleware/authenticate';
import { macOf, validateMac } from '../middleware/validate';

/**
 * GET /api/360/{mac}/history (view360): the device's seven days of history, `SectionResponse<HistorySection>`
 * (docs/history.md). The store's label is made from the validated MAC only; the answer is shared by every
 * viewer of the device for the cache's age (HISTORY_CACHE), a refresh included. The optical bands (`bands`:
 * domain/history/bands.ts) and the week's graded measures (`assessment`: domain/history/assessment.ts) are added
 * to each answer, outside the cache: a threshold edit moves them on the next view.
 */
export function historyRouter(
  history: DeviceHistory,
  cache: CallCache,
  now: () => number = Date.now,
  bands?: (mac: string) => Promise<HistorySection['bands']>,
  assess?: (mac: string, history: HistorySection) => Promise<AssessedHistory | undefined>,
): Router {
  const router = Router();
  router.get('/360/:mac/history', requireCapability('view360'), validateMac, async (_req, res) => {
    res.set('cache-control', 'private, no-store');
    const mac = macOf(res);
    const [answer, banded] = await Promise.all([
      readHistory(history, cache, historyMacLabel(mac), historyRange(now())),
      bands?.(mac),
    ]);
    // The week's measures and their grades (the diagnosis's history findings), outside the cache too.
    const assessment = await assess?.(mac, answer.data);
    res.json({
      ...answer,
      data: { ...answer.data, ...(banded ? { bands: banded } : {}), ...(assessment ? { assessment } : {}) },
    });
  });
  return router;
}
