/**
 * A new embedded database prepared in a process of its own (src/server/http/prepare-database.ts,
 * ADR 41): when the server needs one, how it waits for the preparing process, and what that
 * process does with its app. The whole path, from a fresh folder to a shop's first page, is run by
 * tests/server/shutdown.spec.ts.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { needsNewEmbeddedDatabase, prepareDatabaseApart, prepareDatabaseHere, PREPARE_DATABASE_ARG, preparingDirOf, removeLeftPreparations } from '../../src/server/http/prepare-database';
import { lockOwner, lockPathOf } from '../../src/server/http/data-dir-lock';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-prepare-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('needsNewEmbeddedDatabase', () => {
  const settings = { xsApiUrl: '', databaseUrl: '', dataDir: path.join(dir, 'missing') };

  it('is true for a missing or empty data folder of the bundled API', () => {
    expect(needsNewEmbeddedDatabase(settings)).toBe(true);
    fs.mkdirSync(path.join(dir, 'empty'));
    expect(needsNewEmbeddedDatabase({ ...settings, dataDir: path.join(dir, 'empty') })).toBe(true);
  });

  it('is false for a folder that holds a database, on PostgreSQL, in memory and for a storefront calling a remote API', () => {
    fs.mkdirSync(path.join(dir, 'used'));
    fs.writeFileSync(path.join(dir, 'used', 'PG_VERSION'), '17');
    expect(needsNewEmbeddedDatabase({ ...settings, dataDir: path.join(dir, 'used') })).toBe(false);
    expect(needsNewEmbeddedDatabase({ ...settings, databaseUrl: 'postgres://db/shop' })).toBe(false);
    expect(needsNewEmbeddedDatabase({ ...settings, dataDir: 'memory://' })).toBe(false);
    expect(needsNewEmbeddedDatabase({ ...settings, xsApiUrl: 'http://api:4321/api/mobile_ecom/xs_api.php' })).toBe(false);
  });
});

describe('prepareDatabaseApart', () => {
  /**
   * Stands in for serve.ts: records its arguments and DATA_DIR, writes a file into that folder as
   * a prepared database would, then exits with PREPARE_TEST_EXIT, or never ends ('never').
   */
  const script = path.join(dir, 'preparer.mjs');
  const seen = path.join(dir, 'seen.json');
  fs.writeFileSync(
    script,
    `import fs from 'node:fs';
fs.writeFileSync(${JSON.stringify(seen)}, JSON.stringify({ argv: process.argv.slice(2), dataDir: process.env.DATA_DIR }));
fs.mkdirSync(process.env.DATA_DIR, { recursive: true });
fs.writeFileSync(process.env.DATA_DIR + '/PG_VERSION', '17');
if (process.env.PREPARE_TEST_EXIT === 'never') setInterval(() => {}, 1000);
else process.exit(Number(process.env.PREPARE_TEST_EXIT));
`,
  );
  const prepare = (dataDir: string, exit: string, timeoutMs?: number) => prepareDatabaseApart(script, dataDir, { PREPARE_TEST_EXIT: exit }, timeoutMs);
  const besides = (dataDir: string) => fs.readdirSync(path.dirname(dataDir)).filter((n) => n.startsWith(`${path.basename(dataDir)}.`));

  it("prepares in a folder beside DATA_DIR and renames it to DATA_DIR when the process exits 0: 'prepared'", async () => {
    const dataDir = path.join(dir, 'new-db');
    expect(await prepare(dataDir, '0')).toBe('prepared');
    expect(JSON.parse(fs.readFileSync(seen, 'utf8'))).toEqual({ argv: [PREPARE_DATABASE_ARG], dataDir: preparingDirOf(dataDir) });
    expect(fs.readdirSync(dataDir)).toEqual(['PG_VERSION']);
    expect(besides(dataDir)).toEqual([]);
    // An empty DATA_DIR (a volume's mount point, say) is replaced in the same way.
    const empty = path.join(dir, 'empty-db');
    fs.mkdirSync(empty);
    expect(await prepare(empty, '0')).toBe('prepared');
    expect(fs.readdirSync(empty)).toEqual(['PG_VERSION']);
  });

  it("is 'failed' when the process fails or outlasts the timeout (then killed), and leaves neither DATA_DIR nor its side folder", async () => {
    const dataDir = path.join(dir, 'failed-db');
    expect(await prepare(dataDir, '3')).toBe('failed');
    expect(fs.existsSync(dataDir)).toBe(false);
    expect(besides(dataDir)).toEqual([]);
    const began = performance.now();
    expect(await prepare(dataDir, 'never', 300)).toBe('failed');
    expect(performance.now() - began).toBeLessThan(10_000);
    expect(fs.existsSync(dataDir)).toBe(false);
    expect(besides(dataDir)).toEqual([]);
  });

  it('keeps a DATA_DIR another process filled meanwhile, and removes its own preparation', async () => {
    const dataDir = path.join(dir, 'raced-db');
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, 'theirs'), '');
    expect(await prepare(dataDir, '0')).toBe('prepared');
    expect(fs.readdirSync(dataDir)).toEqual(['theirs']);
    expect(besides(dataDir)).toEqual([]);
  });
});

describe('removeLeftPreparations', () => {
  it("removes a preparation whose process is gone (its lock's holder) or that is older than the timeout, and keeps a young one of a live process", () => {
    const dataDir = path.join(dir, 'left', 'pglite');
    const at = (pid: number) => preparingDirOf(dataDir, pid);
    // Cut short by a process that has ended: its lock folder names it.
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid as number;
    fs.mkdirSync(at(deadPid), { recursive: true });
    const lock = lockPathOf(at(deadPid));
    fs.mkdirSync(lock);
    fs.writeFileSync(`${lock}.owner.json`, JSON.stringify({ ...lockOwner(), pid: deadPid, start: 'ended', lock: fs.statSync(lock).ino }));
    // Young and of a live holder (this process): kept. Old: removed whoever holds it.
    fs.mkdirSync(at(process.pid));
    fs.mkdirSync(at(1));
    const hourAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(at(1), hourAgo, hourAgo);
    fs.writeFileSync(path.join(path.dirname(dataDir), 'pglite.preparing-notes.txt'), 'not a preparation');

    expect(removeLeftPreparations(dataDir).sort()).toEqual([`pglite.preparing-${deadPid}`, 'pglite.preparing-1'].sort());
    expect(fs.readdirSync(path.dirname(dataDir)).sort()).toEqual([`pglite.preparing-${process.pid}`, 'pglite.preparing-notes.txt'].sort());
  });
});

describe('prepareDatabaseHere', () => {
  /** An app whose /readyz answers each of `answers` in turn (the last one again after). */
  const app = (answers: string[]) => {
    const asked: string[] = [];
    const handler = (req: IncomingMessage, res: ServerResponse) => {
      asked.push(req.url ?? '');
      const database = answers[Math.min(asked.length - 1, answers.length - 1)];
      res.writeHead(database === 'ok' ? 200 : 503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: database === 'ok' ? 'ready' : 'not_ready', database, redis: 'unreachable' }));
    };
    return { handler, asked };
  };

  it('asks again while the database check times out, then closes what the app opened', async () => {
    const { handler, asked } = app(['timeout', 'timeout', 'ok']);
    const closed: string[] = [];
    const closers = new Set([async () => void closed.push('database')]);
    expect(await prepareDatabaseHere(handler, () => closers)).toBe(true);
    expect(asked).toEqual(['/readyz', '/readyz', '/readyz']);
    expect(closed).toEqual(['database']);
  });

  it('is false when the app reports its database unreachable, and still closes', async () => {
    const { handler, asked } = app(['unreachable']);
    let closes = 0;
    expect(await prepareDatabaseHere(handler, () => [async () => void closes++])).toBe(false);
    expect(asked).toHaveLength(1);
    expect(closes).toBe(1);
  });
});
