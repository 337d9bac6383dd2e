import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEPLOY_NODE_OPTIONS, deployEnv, deployProject } from './deploy-env';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'deploy-env-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const rc = { projects: { default: 'demo-insight', prod: 'insight-prod' } };
const write = (file: string, text: string) => writeFileSync(path.join(dir, file), text);

describe('the environment every deploy carries (functions/.env.<project>)', () => {
  it('when the project has no env file, then the check names the file to write', () => {
    expect(deployEnv(dir, 'insight-prod', rc).problems).toEqual([expect.stringContaining('functions/.env.insight-prod is missing')]);
  });

  it('when the env file lacks NODE_OPTIONS, then the check refuses and says the value', () => {
    write('.env.insight-prod', 'CUSTOMER_API_URL=https://customer.example\n');
    const { problems, plan } = deployEnv(dir, 'insight-prod', rc);
    expect(problems).toEqual([expect.stringContaining(`NODE_OPTIONS="${DEPLOY_NODE_OPTIONS}"`)]);
    expect(plan).not.toContain('NODE_OPTIONS=');
  });

  it('when NODE_OPTIONS is in the file of the alias, then the plan shows it with the files firebase-tools reads', () => {
    write('.env', 'NODE_ENV=production\n');
    write('.env.prod', `NODE_OPTIONS="${DEPLOY_NODE_OPTIONS}"\nCUSTOMER_API_URL=https://customer.example\n`);
    const { problems, plan, files } = deployEnv(dir, 'insight-prod', rc, [{ name: 'api', memory: 512 }]);
    expect(problems).toEqual([]);
    expect(files).toEqual(['.env', '.env.insight-prod', '.env.prod']);
    expect(plan).toContain(`NODE_OPTIONS="${DEPLOY_NODE_OPTIONS}"`);
    expect(plan).toContain('CUSTOMER_API_URL, NODE_ENV, NODE_OPTIONS');
  });

  it('when a function keeps the default 256 MB, then the check refuses it (the fixed young generation needs 512)', () => {
    write('.env.insight-prod', `NODE_OPTIONS="${DEPLOY_NODE_OPTIONS}"\n`);
    const { problems } = deployEnv(dir, 'insight-prod', rc, [{ name: 'api', memory: 512 }, { name: 'rackWrites' }]);
    expect(problems).toEqual([expect.stringContaining('function rackWrites: 256 MB')]);
  });

  it('when the project is an emulator (demo-) project, then nothing is required', () => {
    expect(deployEnv(dir, 'demo-insight', rc).problems).toEqual([]);
  });

  it('when firebase deploy runs the check as a predeploy hook, then the project is its GCLOUD_PROJECT, and an alias resolves to its id', () => {
    expect(deployProject([], { GCLOUD_PROJECT: 'insight-prod' }, rc)).toBe('insight-prod');
    expect(deployProject(['--project', 'prod'], {}, rc)).toBe('insight-prod');
    expect(deployProject([], {}, rc)).toBe('demo-insight');
  });
});
