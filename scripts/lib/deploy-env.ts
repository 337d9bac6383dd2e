/**
 * The environment every deploy of the functions carries (docs/operations.md, "Steps"): what firebase-tools
 * loads for a project (`functions/.env`, `.env.<projectId>`, `.env.<alias>`, read by its own parser), and
 * what the `api` function needs in it. `firebase deploy` replaces a function's environment with these
 * files on every deploy, so a setting made by hand on the Cloud Run service is lost at the next one.
 */
import { createRequire } from 'node:module';

/** A fixed young generation of 2 × 64 MB: less garbage-collection time under load (docs/performance.md). */
export const DEPLOY_NODE_OPTIONS = '--max-semi-space-size=64 --min-semi-space-size=64';
/** The memory every function needs with that young generation. */
export const MIN_MEMORY_MB = 512;

const require = createRequire(import.meta.url);
const firebaseEnv = require('firebase-tools/lib/functions/env.js') as {
  loadUserEnvs: (options: {
    functionsSource: string;
    projectId: string;
    projectAlias?: string;
    isEmulator: boolean;
  }) => Record<string, string>;
  hasUserEnvs: (options: { functionsSource: string; projectId: string; projectAlias?: string; isEmulator: boolean }) => boolean;
};

export interface DeployEnv {
  project: string;
  /** The files firebase-tools reads for this project, in its order (later ones win). */
  files: string[];
  env: Record<string, string>;
  problems: string[];
  /** The plan's line: the files, every key, and NODE_OPTIONS in full. */
  plan: string;
}

/** The project a deploy goes to: `--project <id>`, else firebase's predeploy GCLOUD_PROJECT, else .firebaserc's default. */
export function deployProject(argv: string[], env: NodeJS.ProcessEnv, firebaserc: { projects?: Record<string, string> }): string {
  const flag = argv.indexOf('--project');
  const named = flag >= 0 ? argv[flag + 1] : undefined;
  const project = named ?? env.GCLOUD_PROJECT ?? firebaserc.projects?.default ?? 'demo-insight';
  return firebaserc.projects?.[project] ?? project;
}

/** Reads the environment firebase-tools would deploy for `project` and checks it. */
export function deployEnv(
  functionsDir: string,
  project: string,
  firebaserc: { projects?: Record<string, string> },
  endpoints: Array<{ name: string; memory?: unknown }> = [],
): DeployEnv {
  const alias = Object.entries(firebaserc.projects ?? {}).find(
    ([name, id]) => id === project && name !== 'default' && name !== project,
  )?.[0];
  const options = { functionsSource: functionsDir, projectId: project, projectAlias: alias, isEmulator: false };
  const files = ['.env', `.env.${project}`, ...(alias ? [`.env.${alias}`] : [])];
  const problems: string[] = [];
  let env: Record<string, string> = {};
  try {
    env = firebaseEnv.hasUserEnvs(options) ? firebaseEnv.loadUserEnvs(options) : {};
  } catch (error) {
    problems.push(`functions environment for ${project}: ${String((error as { children?: unknown[] }).children ?? error)}`);
  }
  // A demo- project exists only in the emulators (Firebase's own convention): nothing is deployed to it.
  const demo = project.startsWith('demo-');
  if (!demo) {
    if (Object.keys(env).length === 0)
      problems.push(`functions/.env.${project} is missing: the upstream URLs, the tool links and NODE_OPTIONS go there`);
    else if (env.NODE_OPTIONS !== DEPLOY_NODE_OPTIONS)
      problems.push(
        `functions/.env.${project}: NODE_OPTIONS is ${env.NODE_OPTIONS === undefined ? 'not set' : `"${env.NODE_OPTIONS}"`}; set NODE_OPTIONS="${DEPLOY_NODE_OPTIONS}"`,
      );
    for (const endpoint of endpoints)
      if (typeof endpoint.memory !== 'number' || endpoint.memory < MIN_MEMORY_MB)
        problems.push(
          `function ${endpoint.name}: ${String(endpoint.memory ?? 256)} MB; NODE_OPTIONS' young generation needs ${MIN_MEMORY_MB} MB`,
        );
  }
  const keys = Object.keys(env).sort();
  const plan =
    `functions environment (${project}): ${files.map((file) => `functions/${file}`).join(' + ')}` +
    ` → ${keys.length} variables${keys.length > 0 ? ` (${keys.join(', ')})` : ''}` +
    (env.NODE_OPTIONS ? `; NODE_OPTIONS="${env.NODE_OPTIONS}"` : demo ? '; emulator project, no NODE_OPTIONS needed' : '');
  return { project, files, env, problems, plan };
}
