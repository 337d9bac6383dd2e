/**
 * `npm run deploy:check [-- --no-build]`: what `firebase deploy` would do, checked without credentials.
 *  1. builds the web app and the functions (which copy its shell) unless --no-build;
 *  2. validates firebase.json with firebase-tools' own schema validator (as `firebase deploy` does);
 *  3. loads the built functions (functions/lib) and lists their endpoints: every Hosting rewrite names
 *     an HTTPS function that exists, in the rewrite's region; every function runs in REGION
 *     (functions/src/config/region.ts), beside the Firestore location; the `shell` function's copy of
 *     the prerendered shell (functions/lib/shell) is the web app's build (hosting/dist), byte for byte;
 *  4. checks the deploy settings: runtime = the functions' engines, predeploy builds, ignored local
 *     secrets, the environment firebase-tools deploys for the project (`--project <id>`, else the
 *     predeploy's GCLOUD_PROJECT, else .firebaserc's default: functions/.env.<project> with NODE_OPTIONS,
 *     scripts/lib/deploy-env.ts), and writes functions/package-lock.json from the workspace's lockfile;
 *  5. compiles firestore.rules in the Firestore emulator (a private port);
 *  6. prints the plan. Exits non-zero on any problem.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { FIRESTORE_LOCATION, REGION } from '../functions/src/config/region';
import { emulatorEnv, ROOT } from './lib/emulator-env';
import { freePort } from '../functions/src/testing/free-port';
import { deployEnv, deployProject } from './lib/deploy-env';
import { functionsLockfile, readRootLock } from './lib/functions-lock';

const problems: string[] = [];
const plan: string[] = [];
const problem = (text: string) => problems.push(text);
const step = (text: string) => console.log(`[deploy:check] ${text}`);

interface FirebaseJson {
  hosting: {
    public: string;
    predeploy?: string[];
    rewrites: Array<{
      source?: string;
      regex?: string;
      destination?: string;
      function?: { functionId: string; region?: string };
    }>;
  };
  functions: Array<{
    source: string;
    codebase?: string;
    runtime: string;
    ignore: string[];
    predeploy?: string[];
  }>;
  firestore: { location?: string; database?: string; rules: string; indexes: string };
}
const configText = readFileSync(path.join(ROOT, 'firebase.json'), 'utf8');
const config = JSON.parse(configText) as FirebaseJson;

// 1. Build.
if (!process.argv.includes('--no-build')) {
  step('building the web app and the functions');
  for (const args of [
    ['run', 'build', '-w', 'hosting', '--silent'],
    ['run', 'build', '-w', 'functions', '--silent'],
  ]) {
    const built = spawnSync('npm', args, { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) problem(`npm ${args.join(' ')} failed`);
  }
}

// 2. firebase.json against firebase-tools' schema (lib/firebaseConfigValidate.js, what deploy runs).
const require = createRequire(import.meta.url);
const { getValidator, getErrorMessage } = require('firebase-tools/lib/firebaseConfigValidate.js') as {
  getValidator: () => ((data: unknown) => boolean) & { errors?: unknown[] | null };
  getErrorMessage: (error: unknown) => string;
};
const validate = getValidator();
if (!validate(config))
  for (const error of validate.errors ?? []) problem(`firebase.json: ${getErrorMessage(error)}`);
else step("firebase.json: valid by firebase-tools' schema");

// 3. The built functions' endpoints (read in a child process: loading them initializes firebase-admin).
interface Endpoint {
  name: string;
  region?: string[];
  platform?: string;
  trigger: string;
  memory?: unknown;
  timeout?: unknown;
  maxInstances?: unknown;
  minInstances?: unknown;
  concurrency?: unknown;
}
const functionsDir = path.join(ROOT, config.functions[0]!.source);
const main = path.join(
  functionsDir,
  (JSON.parse(readFileSync(path.join(functionsDir, 'package.json'), 'utf8')) as { main: string }).main,
);
let endpoints: Endpoint[] = [];
if (!existsSync(main)) problem(`${path.relative(ROOT, main)} is missing: build the functions first`);
else {
  const listed = spawnSync(
    process.execPath,
    [
      '-e',
      `const m = require(${JSON.stringify(main)});
       const out = Object.entries(m).filter(([, f]) => f && f.__endpoint).map(([name, f]) => {
         const e = f.__endpoint;
         return { name, region: e.region, platform: e.platform, memory: e.availableMemoryMb, timeout: e.timeoutSeconds,
           maxInstances: e.maxInstances, minInstances: e.minInstances, concurrency: e.concurrency,
           trigger: e.httpsTrigger ? 'https' : e.eventTrigger ? e.eventTrigger.eventType + ' ' + JSON.stringify(e.eventTrigger.eventFilterPathPatterns || {}) : 'other' };
       });
       process.stdout.write(JSON.stringify(out));`,
    ],
    {
      cwd: functionsDir,
      encoding: 'utf8',
      env: { ...process.env, GCLOUD_PROJECT: 'demo-deploy-check', FUNCTIONS_CONTROL_API: 'true' },
    },
  );
  if (listed.status !== 0) problem(`loading ${path.relative(ROOT, main)} failed:\n${listed.stderr}`);
  else endpoints = JSON.parse(listed.stdout) as Endpoint[];
}
for (const endpoint of endpoints)
  if (JSON.stringify(endpoint.region) !== JSON.stringify([REGION]))
    problem(`function ${endpoint.name} runs in ${String(endpoint.region)}, not ${REGION}`);
/** A rewrite's pattern, for the messages and the plan. */
const patternOf = (rewrite: { source?: string; regex?: string }) =>
  rewrite.source ?? `regex ${rewrite.regex}`;
for (const rewrite of config.hosting.rewrites.filter((r) => r.function)) {
  const { functionId, region } = rewrite.function!;
  const source = patternOf(rewrite);
  const target = endpoints.find((endpoint) => endpoint.name === functionId);
  if (!target) problem(`rewrite ${source} names function ${functionId}, which the build does not export`);
  else if (target.trigger !== 'https') problem(`rewrite ${source}: ${functionId} is not an HTTPS function`);
  else if (!region || !target.region?.includes(region))
    problem(
      `rewrite ${source}: region ${region ?? '(none: us-central1)'} but ${functionId} runs in ${String(target.region)}`,
    );
}
// The shell the `shell` function serves is the one Hosting serves (functions/build.mjs copies it): another
// build's shell would name hashed scripts that the deployed site does not have.
const webDist = path.join(ROOT, config.hosting.public);
for (const file of ['index.html', 'index-fr.html']) {
  const served = path.join(webDist, file);
  const copy = path.join(functionsDir, 'lib/shell', file);
  if (!existsSync(served)) problem(`${path.relative(ROOT, served)} is missing: build the web app first`);
  else if (!existsSync(copy))
    problem(`${path.relative(ROOT, copy)} is missing: build the functions after the web app`);
  else if (!readFileSync(served).equals(readFileSync(copy)))
    problem(
      `${path.relative(ROOT, copy)} differs from ${path.relative(ROOT, served)}: build the functions after the web app`,
    );
}
if (!existsSync(path.join(functionsDir, 'lib/shell/headers.json')))
  problem('functions/lib/shell/headers.json is missing: build the functions');
if (config.firestore.location !== FIRESTORE_LOCATION)
  problem(
    `firebase.json firestore.location is ${config.firestore.location ?? '(none: nam5, US)'}, not ${FIRESTORE_LOCATION}`,
  );

// 4. Deploy settings.
const functionsConfig = config.functions[0]!;
const engines = (
  JSON.parse(readFileSync(path.join(functionsDir, 'package.json'), 'utf8')) as { engines?: { node?: string } }
).engines?.node;
const runtimeMajor = /^nodejs(\d+)$/.exec(functionsConfig.runtime)?.[1];
if (!runtimeMajor || engines !== runtimeMajor)
  problem(`functions engines.node (${engines}) does not match runtime ${functionsConfig.runtime}`);
for (const local of ['.secret.local', '.env.local', 'src', 'node_modules'])
  if (!functionsConfig.ignore.includes(local))
    problem(`functions ignore list lacks ${local}: it would be uploaded`);
if (!functionsConfig.predeploy?.some((hook) => hook.includes('build')))
  problem('functions have no predeploy build');
if (!config.hosting.predeploy?.some((hook) => hook.includes('build')))
  problem('hosting has no predeploy build');
const firebaserc = JSON.parse(readFileSync(path.join(ROOT, '.firebaserc'), 'utf8')) as {
  projects?: Record<string, string>;
};
const environment = deployEnv(
  functionsDir,
  deployProject(process.argv, process.env, firebaserc),
  firebaserc,
  endpoints,
);
environment.problems.forEach(problem);
try {
  const lock = functionsLockfile(readRootLock(ROOT));
  writeFileSync(path.join(functionsDir, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
  step(
    `functions/package-lock.json: ${Object.keys(lock.packages).length - 1} packages, as installed in the workspace`,
  );
} catch (error) {
  problem(String(error));
}

// 5. firestore.rules compiled by the Firestore emulator, on a port of its own.
async function compileRules(): Promise<void> {
  let env: NodeJS.ProcessEnv;
  try {
    env = emulatorEnv();
  } catch (error) {
    // `firebase deploy` compiles them on the server too; here it needs Java (README, Prerequisites).
    step(`rules: not compiled here: ${(error as Error).message}`);
    return;
  }
  const jar = env.FIRESTORE_EMULATOR_BINARY_PATH;
  if (!jar) {
    step('rules: no local Firestore emulator jar; compiled by `npm run test:rules` instead');
    return;
  }
  const [port, websocket] = [await freePort(), await freePort()];
  const emulator = spawn(
    'java',
    [
      '-Djava.net.preferIPv4Stack=true',
      '-jar',
      jar,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--websocket_port',
      String(websocket),
    ],
    { stdio: 'ignore' },
  );
  try {
    const deadline = Date.now() + 30_000;
    const rules = readFileSync(path.join(ROOT, config.firestore.rules), 'utf8');
    for (;;) {
      try {
        const response = await fetch(
          `http://127.0.0.1:${port}/emulator/v1/projects/demo-deploy-check:securityRules`,
          {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              ignore_errors: true,
              rules: { files: [{ name: config.firestore.rules, content: rules }] },
            }),
          },
        );
        const body = (await response.json()) as {
          issues?: Array<{
            severity: string;
            description: string;
            sourcePosition?: { line?: number; column?: number };
          }>;
        };
        const errors = (body.issues ?? []).filter((issue) => issue.severity === 'ERROR');
        for (const issue of errors)
          problem(
            `${config.firestore.rules}:${issue.sourcePosition?.line ?? 0}:${issue.sourcePosition?.column ?? 0} ${issue.description}`,
          );
        if (errors.length === 0)
          step(`${config.firestore.rules}: compiles (${(body.issues ?? []).length} warnings)`);
        return;
      } catch (error) {
        if (Date.now() > deadline) {
          problem(`the Firestore emulator did not answer: ${String(error)}`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  } finally {
    emulator.kill('SIGTERM');
  }
}
await compileRules();

// 6. The plan.
const indexes = JSON.parse(readFileSync(path.join(ROOT, config.firestore.indexes), 'utf8')) as {
  indexes: unknown[];
  fieldOverrides?: Array<{ collectionGroup: string; fieldPath: string; ttl?: boolean }>;
};
plan.push(
  `firestore: database ${config.firestore.database ?? '(default)'} in ${config.firestore.location} (create it first with firebase firestore:databases:create: docs/operations.md)`,
  `firestore: rules ${config.firestore.rules}; ${indexes.indexes.length} composite indexes; TTL on ${(
    indexes.fieldOverrides ?? []
  )
    .filter((o) => o.ttl)
    .map((o) => `${o.collectionGroup}.${o.fieldPath}`)
    .join(', ')}`,
  environment.plan,
  `functions: codebase ${functionsConfig.codebase ?? 'default'}, ${functionsConfig.runtime}, source ${functionsConfig.source}/ (npm ci with package-lock.json), predeploy: ${functionsConfig.predeploy?.join(' && ')}`,
  ...endpoints.map(
    (e) =>
      `  ${e.name}: ${e.trigger} in ${String(e.region)}${e.memory ? `, ${String(e.memory)} MB` : ''}${e.timeout ? `, timeout ${String(e.timeout)} s` : ''}${e.concurrency ? `, concurrency ${String(e.concurrency)}` : ''}${e.maxInstances ? `, max ${String(e.maxInstances)} instances` : ''}`,
  ),
  `hosting: ${config.hosting.public}/ (predeploy: ${config.hosting.predeploy?.join(' && ')}); rewrites ${config.hosting.rewrites
    .map(
      (r) =>
        `${patternOf(r)} → ${r.function ? `function ${r.function.functionId} (${r.function.region})` : (r.destination ?? '')}`,
    )
    .join(', ')}`,
);
console.log('\nfirebase deploy would:');
for (const line of plan) console.log(`  ${line}`);
if (problems.length > 0) {
  console.error(`\ndeploy:check: ${problems.length} problem(s):`);
  for (const text of problems) console.error(`  - ${text}`);
  process.exit(1);
}
console.log('\ndeploy:check: ok');
