import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { isAlive, startEmulatorSuite } from './emulator-processes';

const quiet = () => new Writable({ write: (_chunk, _encoding, done) => done() });

/** A stand-in for firebase-tools: a child in its own group (like the Java emulator), and a worker-like child. */
const SUITE = `
const { spawn } = require('node:child_process');
spawn('sleep', ['60'], { detached: true, stdio: 'ignore' });
spawn('sleep', ['61'], { stdio: 'ignore' });
if (process.argv[1] === 'stubborn') process.on('SIGINT', () => {});
else process.on('SIGINT', () => process.exit(0));
setInterval(() => {}, 1000);
console.log('ready');
`;

/**
 * The stand-in suite's processes once both children run `sleep`: a child just forked still shows its
 * parent's command line until it executes, which a busy machine makes visible.
 */
async function started(suite: ReturnType<typeof startEmulatorSuite>) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    suite.tree.refresh();
    const alive = suite.tree.alive();
    const commands = alive.map((info) => info.command);
    if (['sleep 60', 'sleep 61'].every((sleep) => commands.some((command) => command.includes(sleep))))
      return alive;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  suite.tree.refresh();
  throw new Error(
    `the stand-in suite did not start: ${JSON.stringify(suite.tree.alive().map((info) => info.command))}`,
  );
}

describe('startEmulatorSuite().stop', () => {
  it('when the suite stops cleanly on SIGINT, then its leftover children are ended by PID and reported', async () => {
    const suite = startEmulatorSuite(process.execPath, ['-e', SUITE, 'clean'], {
      env: process.env,
      output: quiet(),
    });
    const all = await started(suite);
    // A grace that a starved stand-in still exits within on its SIGINT (the one in its own group never does).
    const report = await suite.stop({ graceMs: 10_000 });
    expect(all.filter(isAlive)).toEqual([]);
    // The worker-like child got the group's SIGINT; the one in its own group outlived its parent.
    expect(report.forced.map((info) => info.command)).toEqual([expect.stringContaining('sleep 60')]);
  });

  it('when firebase-tools ignores SIGINT, then after the grace period every process is ended and reported', async () => {
    const suite = startEmulatorSuite(process.execPath, ['-e', SUITE, 'stubborn'], {
      env: process.env,
      output: quiet(),
    });
    const all = await started(suite);
    const report = await suite.stop({ graceMs: 500 });
    expect(all.filter(isAlive)).toEqual([]);
    expect(report.forced.map((info) => info.pid).sort()).toEqual(
      all
        .filter((info) => !/sleep 61/.test(info.command))
        .map((info) => info.pid)
        .sort(),
    );
    expect(await suite.exited).not.toBe(0);
  });
});
