/**
 * The diagnosis routes (README, "Diagnosis"): the playbook the 360 view words its findings with, the
 * looks kept per device (what changed since the last look, the trend), and the last score of many
 * devices at once (search results, recent lookups).
 */
import { Router } from 'express';
import { z } from 'zod';
import { normalizeMac } from '@insight/common/mac';
import type { LookStore } from '../../domain/diagnosis/look-store';
import { LOOK_HISTORY_LIMIT } from '../../domain/diagnosis/look-store';
import type { PlaybookSource } from '../../domain/diagnosis/playbook-source';
import { AppError } from '../../lib/app-error';
import { requireCapability } from '../middleware/authenticate';
import { macOf, parseWith, validateMac } from '../middleware/validate';

/** At most this many MACs per scores request (a page of search results or the recent lookups). */
export const SCORES_MAX_MACS = 20;

const scoresQuery = z.object({
  macs: z
    .string()
    .max(SCORES_MAX_MACS * 18)
    .transform((value) => value.split(',').filter(Boolean)),
});

export function diagnosisRouter({
  playbook,
  looks,
}: {
  playbook: PlaybookSource;
  looks?: LookStore;
}): Router {
  const router = Router();
  const view = requireCapability('view360');

  router.get('/diagnosis/playbook', view, async (_req, res) => {
    const entries = await playbook.current();
    // Engineering's edits reach a browser within a minute.
    res.set('cache-control', 'private, max-age=60');
    res.json({ entries: Object.values(entries) });
  });

  router.get('/360/:mac/looks', view, validateMac, async (_req, res) => {
    res.set('cache-control', 'private, no-store');
    res.json({ looks: looks ? await looks.list(macOf(res), LOOK_HISTORY_LIMIT) : [] });
  });

  router.get('/diagnosis/scores', view, async (req, res) => {
    const raw = parseWith(scoresQuery, req.query).macs;
    const macs = [...new Set(raw.map((mac) => normalizeMac(mac)))];
    if (macs.length > SCORES_MAX_MACS || macs.some((mac) => mac === null))
      throw new AppError('invalid_input', `1 to ${SCORES_MAX_MACS} valid MAC addresses, comma-separated`);
    res.set('cache-control', 'private, no-store');
    res.json({ scores: looks ? await looks.scores(macs as string[]) : {} });
  });
  return router;
}
