/**
 * One process per embedded data directory (DESIGN pitfalls): a second opener fails with a clear
 * message instead of losing rows; a lock left by a process that is gone is taken over.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, openDb } from '../../src/server/xs-api/db/client';

describe('PGlite data directory lock', () => {
  it('refuses a directory held by a live process, with a message that says what to do', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'xs-lock-')), 'pglite');
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(`${dir}.lock`, String(holder.pid));
      const err = await openDb({ dataDir: dir }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DataDirLockedError);
      expect((err as Error).message).toMatch(new RegExp(`in use by another process \\(pid ${holder.pid}\\).*DATABASE_URL`));
      expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(false);
    } finally {
      holder.kill();
    }
  });

  it('refuses a second open in the same process, and takes over a stale lock', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'xs-lock-')), 'pglite');
    fs.writeFileSync(`${dir}.lock`, '999999999');
    const first = await openDb({ dataDir: dir });
    try {
      expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toMatch(new RegExp(`^${process.pid} \\d+$`));
      await expect(openDb({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      await first.close();
    }
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });

  it('takes over a lock left by an earlier run that had the same pid', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'xs-lock-')), 'pglite');
    fs.writeFileSync(`${dir}.lock`, `${process.pid} 1000`);
    const db = await openDb({ dataDir: dir });
    await db.close();
  });
});
