/**
 * The `api` function's Express app wired to its adapters (Firestore, Firebase Auth, the upstream
 * services). Loaded by index.ts on the first API request, so that the other functions of the codebase
 * (the page shell, the triggers) do not load its code and its libraries when they start.
 */
import { projectID } from 'firebase-functions/params';
import { logger } from 'firebase-functions';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import type { Express } from 'express';
import type { Transport } from './adapters/upstream/transport';
import { firestoreAuditSink } from './adapters/firestore/firestore-audit-sink';
import { firestoreAdminStore } from './adapters/firestore/firestore-admin-store';
import { firestoreChangeMarks } from './adapters/firestore/firestore-change-marks';
import { firestoreSmsLimits } from './adapters/firestore/firestore-sms-limits';
import { firestoreDeviceTests } from './adapters/firestore/firestore-device-tests';
import { parseTestTargets, speedTestUrlSchema } from '@insight/common/device-tests';
import { firestoreThresholdLoader } from './adapters/firestore/firestore-thresholds';
import { firestoreLookStore } from './adapters/firestore/firestore-looks';
import { firestoreOutages } from './adapters/firestore/firestore-outages';
import { firestorePlaybookLoader } from './adapters/firestore/firestore-playbook';
import { cachedPlaybook } from './domain/diagnosis/playbook-source';
import { firebaseUserDirectory } from './adapters/identity/firebase-user-directory';
import { stagingUpstream } from './adapters/upstream/staging-stream';
import { httpTransport } from './adapters/upstream/transport';
import { StagingHub } from './domain/staging/stream-hub';
import { createApp, type AppDeps } from './app';
import { cachedThresholds } from './domain/grading/threshold-source';
import { cachedChangeMarks } from './domain/cache/change-marks';
import { cachedCurrentRoles } from './domain/users/current-roles';
import { parseExternalLinks } from './config/external-links';
import { listOf, params } from './config/params';
import { upstreamConfig } from './config/upstream';
import { CALL_CACHE, CHANGE_MARKS_MAX_AGE_MS, PLAYBOOK_CACHE, THRESHOLD_CACHE } from './config/cache-ages';
import { onShutdown } from './lib/shutdown';

/**
 * What a measurement changes of the deployed wiring (scripts/cost-view.ts): a wrapper around the upstream
 * transport (to count the calls) and dependencies to replace (the identity checks, without Firebase Auth).
 */
export interface BuildOptions {
  transport?: (transport: Transport) => Transport;
  deps?: Partial<AppDeps>;
}

/** Built on the first request: param values are only readable at run time. */
export function buildApp(options: BuildOptions = {}): Express {
  const transport = httpTransport({ apiKey: params.upstreamApiKey.value() || undefined });
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
  const directory = firebaseUserDirectory(
    () => getAuth(),
    () => getFirestore(),
  );
  return createApp({
    version: process.env.INSIGHT_VERSION ?? '0.0.0',
    projectId: projectID.value() || undefined,
    logger,
    // Writes also check that the session was not revoked (a call to Firebase Auth); reads do not.
    verifyToken: (token, checkRevoked) => getAuth().verifyIdToken(token, checkRevoked),
    createSessionCookie: (idToken, expiresIn) => getAuth().createSessionCookie(idToken, { expiresIn }),
    upstream: upstreamConfig(
      {
        customer: params.customerApiUrl.value(),
        wan: params.wanApiUrl.value(),
        pon: params.ponApiUrl.value(),
        lan: params.lanApiUrl.value(),
        telephony: params.telephonyApiUrl.value(),
        birthCertificates: params.bcApiUrl.value(),
        sms: params.smsApiUrl.value(),
        search: params.searchApiUrl.value(),
        history: params.historyApiUrl.value(),
        acs: params.acsApiUrl.value(),
      },
      {
        timeoutMs: params.upstreamTimeoutMs.value(),
        transport: options.transport ? options.transport(transport) : transport,
      },
    ),
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
    outages: {
      store: firestoreOutages(() => getFirestore()),
      alertSecret: () => params.outageAlertSecret.value(),
    },
    deviceTests: {
      store: firestoreDeviceTests(() => getFirestore()),
      targets: parseTestTargets(params.deviceTestTargets.value()),
      speedTestUrl: speedTestUrlSchema.parse(params.speedTestUrl.value()),
    },
    // One upstream connection per staging stream on this instance, shared by its viewers.
    staging: { hub },
    ...options.deps,
  });
}
