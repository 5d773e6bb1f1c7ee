/**
 * The embedded database's lock (ADR 14): where it lives, when it is stale, what a refused process
 * is told, and a check used by the server (./serve.ts) to refuse a second server before it listens. The
 * lock itself is taken in src/server/xs-api/db/client.ts when the database opens.
 */
import { setting, type Env } from '../settings.ts';
import fs from 'node:fs';
import os from 'node:os';
import lockfile from 'proper-lockfile';
import { clock } from '../clock.ts';

/** Default ms a lock may go without a refresh before it counts as left by a dead process (the schema's default). */
export const LOCK_STALE_MS = 30_000;

/**
 * The stale time in force, ms: DATA_DIR_LOCK_STALE_MS (2000 to 3600000), else LOCK_STALE_MS.
 * @throws Error naming the variable when it is off the schema (src/server/settings.ts).
 */
export function lockStaleMs(env: Env): number {
  return setting('DATA_DIR_LOCK_STALE_MS', env);
}

/** The lock folder of an (absolute) data directory: `<dataDir>.lock.d`. */
export function lockPathOf(dataDir: string): string {
  return `${dataDir.replace(/\/$/, '')}.lock.d`;
}

/**
 * What a process refused the data directory is told (`staleMs`: the stale time in force, ms).
 */
export function lockedMessage(dataDir: string, lockPath: string, staleMs: number): string {
  return (
    `The embedded database in ${dataDir} is in use by another process (lock ${lockPath}). ` +
    'PGlite allows one process per data directory, also across containers sharing the volume: stop that process, ' +
    'or set DATA_DIR to another folder, or set DATABASE_URL to use PostgreSQL. ' +
    `A lock left by a process that died on this machine is taken over at once; one from another host or container ${Math.round(staleMs / 1000)} s after its last refresh.`
  );
}

/**
 * Whether another live process holds the data directory now (a fresh lock). Only a hint for an early,
 * clear refusal: opening the database takes the lock for real.
 * `dataDir` is an absolute path.
 */
export async function dataDirInUse(dataDir: string, env: Env): Promise<boolean> {
  const inUse = await lockfile.check(dataDir, { lockfilePath: lockPathOf(dataDir), realpath: false, stale: lockStaleMs(env) });
  return inUse && goneOwnersLock(lockPathOf(dataDir)) === null;
}

/** The file beside the lock folder that names its holder (proper-lockfile removes the folder with rmdir: it stays empty). */
const ownerFileOf = (lockPath: string): string => `${lockPath}.owner.json`;

/** A value read from /proc (Linux), or '' where there is none. */
function proc(read: () => string): string {
  try {
    return read().trim();
  } catch {
    return '';
  }
}

/** The start time of process `pid` since boot (field 22 of /proc/<pid>/stat), or '' when it is gone. */
function startTimeOf(pid: number | string): string {
  const stat = proc(() => fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
  return stat ? (stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '') : '';
}

/**
 * Who this process is, as far as telling whether it still lives goes: the host, the machine's boot,
 * the PID namespace, the pid and its start time (a reused pid has another start time).
 */
export function lockOwner(): { host: string; boot: string; pidns: string; pid: number; start: string } {
  return {
    host: os.hostname(),
    boot: proc(() => fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8')),
    pidns: proc(() => fs.readlinkSync('/proc/self/ns/pid')),
    pid: process.pid,
    start: startTimeOf('self'),
  };
}

/**
 * Names this process as the holder of the lock folder it has just taken, with the folder's inode, so
 * a name left by an earlier holder is never read as the current one's.
 */
export function recordLockOwner(lockPath: string): void {
  fs.writeFileSync(ownerFileOf(lockPath), JSON.stringify({ ...lockOwner(), lock: fs.statSync(lockPath).ino }));
}

/** Removes this process's name beside a lock it releases. */
export function forgetLockOwner(lockPath: string): void {
  fs.rmSync(ownerFileOf(lockPath), { force: true });
}

/**
 * The inode of the lock folder at `lockPath` when it was left by a process that is gone for certain:
 * the name beside it is that folder's (same inode), its holder ran on this machine since its last
 * boot, in this PID namespace (so its pid means something here), and that pid is not running or runs
 * another process (another start time). Else null: a lock of another host or container, or of
 * unknown holder, goes stale by its age alone.
 */
export function goneOwnersLock(lockPath: string): number | null {
  let owner: Partial<ReturnType<typeof lockOwner>> & { lock?: number };
  let ino: number;
  try {
    owner = JSON.parse(fs.readFileSync(ownerFileOf(lockPath), 'utf8'));
    ino = fs.statSync(lockPath).ino;
  } catch {
    return null;
  }
  const me = lockOwner();
  if (owner.lock !== ino || !me.boot || !me.pidns || owner.host !== me.host || owner.boot !== me.boot || owner.pidns !== me.pidns) return null;
  if (!Number.isInteger(owner.pid) || owner.pid === process.pid) return null;
  const start = startTimeOf(owner.pid as number);
  return start === '' || start !== owner.start ? ino : null;
}

/**
 * Removes the lock folder at `lockPath` if it is still the one of inode `ino` (a dead holder's): it is
 * first renamed aside (atomic), and put back when the renamed folder turns out to be another's.
 * Returns whether the dead lock was removed.
 */
export function removeDeadLock(lockPath: string, ino: number): boolean {
  const aside = `${lockPath}.dead-${process.pid}-${clock.ms()}`;
  try {
    fs.renameSync(lockPath, aside);
  } catch {
    return false;
  }
  if (fs.statSync(aside).ino !== ino) {
    try {
      fs.renameSync(aside, lockPath);
    } catch {
      // Someone took the path meanwhile: theirs stands; this folder was nobody's any more.
      fs.rmSync(aside, { recursive: true, force: true });
    }
    return false;
  }
  fs.rmSync(aside, { recursive: true, force: true });
  return true;
}
