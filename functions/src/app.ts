import express, { type Express } from 'express';
import type { ExternalLinks } from '@insight/common/external-links';
import { createBirthCertificateClient, createSmsClient } from './adapters/upstream/birth-certificate-client';
import { createCustomerClient } from './adapters/upstream/customer-client';
import { createLanClient } from './adapters/upstream/lan-client';
import { createSearchClient } from './adapters/upstream/search-client';
import { createTelephonyClient } from './adapters/upstream/telephony-client';
import type { ServiceConfig } from './adapters/upstream/transport';
import { createPonPortClient, createWanClient } from './adapters/upstream/wan-client';
import { createPrometheusHistory } from './adapters/history/prometheus-history';
import { ACS_PROGRESS_CACHE, HISTORY_CACHE } from './config/cache-ages';
import { historyRouter } from './http/routes/history';
import { deviceAssessment } from './domain/history/assessment';
import { deviceBands } from './domain/history/bands';
import type { AuditSink } from './domain/audit/audit-sink';
import type { AdminStore } from './domain/admin/admin-store';
import { staticThresholds, type ThresholdSource } from './domain/grading/threshold-source';
import { lookRecorder, type LookStore } from './domain/diagnosis/look-store';
import { staticPlaybook, type PlaybookSource } from './domain/diagnosis/playbook-source';
import { recordCompletedView } from './domain/diagnosis/record-view';
import { diagnosisRouter } from './http/routes/diagnosis';
import type { ChangeMarks } from './domain/cache/change-marks';
import type { SmsLimits } from './domain/operations/sms-limits';
import { createUpstreamCalls, type Clients } from './domain/upstream-calls';
import { authenticate, type CurrentRoles, type VerifyToken } from './http/middleware/authenticate';
import { errorHandler, notFoundHandler } from './http/middleware/error-handler';
import { compressAnswers } from './http/middleware/compress';
import { BODY_LIMIT_BYTES, guardRequestBody, requireObjectBody } from './http/middleware/request-body';
import { requestLog } from './http/middleware/request-log';
import { customer360Router } from './http/routes/customer360';
import { adminRouter } from './http/routes/admin';
import { portsRouter } from './http/routes/ports';
import { searchRouter } from './http/routes/search';
import { stagingRouter, type StagingRouteOptions } from './http/routes/staging';
import { usersRouter } from './http/routes/users';
import { emailAllowed, type AccessPolicy } from './domain/users/user-admin';
import type { UserDirectory } from './domain/users/user-directory';
import { healthRouter } from './http/routes/health';
import { sessionCookieRouter, type CreateSessionCookie } from './http/routes/session-cookie';
import { linksRouter } from './http/routes/links';
import { outageAlertsRouter, outagesRouter } from './http/routes/outages';
import type { OutageStore } from './domain/outages/outage-store';
import type { TestTarget } from '@insight/common/device-tests';
import { createAcsDeviceTests } from './adapters/upstream/acs-device-tests';
import { memoryTestStore, type DeviceTestStore } from './domain/device-tests/test-store';
import { deviceTestsRouter } from './http/routes/device-tests';
import { CallCache } from './lib/call-cache';
import { silentLogger, type Logger } from './lib/logger';

export interface UpstreamConfig {
  customer: ServiceConfig;
  wan: ServiceConfig;
  /** The WAN service's PON port listing, on a base URL of its own (a deployment may serve it from the OLT management system). */
  pon: ServiceConfig;
  lan: ServiceConfig;
  telephony: ServiceConfig;
  birthCertificates: ServiceConfig;
  sms: ServiceConfig;
  /** The customer search service (GET /api/search). */
  search: ServiceConfig;
  /** The device history's Prometheus-compatible store (GET /api/360/{mac}/history; docs/history.md). */
  history: ServiceConfig;
  /** The ACS's northbound API: the tests run from the device (docs/device-tests.md). */
  acs: ServiceConfig;
}

export interface AppDeps {
  version: string;
  logger?: Logger;
  verifyToken: VerifyToken;
  upstream: UpstreamConfig;
  audit: AuditSink;
  directory: UserDirectory;
  /** The roles checked on every call; without it (tests), the token's roles claim. */
  currentRoles?: CurrentRoles;
  /** The admin lists' writes (/api/admin/…); without it the routes are absent. */
  admin?: AdminStore;
  policy?: AccessPolicy;
  /** The staging event streams (GET /api/staging/…); without it the routes are absent. */
  staging?: StagingRouteOptions;
  /** The 360 view's links to the other tools (GET /api/links); without it the route is absent. */
  links?: ExternalLinks;
  /** The threshold rules the 360 sections are graded by; without it, the seeded defaults. */
  thresholds?: ThresholdSource;
  /** The diagnosis playbook (causes and next steps); without it, the seeded defaults. */
  playbook?: PlaybookSource;
  /** Where each device's looks are kept (what changed, the trend, the last score); without it, none. */
  looks?: LookStore;
  /** The upstream calls' cache (`now`: its clock, for tests that move it with the change marks'). */
  cache?: { ttlMs: number; freshWindowMs: number; maxEntries: number; now?: () => number };
  /** When operations last changed each device, shared by every instance; without it, this instance only. */
  changeMarks?: ChangeMarks;
  /** The SMS allowances per user and per device; without it, this instance's own counters. */
  smsLimits?: SmsLimits;
  now?: () => number;
  /** Mints the `__session` cookie (POST/DELETE /api/session-cookie); without it the routes are absent. */
  createSessionCookie?: CreateSessionCookie;
  /**
   * Known outages (docs/outages.md): where they are kept, and the secret Alertmanager's webhook carries;
   * without it the routes are absent.
   */
  outages?: { store: OutageStore; alertSecret: () => string };
  /**
   * The tests run from the device (docs/device-tests.md): where they are kept (without it, this instance's
   * map), the targets engineering keeps and the speed test's server; without it the routes are absent.
   */
  deviceTests?: { store?: DeviceTestStore; targets: readonly TestTarget[]; speedTestUrl: string };
  /** The Google Cloud project, for the request logs' trace field; without it, no trace field. */
  projectId?: string;
  /** How long the streamed 360 view's head waits for its first line; without it, HEAD_ALONE_MS (1 s). */
  streamHeadAloneMs?: number;
}

/**
 * The port listings, per port for every viewer: one upstream call per port and minute, whatever the
 * number of agents looking, and a refresh of the view reuses it (docs/diagnosis.md, "Neighbourhood").
 */
export const PORT_CACHE = { ttlMs: 60_000, freshWindowMs: 60_000, maxEntries: 2_000 } as const;

export function createClients(upstream: UpstreamConfig): Clients {
  return {
    customer: createCustomerClient(upstream.customer),
    wan: createWanClient(upstream.wan),
    ponPorts: createPonPortClient(upstream.pon),
    lan: createLanClient(upstream.lan),
    telephony: createTelephonyClient(upstream.telephony),
    birthCertificates: createBirthCertificateClient(upstream.birthCertificates),
    sms: createSmsClient(upstream.sms),
    search: createSearchClient(upstream.search),
  };
}

/** Builds the Express app; index.ts exports it once as the `api` function, tests run it in-process. */
export function createApp(deps: AppDeps): Express {
  const logger = deps.logger ?? silentLogger;
  const clients = createClients(deps.upstream);
  const calls = createUpstreamCalls(
    clients,
    new CallCache(deps.cache ?? { ttlMs: 30_000, freshWindowMs: 2_000, maxEntries: 5_000 }),
    deps.changeMarks,
    new CallCache(PORT_CACHE),
  );
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', true);
  // First: one structured line per request, with its upstream calls (http/middleware/request-log.ts).
  app.use(requestLog(logger, { projectId: deps.projectId }));
  app.use(compressAnswers());
  app.use(guardRequestBody, express.json({ limit: BODY_LIMIT_BYTES, strict: true }), requireObjectBody);

  const api = express.Router();
  api.use(healthRouter(deps.version));
  // Before the bearer token's check: the ID token is the body, and a sign-out may come with an expired one.
  if (deps.createSessionCookie)
    api.use(
      sessionCookieRouter({ verifyToken: deps.verifyToken, createSessionCookie: deps.createSessionCookie }),
    );
  const outageRoutes = deps.outages && {
    ...deps.outages,
    calls,
    audit: deps.audit,
    logger,
    ...(deps.now ? { now: deps.now } : {}),
  };
  // Before the users' authentication: Alertmanager authenticates with the shared secret, not a user token.
  if (outageRoutes) api.use(outageAlertsRouter(outageRoutes));
  const policy = deps.policy ?? { adminEmails: [], allowedEmailDomains: [] };
  api.use(
    authenticate(
      deps.verifyToken,
      (email, verified) => emailAllowed(email, verified, policy),
      deps.currentRoles,
    ),
  );
  api.use(usersRouter({ directory: deps.directory, audit: deps.audit, policy }));
  if (deps.admin) api.use(adminRouter({ store: deps.admin, audit: deps.audit }));
  if (deps.staging) api.use(stagingRouter(deps.staging));
  api.use(searchRouter(clients.search));
  api.use(diagnosisRouter({ playbook: deps.playbook ?? staticPlaybook(), looks: deps.looks }));
  const recordLook = deps.looks
    ? lookRecorder(deps.looks, {
        now: deps.now,
        onError: (error) => logger.error('look not stored', { error: String(error) }),
      })
    : null;
  if (deps.links) api.use(linksRouter(deps.links));
  if (outageRoutes) api.use(outagesRouter(outageRoutes));
  api.use(portsRouter(calls, deps.thresholds ?? staticThresholds()));
  // Before the sections' routes, as the history's: /360/{mac}/tests is not one of the view's sections.
  if (deps.deviceTests)
    api.use(
      deviceTestsRouter({
        tests: createAcsDeviceTests(deps.upstream.acs),
        progressCache: new CallCache({ ...ACS_PROGRESS_CACHE, ...(deps.now ? { now: deps.now } : {}) }),
        store: deps.deviceTests.store ?? memoryTestStore(),
        targets: deps.deviceTests.targets,
        speedTestUrl: deps.deviceTests.speedTestUrl,
        calls,
        audit: deps.audit,
        logger,
        ...(deps.now ? { now: deps.now } : {}),
      }),
    );
  // Before the sections' routes: /360/{mac}/history is not one of the whole view's sections.
  api.use(
    historyRouter(
      createPrometheusHistory(deps.upstream.history),
      new CallCache({ ...HISTORY_CACHE, ...(deps.now ? { now: deps.now } : {}) }),
      deps.now,
      (mac) => deviceBands(calls, deps.thresholds ?? staticThresholds(), mac),
      (mac, history) => deviceAssessment(calls, deps.thresholds ?? staticThresholds(), mac, history),
    ),
  );
  api.use(
    customer360Router(
      calls,
      deps.thresholds ?? staticThresholds(),
      {
        clients,
        calls,
        audit: deps.audit,
        logger,
        now: deps.now,
        ...(deps.smsLimits ? { smsLimits: deps.smsLimits } : {}),
      },
      recordLook ? (view) => void recordCompletedView(recordLook, view) : undefined,
      deps.streamHeadAloneMs,
    ),
  );
  app.use('/api', api);

  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return app;
}
