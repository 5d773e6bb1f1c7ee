/**
 * The file of an import between its dry run and its apply (issue "The chain's own catalogue" §3;
 * ADR 27), kept on the server.
 *
 * Why kept, not posted again: a browser cannot fill a file input for the member, so posting the
 * file again would mean choosing it a second time, and the file applied could differ from the one
 * checked (a newer export with the same name). Kept here, "Apply" applies exactly the bytes whose
 * report the member read, with one click and no JavaScript.
 *
 * - Where: `<UPLOADS_DIR>/.imports/` (the folder every instance shares, ADR 28), so the apply may
 *   reach another instance than the dry run. A dot folder: backups take only UPLOADS_DIR's files.
 * - Each run: `<id>.csv` (the bytes as sent) and `<id>.json` (who: the staff id; the kind, the file
 *   name, the dry run's report and, once applied, the apply's report). `id` is 32 random hex digits.
 * - Only the staff member who checked a file may read or apply it; runs older than KEEP_MS are
 *   removed whenever a new one is kept, and are no longer read.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import type { importReport } from '../../lib/xs-api/contract';
import { config } from '../../server/config';

/** The report of an import operation (contract/catalogue-writes.ts `importReport`). */
export type ImportReport = z.infer<typeof importReport>;
export type ImportKind = ImportReport['kind'];

/** A kept run. */
export type ImportRun = { id: string; staffId: number; kind: ImportKind; name: string; at: number; check: ImportReport; applied: ImportReport | null };

/** How long a checked file may still be applied, ms (an hour). */
export const KEEP_MS = 60 * 60 * 1000;
const ID = /^[0-9a-f]{32}$/;

const folder = () => path.join(config.uploadsDir, '.imports');
const fileOf = (id: string, ext: 'csv' | 'json') => path.join(folder(), `${id}.${ext}`);

/** Writes `file` under a temporary name, then renames it (another instance never reads half a file). */
async function writeWhole(where: string, body: string | Uint8Array) {
  const part = `${where}.${process.pid}.part`;
  await fs.writeFile(part, body, { mode: 0o600 });
  await fs.rename(part, where);
}

/** Removes runs older than KEEP_MS. Failures are ignored (another instance may be removing them too). */
async function removeOld(now: number) {
  const names = await fs.readdir(folder()).catch(() => [] as string[]);
  await Promise.all(
    names.map(async (name) => {
      const where = path.join(folder(), name);
      const stat = await fs.stat(where).catch(() => null);
      if (stat && now - stat.mtimeMs > KEEP_MS) await fs.rm(where, { force: true }).catch(() => undefined);
    }),
  );
}

/** Keeps the checked file `bytes` and its dry run's report for `staffId`; answers the run's id. */
export async function keepRun(staffId: number, kind: ImportKind, name: string, bytes: Uint8Array, check: ImportReport): Promise<string> {
  const now = Date.now();
  await fs.mkdir(folder(), { recursive: true, mode: 0o700 });
  await removeOld(now);
  const id = randomBytes(16).toString('hex');
  await writeWhole(fileOf(id, 'csv'), bytes);
  const run: ImportRun = { id, staffId, kind, name, at: now, check, applied: null };
  await writeWhole(fileOf(id, 'json'), JSON.stringify(run));
  return id;
}

/** The run `id` of `staffId`, or null when it is not theirs, is malformed, gone or past KEEP_MS. */
export async function readRun(id: string, staffId: number): Promise<ImportRun | null> {
  if (!ID.test(id)) return null;
  const text = await fs.readFile(fileOf(id, 'json'), 'utf8').catch(() => null);
  if (!text) return null;
  let run: ImportRun;
  try {
    run = JSON.parse(text) as ImportRun;
  } catch {
    return null;
  }
  return run.staffId === staffId && Date.now() - run.at <= KEEP_MS ? run : null;
}

/** The bytes of run `id`'s file (check `readRun` first), or null when gone. */
export async function runFile(id: string): Promise<Uint8Array | null> {
  if (!ID.test(id)) return null;
  return fs.readFile(fileOf(id, 'csv')).catch(() => null);
}

/** Records that run `id` was applied, with the apply's report; the file itself is removed. */
export async function markApplied(run: ImportRun, applied: ImportReport): Promise<void> {
  await writeWhole(fileOf(run.id, 'json'), JSON.stringify({ ...run, applied }));
  await fs.rm(fileOf(run.id, 'csv'), { force: true });
}
