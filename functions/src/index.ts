import { onRequest } from 'firebase-functions/v2/https';
import { projectID } from 'firebase-functions/params';
import { logger } from 'firebase-functions';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import type { Express } from 'express';
import { firestoreAuditSink } from './adapters/firestore/firestore-audit-sink';
import { firestoreAdminStore } from './adapters/firestore/firestore-admin-store';
import { firestoreChangeMarks } from './adapters/firestore/firestore-change-marks';
import { firestoreSmsLimits } from './adapters/firestore/firestore-sms-limits';
import { firestoreThresholdLoader } from './adapters/firestore/firestore-thresholds';
import { firestoreLookStore } from './adapters/firestore/firestore-looks';
import { firestorePlaybookLoader } from './adapters/firestore/firestore-playbook';
import { cachedPlaybook } from './domain/diagnosis/playbook-source';
import { firebaseUserDirectory } from './adapters/identity/firebase-user-directory';
import { stagingUpstream } from './adapters/upstream/staging-stream';
import { httpTransport, type ServiceConfig } from './adapters/upstream/transport';
import { StagingHub } from './domain/staging/stream-hub';
import { createApp } from './app';
import { cachedThresholds } from './domain/grading/threshold-source';
import { cachedChangeMarks } from './domain/cache/change-marks';
import { cachedCurrentRoles } from './domain/users/current-roles';
import { parseExternalLinks } from './config/external-links';
import { listOf, params } from './config/params';
import { REGION } from './config/region';
import { CALL_CACHE, CHANGE_MARKS_MAX_AGE_MS, PLAYBOOK_CACHE, THRESHOLD_CACHE } from './config/cache-ages';
import { onShutdown } from './lib/shutdown';
import { pageShellHandler, readShellFiles, type ShellFiles } from './http/page-shell';
import path from 'node:path';

export {
  cmtsHeadEndWrites,
  cmtsMarketingAreaWrites,
  cmtsSourceWrites,
  stagingDeviceWrites,
  stagingHostWrites,
  stagingRackWrites,
  thresholdDefinitionWrites,
  thresholdRuleWrites,
  thresholdVariantWrites,
} from './triggers/admin-lists';

initializeApp();

let app: Express | undefined;

/** Built on the first request: param values are only readable at run time. */
function getApp(): Express {
  if (app) return app;
  const hub = new StagingHub({
    open: stagingUpstream({
      plumeUrl: params.stagingPlumeUrl.value(),
      onuUrl: params.stagingOnuUrl.value(),
      key: () => params.stagingStreamKey.value(),
    }),
    logger,
  });
  // Told to stop: the upstream streams close and the open staging answers end (lib/shutdown.ts).
  onShutdown(() => hub.close());
  const transport = httpTransport({ apiKey: params.upstreamApiKey.value() || undefined });
  const timeoutMs = params.upstreamTimeoutMs.value();
  const service = (baseUrl: string): ServiceConfig => ({ baseUrl, timeoutMs, transport });
  const directory = firebaseUserDirectory(
    () => getAuth(),
    () => getFirestore(),
  );
  app = createApp({
    version: process.env.INSIGHT_VERSION ?? '0.0.0',
    projectId: projectID.value() || undefined,
    logger,
    // Writes also check that the session was not revoked (a call to Firebase Auth); reads do not.
    verifyToken: (token, checkRevoked) => getAuth().verifyIdToken(token, checkRevoked),
    createSessionCookie: (idToken, expiresIn) => getAuth().createSessionCookie(idToken, { expiresIn }),
    upstream: {
      customer: service(params.customerApiUrl.value()),
      wan: service(params.wanApiUrl.value()),
      pon: service(params.ponApiUrl.value()),
      lan: service(params.lanApiUrl.value()),
      telephony: service(params.telephonyApiUrl.value()),
      birthCertificates: service(params.bcApiUrl.value()),
      sms: service(params.smsApiUrl.value()),
      search: service(params.searchApiUrl.value()),
    },
    audit: firestoreAuditSink(() => getFirestore()),
    directory,
    currentRoles: cachedCurrentRoles(directory),
    admin: firestoreAdminStore(() => getFirestore()),
    thresholds: cachedThresholds(
      firestoreThresholdLoader(() => getFirestore(), logger),
      {
        ...THRESHOLD_CACHE,
        onError: (error) => logger.error('threshold rules unreadable', { error: String(error) }),
      },
    ),
    playbook: cachedPlaybook(
      firestorePlaybookLoader(() => getFirestore(), logger),
      {
        ...PLAYBOOK_CACHE,
        onError: (error) => logger.error('diagnosis playbook unreadable', { error: String(error) }),
      },
    ),
    looks: firestoreLookStore(() => getFirestore()),
    links: parseExternalLinks({
      TOOL_COMPASS_URL: params.toolCompassUrl.value(),
      TOOL_DIAGNOSTIC_PORTAL_URL: params.toolDiagnosticPortalUrl.value(),
      TOOL_EPON_URL: params.toolEponUrl.value(),
      TOOL_NETWORK_CONSOLE_URL: params.toolNetworkConsoleUrl.value(),
      TOOL_THOR_LOCATION_URL: params.toolThorLocationUrl.value(),
      CRM_OBJECT_URL: params.crmObjectUrl.value(),
      VOIP_TEMPLATE_URL: params.voipTemplateUrl.value(),
    }),
    policy: {
      adminEmails: listOf(params.adminEmails.value()),
      allowedEmailDomains: listOf(params.allowedEmailDomains.value()),
    },
    cache: { ttlMs: params.cacheTtlSeconds.value() * 1000, ...CALL_CACHE },
    // Shared by every instance (Firestore): an operation on one instance is seen by the reads of all
    // within 1 s, and the SMS limits hold for the service, not per instance (docs/architecture.md, "Per instance of the `api` function").
    changeMarks: cachedChangeMarks(
      firestoreChangeMarks(() => getFirestore()),
      { maxAgeMs: CHANGE_MARKS_MAX_AGE_MS },
    ),
    smsLimits: firestoreSmsLimits(() => getFirestore()),
    // One upstream connection per staging stream on this instance, shared by its viewers.
    staging: { hub },
  });
  return app;
}

export const api = onRequest(
  {
    region: REGION,
    invoker: 'public',
    secrets: [params.upstreamApiKey, params.stagingStreamKey],
    // A staging stream's response lasts up to 45 s (Hosting cuts rewritten requests at 60 s).
    timeoutSeconds: 120,
    memory: '512MiB',
    cpu: 1,
    // Bounds (docs/architecture.md, "Per instance of the `api` function"): at most 10 × 4 staging upstream connections and 10 × 80 requests
    // in flight to the upstream services; 80 per instance because most of them wait (on the upstreams, or
    // a staging stream's open answer), not compute (about 3 ms of CPU per 360 view).
    concurrency: 80,
    maxInstances: 10,
  },
  (req, res) => getApp()(req, res),
);

let shellFiles: ShellFiles | undefined;
const shellHandler = pageShellHandler({
  // Read once per instance, on the first request; the build copies them beside the bundle (build.mjs).
  files: () => (shellFiles ??= readShellFiles(path.join(__dirname, 'shell'))),
  verifySessionCookie: (cookie) => getAuth().verifySessionCookie(cookie, true),
  logger,
});

/**
 * The protected pages (Hosting's rewrite, derived from the page registry: docs/features.md, "Security"):
 * the prerendered shell for a valid `__session` cookie, else 302 to the login page. Small and quick: one
 * call to Firebase Auth (the revocation check) and a file kept in memory.
 */
export const shell = onRequest(
  {
    region: REGION,
    invoker: 'public',
    memory: '256MiB',
    cpu: 1,
    timeoutSeconds: 10,
    // One instance answers many page loads at once: each waits on Firebase Auth, not on the CPU.
    concurrency: 80,
    maxInstances: 10,
    // minInstances: 1 would keep one instance warm (no cold start on the first deep link after a quiet
    // spell, README "Deploy"), billed all day; left at 0.
  },
  (req, res) => shellHandler(req, res),
);
