/**
 * The machine-wide emulator lock (`flock /tmp/insight-emulators.lock …`): the emulator suite's ports are
 * shared by every checkout on the machine, so a run that starts the emulators holds this lock. A run
 * started under the lock already (`flock … npm test`) holds it through its ancestor; taking it again
 * from a child would wait for ever, so the check looks up the ancestors first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync, statSync } from 'node:fs';
import { readProcess } from './emulator-processes';

export const EMULATOR_LOCK = '/tmp/insight-emulators.lock';

/** The PIDs holding a flock on `file`, from /proc/locks. */
function lockHolders(file: string): number[] {
  let inode: number;
  try {
    inode = statSync(file).ino;
  } catch {
    return [];
  }
  const holders: number[] = [];
  for (const line of readFileSync('/proc/locks', 'utf8').split('\n')) {
    // 1: FLOCK  ADVISORY  WRITE 12345 08:01:1234567 0 EOF   (blocked waiters are marked with "->")
    const fields = line.trim().split(/\s+/);
    if (fields[1] !== 'FLOCK' || fields.includes('->')) continue;
    const [pid, where] = [Number(fields[4]), fields[5] ?? ''];
    if (Number(where.split(':').at(-1)) === inode) holders.push(pid);
  }
  return holders;
}

/**
 * Whether this process or one of its ancestors holds the lock, itself or through a `flock … cat` child of
 * its own (holdEmulatorLock below: a test that holds the lock and starts scripts/emulators.ts).
 */
export function lockHeldByAncestor(file = EMULATOR_LOCK): boolean {
  const holders = lockHolders(file);
  const ancestors = new Set<number>();
  for (let pid = process.pid; pid > 1; ) {
    ancestors.add(pid);
    const info = readProcess(pid);
    if (!info) break;
    pid = info.ppid;
  }
  return holders.some((holder) => ancestors.has(holder) || ancestors.has(readProcess(holder)?.ppid ?? -1));
}

/**
 * Takes the lock for this process's run (waiting for another run to finish), unless an ancestor holds
 * it; resolves with the release. The lock is held by a `flock … cat` child: closing its input ends it.
 */
export async function holdEmulatorLock(
  file = EMULATOR_LOCK,
  onWait?: (holders: number[]) => void,
): Promise<() => Promise<void>> {
  if (lockHeldByAncestor(file)) return async () => undefined;
  const others = lockHolders(file);
  if (others.length > 0) onWait?.(others);
  closeSync(openSync(file, 'a'));
  const holder: ChildProcess = spawn('flock', [file, 'cat'], { stdio: ['pipe', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => holder.once('exit', () => resolve()));
  for (;;) {
    if (holder.exitCode !== null) throw new Error(`flock ${file} failed`);
    if (holder.pid && lockHolders(file).includes(holder.pid)) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return async () => {
    holder.stdin!.end();
    await exited;
  };
}
