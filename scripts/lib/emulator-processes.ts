/**
 * The Firebase emulator suite as a set of processes this script started, and a stop that leaves none of
 * them behind (docs/architecture.md, "Local development and tests").
 *
 * firebase-tools runs in its own process group, so that only this script signals it (a terminal's Ctrl-C
 * reaches this script, which stops the suite once; a second SIGINT would make firebase-tools quit at once
 * without stopping its emulators). It starts the functions workers as its children (same group) and the
 * Java Firestore emulator in a group of its own. Every process found under it (by parent PID, and by the
 * process groups they lead) is remembered while the suite runs, so a worker or the Java emulator is still
 * known when firebase-tools is gone and they were left to init.
 *
 * stop(): SIGINT to firebase-tools and to the processes of its group (what Ctrl-C does: the workers end
 * their long answers), up to `graceMs` for a clean shutdown; then SIGTERM, and SIGKILL 2 s later, to each
 * remembered process still alive, by PID (checked against its start time, so a reused PID is never hit).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Writable } from 'node:stream';
import { ROOT } from './emulator-env';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  pgid: number;
  /** Start time in clock ticks since boot: with the PID, names one process for good. */
  start: string;
  /** The command line. */
  command: string;
}

/** Every process on the machine, from /proc (Linux). */
export function listProcesses(): Map<number, ProcessInfo> {
  const all = new Map<number, ProcessInfo>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return all;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const info = readProcess(Number(entry));
    if (info) all.set(info.pid, info);
  }
  return all;
}

export function readProcess(pid: number): ProcessInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime
    // cstime priority nice threads itrealvalue starttime …; comm may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z') return null; // a zombie has ended; its parent only has to reap it
    let command = '';
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    } catch {
      /* gone meanwhile */
    }
    return {
      pid,
      ppid: Number(fields[1]),
      pgid: Number(fields[2]),
      start: fields[19]!,
      command,
    };
  } catch {
    return null;
  }
}

/** Whether the process remembered as `info` still runs (the same PID and start time). */
export function isAlive(info: ProcessInfo): boolean {
  const now = readProcess(info.pid);
  return now !== null && now.start === info.start;
}

/**
 * The processes started under `root`: its descendants, and the members of the process groups that root
 * or a descendant leads. Seen once, a process stays in `known` (with its start time).
 */
export class ProcessTree {
  readonly known = new Map<number, ProcessInfo>();

  constructor(readonly rootPid: number) {}

  /** Looks at /proc again and remembers any new process of the tree. */
  refresh(): void {
    const all = listProcesses();
    for (const [pid, info] of this.known) {
      const now = all.get(pid);
      if (now && now.start !== info.start) this.known.delete(pid); // the PID was reused: not ours
      // First seen between fork and exec (its parent's command line): what it runs now.
      else if (now && now.command !== info.command) this.known.set(pid, now);
    }
    const root = all.get(this.rootPid);
    if (root && !this.known.has(root.pid)) this.known.set(root.pid, root);
    for (let grew = true; grew; ) {
      grew = false;
      const leaders = new Set(
        [...this.known.values()].filter((info) => info.pid === info.pgid).map((info) => info.pid),
      );
      for (const info of all.values()) {
        if (this.known.has(info.pid)) continue;
        const parent = this.known.get(info.ppid);
        if ((parent && all.get(parent.pid)?.start === parent.start) || leaders.has(info.pgid)) {
          this.known.set(info.pid, info);
          grew = true;
        }
      }
    }
  }

  alive(): ProcessInfo[] {
    return [...this.known.values()].filter(isAlive);
  }
}

export interface StopReport {
  /** Processes that did not stop on the clean shutdown and had to be signalled one by one. */
  forced: Array<ProcessInfo & { signal: 'SIGTERM' | 'SIGKILL' }>;
}

export interface EmulatorSuite {
  child: ChildProcess;
  /** firebase-tools' exit code. */
  exited: Promise<number>;
  tree: ProcessTree;
  /** Stops every process of the suite; idempotent. */
  stop(options?: { graceMs?: number }): Promise<StopReport>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function signal(info: ProcessInfo, name: NodeJS.Signals): boolean {
  if (!isAlive(info)) return false;
  try {
    process.kill(info.pid, name);
    return true;
  } catch {
    return false;
  }
}

async function waitUntilGone(tree: ProcessTree, ms: number): Promise<ProcessInfo[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    tree.refresh();
    const alive = tree.alive();
    if (alive.length === 0 || Date.now() >= deadline) return alive;
    await sleep(200);
  }
}

/**
 * Starts firebase-tools with `args` in its own process group. Its output goes to `output` (a log file),
 * or to this process's stdout/stderr less the lines `drop` matches.
 */
export function startEmulatorSuite(
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; drop?: RegExp; output?: Writable },
): EmulatorSuite {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (options.output) {
    child.stdout!.pipe(options.output, { end: false });
    child.stderr!.pipe(options.output, { end: false });
  } else {
    for (const [source, target] of [
      [child.stdout!, process.stdout],
      [child.stderr!, process.stderr],
    ] as const) {
      createInterface({ input: source, crlfDelay: Infinity }).on('line', (line) => {
        if (!options.drop?.test(line)) target.write(`${line}\n`);
      });
    }
  }
  const tree = new ProcessTree(child.pid ?? -1);
  const watch = setInterval(() => tree.refresh(), 500);
  watch.unref();
  if (child.pid) tree.refresh();
  const exited = new Promise<number>((resolve) => {
    child.once('exit', (code, signalName) => resolve(code ?? (signalName ? 1 : 0)));
    child.once('error', () => resolve(1));
  });
  let stopping: Promise<StopReport> | null = null;

  const stop = ({ graceMs = 8000 } = {}): Promise<StopReport> =>
    (stopping ??= (async () => {
      tree.refresh();
      clearInterval(watch);
      const root = tree.known.get(tree.rootPid);
      // Whether a clean shutdown is asked for, decided before the signal (the root may exit at once on it).
      const clean = root !== undefined && isAlive(root);
      if (clean) {
        // A clean shutdown, as Ctrl-C in a terminal would ask it: firebase-tools and its group (the workers).
        signal(root, 'SIGINT');
        for (const info of tree.alive())
          if (info.pid !== root.pid && info.pgid === root.pid) signal(info, 'SIGINT');
      }
      const report: StopReport = { forced: [] };
      let left = await waitUntilGone(tree, clean ? graceMs : 0);
      if (left.length === 0) return report;
      for (const info of left) if (signal(info, 'SIGTERM')) report.forced.push({ ...info, signal: 'SIGTERM' });
      left = await waitUntilGone(tree, 2000);
      for (const info of left) {
        if (!signal(info, 'SIGKILL')) continue;
        const entry = report.forced.find((forced) => forced.pid === info.pid);
        if (entry) entry.signal = 'SIGKILL';
        else report.forced.push({ ...info, signal: 'SIGKILL' });
      }
      await waitUntilGone(tree, 1000);
      return report;
    })());

  return { child, exited, tree, stop };
}

/** The lines that say what a stop had to force (empty when the clean shutdown sufficed). */
export function describeForced(report: StopReport, label: string): string[] {
  if (report.forced.length === 0) return [];
  return [
    `[${label}] the emulators did not all stop cleanly; ended ${report.forced.length} process(es):`,
    ...report.forced.map(
      (info) => `[${label}]   ${info.signal} ${info.pid} ${info.command.slice(0, 120)}`,
    ),
  ];
}
