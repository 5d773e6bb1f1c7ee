/**
 * One process per embedded data directory (docs/architecture.md Pitfalls, ADR 14): a second opener fails with a
 * clear message instead of destroying the data, in the same process, another process, or another
 * PID namespace (as two containers sharing one volume); a lock left by a process that died is
 * taken over once stale, and the data directory still opens with its rows.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, openDb } from '../../src/server/xs-api/db/client';

const OPENER = path.resolve('tests/api/fixtures/open-data-dir.ts');
// Long enough that a busy machine pausing the event loop while PGlite starts never loses a lock.
const STALE_MS = 10_000;
const children: ChildProcess[] = [];

/** Runs the opener in a new PID namespace (it is pid 1 there and cannot see this process). */
function openInNewPidNamespace(dir: string): ChildProcess {
  const child = spawn(
    'unshare',
    ['--pid', '--fork', '--mount-proc', '--kill-child', process.execPath, '--import', 'tsx', OPENER, dir],
    { env: { ...process.env, DATA_DIR_LOCK_STALE_MS: String(STALE_MS) }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  return child;
}

/** Runs the opener as an ordinary child process: same machine, same PID namespace. */
function openInChild(dir: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', OPENER, dir], { env: { ...process.env, DATA_DIR_LOCK_STALE_MS: String(STALE_MS) }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return child;
}

/** The opener's first line of output and, when it ended, its exit code. */
function outcome(child: ChildProcess): Promise<{ line: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr!.on('data', (d) => (err += d));
    child.stdout!.on('data', (d) => {
      out += d;
      if (out.startsWith('open\n')) resolve({ line: 'open', code: null });
    });
    child.on('error', reject);
    child.on('exit', (code) => (out ? resolve({ line: out.trim(), code }) : reject(new Error(`opener died (${code}): ${err}`))));
  });
}

function freshDir(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'xs-lock-')), 'pglite');
}

const countFlag = async (db: Awaited<ReturnType<typeof openDb>>['db']) =>
  Number(((await db.execute(sql`select count(*)::int as n from lock_probe`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

const staleBefore = process.env.DATA_DIR_LOCK_STALE_MS;
afterAll(() => {
  if (staleBefore === undefined) delete process.env.DATA_DIR_LOCK_STALE_MS;
  else process.env.DATA_DIR_LOCK_STALE_MS = staleBefore;
});

beforeAll(() => {
  process.env.DATA_DIR_LOCK_STALE_MS = String(STALE_MS);
  const probe = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']);
  if (probe.error || probe.status !== 0) {
    throw new Error(`These tests need unshare(1) with PID namespaces (util-linux, run as root): ${probe.error?.message ?? probe.stderr}`);
  }
});

afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

// Each test opens the embedded database in child processes, and a start of PGlite (compiling its
// WebAssembly) takes 25 s of a busy two-core machine: a bound for a stuck test, not a timing.
describe('PGlite data directory lock', { timeout: 300_000 }, () => {
  it('refuses a second open in the same process and releases the lock on close', async () => {
    const dir = freshDir();
    const first = await openDb({ dataDir: dir });
    try {
      const err = await openDb({ dataDir: dir }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DataDirLockedError);
      expect((err as Error).message).toMatch(/in use by another process.*DATA_DIR.*DATABASE_URL/);
    } finally {
      await first.close();
    }
    expect(fs.existsSync(`${dir}.lock.d`)).toBe(false);
    await (await openDb({ dataDir: dir })).close();
  });

  it('refuses an opener in another PID namespace, and the data directory still opens with its rows', async () => {
    const dir = freshDir();
    const first = await openDb({ dataDir: dir });
    await first.db.execute(sql`create table lock_probe (n int)`);
    await first.db.execute(sql`insert into lock_probe values (1)`);
    try {
      const second = await outcome(openInNewPidNamespace(dir));
      expect(second.code).toBe(3);
      expect(second.line).toMatch(/^refused: The embedded database in .* is in use by another process/);
      await first.db.execute(sql`insert into lock_probe values (2)`);
    } finally {
      await first.close();
    }
    const again = await openDb({ dataDir: dir });
    expect(await countFlag(again.db)).toBe(2);
    await again.close();
  });

  it('refuses while a process in another PID namespace holds it, and takes over once that process is killed', async () => {
    const dir = freshDir();
    const init = await openDb({ dataDir: dir });
    await init.db.execute(sql`create table lock_probe (n int)`);
    await init.db.execute(sql`insert into lock_probe values (1)`);
    await init.close();

    const holder = openInNewPidNamespace(dir);
    expect((await outcome(holder)).line).toBe('open');
    await expect(openDb({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    // Wait past a few refreshes: a live holder keeps its lock however old it is.
    await new Promise((r) => setTimeout(r, STALE_MS + 1000));
    await expect(openDb({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);

    holder.kill('SIGKILL'); // no clean-up: the lock folder stays behind
    await new Promise((r) => holder.once('exit', r));
    expect(fs.existsSync(`${dir}.lock.d`)).toBe(true);
    await expect(openDb({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    await new Promise((r) => setTimeout(r, STALE_MS + 500));
    const taken = await openDb({ dataDir: dir });
    expect(await countFlag(taken.db)).toBe(1);
    await taken.close();
  });

  it('takes over at once a lock left by a process of this machine that was killed, never one that lives', async () => {
    const dir = freshDir();
    const init = await openDb({ dataDir: dir });
    await init.db.execute(sql`create table lock_probe (n int)`);
    await init.db.execute(sql`insert into lock_probe values (1)`);
    await init.close();

    const holder = openInChild(dir);
    expect((await outcome(holder)).line).toBe('open');
    // Alive: refused, however its lock looks.
    await expect(openDb({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    holder.kill('SIGKILL');
    await new Promise((r) => holder.once('exit', r));
    expect(fs.existsSync(`${dir}.lock.d`)).toBe(true);
    // Gone: the next opener takes the lock without waiting out the stale time (10 s here).
    const taken = await openDb({ dataDir: dir });
    expect(await countFlag(taken.db)).toBe(1);
    expect(JSON.parse(fs.readFileSync(`${dir}.lock.d.owner.json`, 'utf8')).pid).toBe(process.pid);
    await taken.close();
  });
});
