/**
 * The diagnosis of simulator devices as the API makes it, in one process and without sockets: the
 * simulator answers through Fastify's inject, the functions' own clients, section loaders and diagnosis do
 * the rest. The calibration (scripts/diagnosis-calibrate.ts) and the catalogue-wide tests walk thousands
 * of devices with it in seconds.
 */
// The simulator workspace (see testing/simulator.ts for why it is not a dependency of functions/).
import { createSimulator } from '@insight/simulator/server';
import type { SimulatorOptions } from '@insight/simulator/config';
import { diagnose, type Diagnosis } from '@insight/common/diagnosis';
import { SECTIONS } from '@insight/common/customer360';
import { historyMacLabel, historyRange } from '@insight/common/history';
import { createPrometheusHistory } from '../adapters/history/prometheus-history';
import { buildUrl, type Transport } from '../adapters/upstream/transport';
import { createClients, type UpstreamConfig } from '../app';
import { staticThresholds } from '../domain/grading/threshold-source';
import { deviceAssessment } from '../domain/history/assessment';
import { diagnosisInput, type SectionOutcome } from '../domain/diagnosis/view-input';
import { createUpstreamCalls } from '../domain/upstream-calls';
import { sectionLoaders } from '../domain/view-sections';
import { AppError } from '../lib/app-error';
import { CallCache } from '../lib/call-cache';
import { errorResponse } from '../lib/error-response';

const HOST = 'http://simulator.invalid';

export interface CatalogueDevice {
  mac: string;
  kinds: string[];
  olt: string;
  port: string;
}

export async function catalogueViews(options: Partial<SimulatorOptions> = {}) {
  const sim = await createSimulator({
    config: { latencyMs: 0, jitterMs: 0, errorRate: 0 },
    timeoutFaultMs: 20,
    slowSectionMs: 5,
    ...options,
  });
  const transport: Transport = async (baseUrl, request) => {
    const res = await sim.inject({
      method: request.method ?? 'GET',
      url: buildUrl(baseUrl, request).slice(HOST.length),
      ...(request.body !== undefined ? { payload: request.body as object } : {}),
      headers: { accept: 'application/json', ...request.headers },
    });
    let body: unknown = null;
    if (res.body) {
      try {
        body = JSON.parse(res.body);
      } catch (error) {
        if (res.statusCode < 300)
          throw new AppError('upstream_error', 'Malformed answer (not JSON)', {
            path: request.path,
            cause: error,
          });
      }
    }
    return { status: res.statusCode, body };
  };
  const service = (path = '') => ({ baseUrl: `${HOST}${path}`, timeoutMs: 5_000, transport });
  const upstream: UpstreamConfig = {
    customer: service(),
    wan: service(),
    pon: service(),
    lan: service(),
    telephony: service(),
    birthCertificates: service('/bc'),
    sms: service('/sms'),
    search: service(),
    history: service(),
    acs: service('/acs'),
  };
  const calls = createUpstreamCalls(
    createClients(upstream),
    new CallCache({ ttlMs: 60_000, freshWindowMs: 0, maxEntries: 2_000 }),
  );
  const loaders = sectionLoaders(calls, staticThresholds());
  const history = createPrometheusHistory(upstream.history);

  return {
    /** Every device of a catalogue kind (all of them without one). */
    async devices(kind?: string): Promise<CatalogueDevice[]> {
      const devices: CatalogueDevice[] = [];
      for (let offset = 0; ; offset += 1000) {
        const res = await sim.inject(
          `/_sim/catalogue?limit=1000&offset=${offset}${kind ? `&kind=${kind}` : ''}`,
        );
        const page = res.json<{ total: number; items: CatalogueDevice[] }>();
        devices.push(...page.items);
        if (devices.length >= page.total || page.items.length === 0) return devices;
      }
    },
    /**
     * The diagnosis of a device's complete view, as the API stores it with its look; with `withHistory`, as
     * the page shows it once the week's history is in too (its graded measures, as the history route adds).
     */
    async diagnose(mac: string, language: 'en' | 'fr' = 'en', withHistory = false): Promise<Diagnosis> {
      const outcomes: Partial<Record<(typeof SECTIONS)[number], SectionOutcome>> = {};
      await Promise.all(
        SECTIONS.map(async (section) => {
          try {
            outcomes[section] = { ok: true, body: await loaders[section](mac, language, false) };
          } catch (error) {
            outcomes[section] = { ok: false, code: errorResponse(error).body.error.code };
          }
        }),
      );
      const input = diagnosisInput(outcomes);
      if (!withHistory) return diagnose(input);
      try {
        const week = await history.read(historyMacLabel(mac), historyRange(Date.now()));
        const assessment = await deviceAssessment(calls, staticThresholds(), mac, week);
        return diagnose({ ...input, history: { status: 'ok', data: { ...week, assessment } } });
      } catch (error) {
        return diagnose({
          ...input,
          history: { status: 'error', code: errorResponse(error).body.error.code },
        });
      }
    },
    close: () => sim.close(),
  };
}
