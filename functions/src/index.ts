import { onRequest } from 'firebase-functions/v2/https';
import { logger } from 'firebase-functions';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { Express } from 'express';
import path from 'node:path';
import { REGION } from './config/region';
import { params } from './config/params';
import { pageShellHandler, readShellFiles, type ShellFiles } from './http/page-shell';

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
export { outageNotifications } from './triggers/outage-notify';

initializeApp();

let app: Promise<Express> | undefined;

/** The API's app, loaded and built on the first request (api-app.ts). */
const getApp = () => (app ??= import('./api-app').then(({ buildApp }) => buildApp()));

export const api = onRequest(
  {
    region: REGION,
    invoker: 'public',
    secrets: [params.upstreamApiKey, params.stagingStreamKey, params.outageAlertSecret],
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
  async (req, res) => (await getApp())(req, res),
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
    // The codebase's NODE_OPTIONS (a fixed young generation) needs 512 MiB in every function
    // (docs/operations.md, step 4; deploy:check refuses less).
    memory: '512MiB',
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
