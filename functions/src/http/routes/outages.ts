import { createHash, timingSafeEqual } from 'node:crypto';
import { Router, type Request } from 'express';
import { OUTAGE_ID, OUTAGES_COLLECTION, outageNoteEditSchema } from '@insight/common/outages';
import {
  alertmanagerWebhookSchema,
  outageAlertOf,
  type OutageAlert,
} from '@insight/common/upstream/alertmanager';
import type { PonPortListing } from '@insight/common/upstream/wan';
import type { AuditSink } from '../../domain/audit/audit-sink';
import { oltInfoExposition, type AlertContext, type OutageStore } from '../../domain/outages/outage-store';
import type { UpstreamCalls } from '../../domain/upstream-calls';
import { portListing } from '../../domain/wan/get-neighbourhood';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { currentUser, requireCapability } from '../middleware/authenticate';
import { parseWith } from '../middleware/validate';

export interface OutageRouteDeps {
  store: OutageStore;
  /** The shared secret Alertmanager sends as `Authorization: Bearer …` (OUTAGE_ALERT_SECRET). */
  alertSecret: () => string;
  calls: UpstreamCalls;
  audit: AuditSink;
  logger: Logger;
  now?: () => number;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The request carries the secret (compared in constant time); an unset secret lets nothing in. */
function authorized(req: Request, secret: string): boolean {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer (.+)$/.exec(header);
  return secret !== '' && match !== null && timingSafeEqual(digest(match[1]!), digest(secret));
}

/** The affected accounts of a port's outage: its ONUs but the suspended ones; for part of a port, those down. */
function accountsOf(listing: PonPortListing, alert: OutageAlert): number {
  const served = listing.onus.filter((onu) => onu.lastDownCause !== 'adminDown' || onu.status === 'online');
  return alert.kind === 'partial-port'
    ? served.filter((onu) => onu.status === 'offline').length
    : served.length;
}

/**
 * What the receiver adds to a firing port alert: the accounts from the port's listing (the neighbourhood's
 * cached call; its failure leaves the count to the annotations) and the OLT's head end and area from the
 * network lists. A resolved alert needs none: the outage keeps what it had.
 */
async function contextOf(deps: OutageRouteDeps, alert: OutageAlert): Promise<AlertContext> {
  const none: AlertContext = { accounts: null, onusTotal: null, headEnd: null, area: null };
  if (alert.status === 'resolved' || alert.olt === null || alert.port === null) return none;
  const [listing, place] = await Promise.all([
    portListing(deps.calls, alert.olt, alert.port).then(
      (found) => found.value,
      (error: unknown) => {
        deps.logger.warn('outage: port listing unavailable', {
          olt: alert.olt,
          port: alert.port,
          error: String(error),
        });
        return null;
      },
    ),
    deps.store.placeOf(alert.olt),
  ]);
  return {
    accounts: listing ? accountsOf(listing, alert) : null,
    onusTotal: listing ? listing.onus.length : null,
    ...place,
  };
}

/**
 * POST /api/outages/alerts: Alertmanager's webhook (version 4), authenticated by the shared secret, not by
 * a user (mounted before the users' authentication). Every alert is checked before anything is written: a
 * wrong secret is 401, a malformed body or an alert without the rules' labels 400 (logged), and nothing is
 * stored. Then each alert opens, updates or resolves its outage, idempotently (docs/outages.md). With the
 * same secret, GET /api/outages/olt-info serves the `olt_info` series Prometheus scrapes.
 */
export function outageAlertsRouter(deps: OutageRouteDeps): Router {
  const router = Router();
  const now = deps.now ?? Date.now;
  router.post('/outages/alerts', async (req, res) => {
    if (!authorized(req, deps.alertSecret()))
      throw new AppError('unauthenticated', 'The alert webhook needs its bearer secret');
    const webhook = parseWith(alertmanagerWebhookSchema, req.body);
    const alerts: OutageAlert[] = [];
    for (const alert of webhook.alerts) {
      const read = outageAlertOf(alert);
      if (!read.ok) {
        deps.logger.warn('outage alert refused', {
          fingerprint: alert.fingerprint,
          reason: read.reason,
          labels: alert.labels,
        });
        throw new AppError('invalid_input', `alert ${alert.fingerprint}: ${read.reason}`);
      }
      alerts.push(read.value);
    }
    const outcomes = [];
    for (const alert of alerts) {
      const context = await contextOf(deps, alert);
      const outcome = await deps.store.apply(alert, context, new Date(now()).toISOString());
      outcomes.push({ fingerprint: alert.fingerprint, startsAt: alert.startsAt, outcome });
    }
    deps.logger.info('outage alerts applied', { receiver: webhook.receiver, outcomes });
    res.json({ outcomes });
  });

  /**
   * GET /api/outages/olt-info: the OLTs' head ends and areas from the network lists as the `olt_info` series,
   * for Prometheus to scrape with the same bearer secret (the power outage rule joins on it).
   */
  router.get('/outages/olt-info', async (req, res) => {
    if (!authorized(req, deps.alertSecret()))
      throw new AppError('unauthenticated', 'The OLT info needs the bearer secret');
    res.set('content-type', 'text/plain; version=0.0.4; charset=utf-8');
    res.set('cache-control', 'no-store');
    res.send(oltInfoExposition(await deps.store.oltPlaces()));
  });
  return router;
}

/** PUT /api/outages/{id}/note: the note operation staff keep (outagesNote), validated and audited. */
export function outagesRouter(deps: OutageRouteDeps): Router {
  const router = Router();
  const now = deps.now ?? Date.now;
  router.put('/outages/:id/note', requireCapability('outagesNote'), async (req, res) => {
    const id = String(req.params.id);
    if (!OUTAGE_ID.test(id)) throw new AppError('invalid_input', 'id: not an outage id');
    const note = parseWith(outageNoteEditSchema, req.body);
    const user = currentUser(res);
    const outage = await deps.store.saveNote(id, note, new Date(now()).toISOString());
    if (!outage) throw new AppError('not_found', `No outage ${id}`);
    await deps.audit.write({
      uid: user.uid,
      email: user.email,
      mac: null,
      customerAccountNumber: null,
      operation: 'outageNote',
      parameters: { ...note },
      outcome: 'sent',
      errorCode: null,
      collection: OUTAGES_COLLECTION,
      docId: id,
    });
    res.json(outage);
  });
  return router;
}
