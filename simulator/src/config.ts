import { z } from 'zod';
import { hashSeed } from './catalogue/random';

/** The stand-in CRM's secret (SIM_CRM_SECRET), which npm start's seed gives its demo CRM webhook. */
export const DEMO_CRM_SECRET = 'demo-crm-webhook-secret';

/** Global fault switches, settable at start (SIM_* variables) and at run time (PUT /_sim/config). */
export const runtimeConfigSchema = z.object({
  latencyMs: z.number().int().min(0).max(60_000),
  jitterMs: z.number().int().min(0).max(60_000),
  errorRate: z.number().min(0).max(1),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export interface SimulatorOptions {
  seed: string;
  /** Catalogue times are offsets from this instant (default: today 00:00 UTC, so a day's starts agree). */
  epoch: number;
  streamKey: string;
  streamIntervalMs: number;
  /** Managed switches per province on the Plume stream, and how many change each tick. */
  stageSwitches: number;
  stageChanges: number;
  /** How long a "timeout" fault hangs before answering 504, and how slow a "slow section" is. */
  timeoutFaultMs: number;
  slowSectionMs: number;
  config: RuntimeConfig;
  /**
   * Insight's outage webhook (SIM_OUTAGE_WEBHOOK_URL, SIM_OUTAGE_ALERT_SECRET): where the simulator, playing
   * Alertmanager, posts its outages (docs/outages.md); null: none is posted.
   */
  outageWebhook: { url: string; secret: string } | null;
  /** Posts the alerts of the catalogue's outage scenarios at start (SIM_OUTAGE_SCENARIOS=1: npm start). */
  outageScenarios: boolean;
  /** Then again at this interval while they fire, as Alertmanager repeats them (SIM_OUTAGE_REPEAT_MS). */
  outageRepeatMs: number;
  /** The secret the stand-in CRM checks the outage notifications' signatures with (SIM_CRM_SECRET). */
  crmSecret: string;
  /**
   * Multiplies every ACS diagnostic's duration (SIM_ACS_TIME_SCALE, default 1: a speed test takes 10–20 s;
   * tests run at 0.01).
   */
  acsTimeScale: number;
  /** The ACS's clock (epoch ms): when a diagnostic started and whether it is done. Tests inject their own. */
  now?: () => number;
}

const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && process.env[name] !== undefined && process.env[name] !== ''
    ? value
    : fallback;
};

export function optionsFromEnv(): SimulatorOptions {
  const today = new Date();
  const epoch = process.env.SIM_EPOCH
    ? Date.parse(process.env.SIM_EPOCH)
    : Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return {
    seed: process.env.SIM_SEED ?? 'insight',
    epoch: Number.isNaN(epoch) ? Date.UTC(2026, 0, 1) : epoch,
    streamKey: process.env.SIM_STREAM_KEY ?? 'demo-stream-key',
    streamIntervalMs: envNumber('SIM_STREAM_INTERVAL_MS', 1000),
    stageSwitches: envNumber('SIM_STAGE_SWITCHES', 6),
    stageChanges: envNumber('SIM_STAGE_CHANGES', 1),
    timeoutFaultMs: envNumber('SIM_TIMEOUT_FAULT_MS', 30_000),
    slowSectionMs: envNumber('SIM_SLOW_SECTION_MS', 3000),
    outageWebhook: process.env.SIM_OUTAGE_WEBHOOK_URL
      ? {
          url: process.env.SIM_OUTAGE_WEBHOOK_URL,
          secret: process.env.SIM_OUTAGE_ALERT_SECRET ?? 'demo-outage-alert-secret',
        }
      : null,
    outageScenarios: process.env.SIM_OUTAGE_SCENARIOS === '1',
    outageRepeatMs: envNumber('SIM_OUTAGE_REPEAT_MS', 5 * 60_000),
    crmSecret: process.env.SIM_CRM_SECRET ?? DEMO_CRM_SECRET,
    acsTimeScale: Math.max(0, envNumber('SIM_ACS_TIME_SCALE', 1)),
    config: runtimeConfigSchema.parse({
      latencyMs: envNumber('SIM_LATENCY_MS', 0),
      jitterMs: envNumber('SIM_JITTER_MS', 0),
      errorRate: envNumber('SIM_ERROR_RATE', 0),
    }),
  };
}

export const seedNumber = (seed: string) => hashSeed(seed);
