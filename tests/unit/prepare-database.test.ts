/**
 * A new embedded database prepared in a process of its own (src/server/http/prepare-database.ts,
 * ADR 41): when the server needs one, how it waits for the preparing process, and what that
 * process does with its app. The whole path, from a fresh folder to a shop's first page, is run by
 * tests/server/shutdown.spec.ts.
 */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { needsNewEmbeddedDatabase, prepareDatabaseApart, prepareDatabaseHere, PREPARE_DATABASE_ARG } from '../../src/server/http/prepare-database';

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
  /** A script that records its arguments, then exits with PREPARE_TEST_EXIT or never ends. */
  const script = path.join(dir, 'preparer.mjs');
  const seen = path.join(dir, 'argv.json');
  fs.writeFileSync(
    script,
    `import fs from 'node:fs';
fs.writeFileSync(${JSON.stringify(seen)}, JSON.stringify(process.argv.slice(2)));
if (process.env.PREPARE_TEST_EXIT === 'never') setInterval(() => {}, 1000);
else process.exit(Number(process.env.PREPARE_TEST_EXIT));
`,
  );
  const withExit = async (exit: string, timeoutMs?: number) => {
    process.env.PREPARE_TEST_EXIT = exit;
    try {
      return await prepareDatabaseApart(script, timeoutMs);
    } finally {
      delete process.env.PREPARE_TEST_EXIT;
    }
  };

  it('starts the script again with the argument and the environment, and is true when it exits 0', async () => {
    expect(await withExit('0')).toBe(true);
    expect(JSON.parse(fs.readFileSync(seen, 'utf8'))).toEqual([PREPARE_DATABASE_ARG]);
  });

  it('is false when the process fails or outlasts the timeout (it is then killed)', async () => {
    expect(await withExit('3')).toBe(false);
    const began = Date.now();
    expect(await withExit('never', 300)).toBe(false);
    expect(Date.now() - began).toBeLessThan(10_000);
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
