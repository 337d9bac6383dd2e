/**
 * Imported first by a bench that measures the functions' CPU: runs the bench again on Node 22, the
 * functions' deploy runtime (tools/node22, firebase.json `runtime`), when this process runs another major
 * version, and exits with its code. The same code costs about a fifth less CPU per view on Node 22 than on
 * the machine's Node 20 (docs/performance.md, "The 360 API"). Where tools/node22 is not installed (not
 * linux-x64), the bench runs on this Node and says so.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEPLOY_NODE_DIR } from './emulator-env';

const DEPLOY_MAJOR = '22';
const node = path.join(DEPLOY_NODE_DIR, 'node');
if (process.versions.node.split('.')[0] !== DEPLOY_MAJOR) {
  if (existsSync(node)) {
    const { status, signal } = spawnSync(node, [...process.execArgv, ...process.argv.slice(1)], {
      stdio: 'inherit',
    });
    process.exit(status ?? (signal ? 1 : 0));
  }
  console.log(
    `[bench] Node ${DEPLOY_MAJOR} (tools/node22) is not installed: measuring on Node ${process.versions.node}, not the functions' runtime.`,
  );
}
