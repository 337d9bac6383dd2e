/**
 * The simulator plays Alertmanager (docs/outages.md, "The simulator"): for the ports of its outage scenarios
 * (`port-feeder`, `olt-card-down`: the whole port; `port-branch-dark`: part of it) and for any port on demand
 * (`POST /_sim/outages`), it posts to Insight the webhook Alertmanager would send for the outage rules of
 * monitoring/rules/outages.yml: the same labels, annotations, fingerprint and start for the same port.
 */
import { createHash } from 'node:crypto';
import { portOutageKind } from '@insight/common/outages';
import {
  webhookOf,
  type AlertmanagerAlert,
  type AlertmanagerWebhook,
  type SimOutageAnswer,
} from '@insight/common/upstream/alertmanager';
import { resolveMac } from '../catalogue/macs';
import type { PonPort, PortFault } from '../catalogue/topology';
import { downSince } from '../history/series';
import type { SimContext } from '../routes/context';
import { portListing } from '../routes/wan';

/** The catalogue's port faults that are outages (`port-feeder`, `olt-card-down`, `port-branch-dark`). */
export const OUTAGE_FAULTS: Readonly<Record<PortFault, boolean>> = {
  feeder: true,
  'card-down': true,
  branch: true,
  'bad-drop': false,
};
const ALERT_NAMES = { 'pon-outage': 'PonPortOutage', 'partial-port': 'PonPortPartialOutage' } as const;
const SEVERITY = { 'pon-outage': 'critical', 'partial-port': 'major' } as const;
/** Alertmanager writes this end time while an alert fires. */
const STILL_FIRING = '0001-01-01T00:00:00Z';

/** Where the webhooks go: Insight's route and its bearer secret. */
export interface OutageWebhook {
  url: string;
  secret: string;
}

export interface DeliveryOptions {
  /** Attempts in all (network errors, 5xx and 429 are tried again). */
  attempts: number;
  /** The first wait between attempts; doubled each time, at most `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
  /**
   * Tries again on any answer but 2xx (while the emulators start, Hosting answers before the functions are
   * loaded); otherwise, as Alertmanager, only on 5xx, 429 and network errors.
   */
  untilAccepted?: boolean;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** Posts one webhook, tried again on a failure that may pass, as Alertmanager does; the last outcome. */
export async function deliver(
  webhook: OutageWebhook,
  body: AlertmanagerWebhook,
  options: DeliveryOptions,
): Promise<{ url: string; status: number | null; error: string | null }> {
  const post = options.fetch ?? fetch;
  const sleep = options.sleep ?? wait;
  let outcome = { url: webhook.url, status: null as number | null, error: null as string | null };
  for (let attempt = 1; attempt <= options.attempts; attempt++) {
    try {
      const res = await post(webhook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${webhook.secret}` },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(5000),
      });
      await res.arrayBuffer();
      outcome = { url: webhook.url, status: res.status, error: null };
      const accepted = res.status >= 200 && res.status < 300;
      if (accepted || (!options.untilAccepted && res.status < 500 && res.status !== 429)) return outcome;
    } catch (error) {
      outcome = { url: webhook.url, status: null, error: (error as Error).message };
    }
    if (attempt < options.attempts)
      await sleep(Math.min(options.maxBackoffMs, options.backoffMs * 2 ** (attempt - 1)));
  }
  return outcome;
}

/** Alertmanager's fingerprint stands for the alert's labels: the same port's alert, the same print. */
function fingerprintOf(labels: Record<string, string>): string {
  const sorted = Object.keys(labels)
    .sort()
    .map((name) => `${name}=${labels[name]}`)
    .join('\u00ff');
  return createHash('sha256').update(sorted).digest('hex').slice(0, 16);
}

/**
 * The firing alert of a port: its counts from the port's listing as the OLT sees it now (the ONUs offline on
 * a loss of signal), its kind from them by the rules' thresholds (a damaged feeder leaves some ONUs lit: part
 * of the port, as the rules would say; below them, still part of it: the scenario is an outage), and its
 * start from the history (the moment the port's ONUs went down: `downSince`). A port without a fault opened
 * on demand is a whole port out from now.
 */
export function firingAlert(
  ctx: SimContext,
  port: PonPort,
  now: number,
  startsNow = false,
): AlertmanagerAlert | null {
  const listing = portListing(ctx, port.olt, port.port);
  if (!listing) return null;
  const lost = listing.onus.filter((onu) => onu.status === 'offline' && onu.lastDownCause === 'los');
  const onusDown = lost.length > 0 ? lost.length : listing.onus.length;
  const kind = portOutageKind(onusDown, listing.onus.length) ?? 'partial-port';
  const first = lost[0] ? resolveMac(lost[0].mac) : null;
  const startsAt =
    !startsNow && port.fault && OUTAGE_FAULTS[port.fault] && first
      ? downSince(ctx.store.get(first), ctx.options.epoch) * 1000
      : Math.floor(now / 1000) * 1000;
  const labels = {
    alertname: ALERT_NAMES[kind],
    kind,
    olt: port.olt,
    port: port.port,
    severity: SEVERITY[kind],
  };
  return {
    status: 'firing',
    labels,
    annotations: {
      summary: `PON port ${port.olt} ${port.port}: ${onusDown} ONUs lost signal`,
      onus_down: String(onusDown),
      onus_total: String(listing.onus.length),
    },
    startsAt: new Date(startsAt).toISOString(),
    endsAt: STILL_FIRING,
    generatorURL: `http://127.0.0.1/graph?g0.expr=ALERTS{alertname="${ALERT_NAMES[kind]}"}`,
    fingerprint: fingerprintOf(labels),
  };
}

/** The resolved form of a firing alert. */
export const resolvedAlert = (alert: AlertmanagerAlert, now: number): AlertmanagerAlert => ({
  ...alert,
  status: 'resolved',
  endsAt: new Date(Math.max(now, Date.parse(alert.startsAt) + 1000)).toISOString(),
});

/** Which outages the simulator holds open, and the webhooks it sends for them. */
export class SimOutages {
  private readonly open = new Map<string, AlertmanagerAlert>();
  /** Ports whose outage was resolved: opened again, it is a new outage (a new start), and no scenario. */
  private readonly resolved = new Set<string>();
  constructor(
    private readonly ctx: SimContext,
    private readonly webhook: OutageWebhook | null,
    private readonly delivery: DeliveryOptions,
    private readonly externalURL: string,
    private readonly now: () => number = Date.now,
  ) {}

  list(): AlertmanagerAlert[] {
    return [...this.open.values()];
  }

  /** The ports of the catalogue's outage scenarios. */
  scenarioPorts(ports: readonly PonPort[]): PonPort[] {
    return ports.filter((port) => port.fault !== null && OUTAGE_FAULTS[port.fault]);
  }

  /** Opens a port's outage (again: the same alert) and posts it. Null for a port without ONUs. */
  async openPort(port: PonPort): Promise<SimOutageAnswer | null> {
    const alert = this.firing(port);
    if (!alert) return null;
    this.open.set(port.key, alert);
    return { alert, delivery: await this.send([alert]) };
  }

  /**
   * Resolves a port's outage and posts it: the open one, or the port's scenario alert (opened at start).
   * Null when the port has no outage to resolve.
   */
  async resolvePort(port: PonPort): Promise<SimOutageAnswer | null> {
    const scenario = port.fault !== null && OUTAGE_FAULTS[port.fault] && !this.resolved.has(port.key);
    const firing = this.open.get(port.key) ?? (scenario ? this.firing(port) : null);
    if (!firing) return null;
    this.open.delete(port.key);
    this.resolved.add(port.key);
    const alert = resolvedAlert(firing, this.now());
    return { alert, delivery: await this.send([alert]) };
  }

  /** Opens every scenario port's outage and posts them together (as one group), as Alertmanager would. */
  async openScenarios(
    ports: readonly PonPort[],
    delivery: DeliveryOptions = this.delivery,
  ): Promise<SimOutageAnswer['delivery']> {
    const alerts: AlertmanagerAlert[] = [];
    for (const port of this.scenarioPorts(ports).filter((each) => !this.resolved.has(each.key))) {
      const alert = this.firing(port);
      if (!alert) continue;
      this.open.set(port.key, alert);
      alerts.push(alert);
    }
    return alerts.length > 0 ? this.send(alerts, delivery) : null;
  }

  /** The port's open alert, or a new one: from the history's start, or from now once resolved before. */
  private firing(port: PonPort): AlertmanagerAlert | null {
    return this.open.get(port.key) ?? firingAlert(this.ctx, port, this.now(), this.resolved.has(port.key));
  }

  private send(alerts: AlertmanagerAlert[], delivery = this.delivery) {
    if (!this.webhook) return Promise.resolve(null);
    return deliver(this.webhook, webhookOf(alerts, this.externalURL), delivery);
  }
}
