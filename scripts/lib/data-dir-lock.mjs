/**
 * The embedded database's lock (ADR 14): where it lives, when it is stale, what a refused process
 * is told, and a check used by scripts/serve.mjs to refuse a second server before it listens. The
 * lock itself is taken in src/server/xs-api/db/client.ts when the database opens.
 */
import lockfile from 'proper-lockfile';

/** Default ms a lock may go without a refresh before it counts as left by a dead process. */
export const LOCK_STALE_MS = 30_000;

/**
 * The stale time in force: DATA_DIR_LOCK_STALE_MS when it is a number ≥ 2000 (ms), else LOCK_STALE_MS.
 * @param {NodeJS.ProcessEnv} env
 */
export function lockStaleMs(env = process.env) {
  const n = Number(env.DATA_DIR_LOCK_STALE_MS ?? LOCK_STALE_MS);
  return Number.isFinite(n) && n >= 2000 ? n : LOCK_STALE_MS;
}

/** The lock folder of an (absolute) data directory: `<dataDir>.lock.d`. @param {string} dataDir */
export function lockPathOf(dataDir) {
  return `${dataDir.replace(/\/$/, '')}.lock.d`;
}

/**
 * What a process refused the data directory is told.
 * @param {string} dataDir @param {string} lockPath @param {number} staleMs
 */
export function lockedMessage(dataDir, lockPath, staleMs) {
  return (
    `The embedded database in ${dataDir} is in use by another process (lock ${lockPath}). ` +
    'PGlite allows one process per data directory, also across containers sharing the volume: stop that process, ' +
    'or set DATA_DIR to another folder, or set DATABASE_URL to use PostgreSQL. ' +
    `A lock left by a process that died is taken over ${Math.round(staleMs / 1000)} s after its last refresh.`
  );
}

/**
 * Whether another live process holds the data directory now (a fresh lock). Only a hint for an early,
 * clear refusal: opening the database takes the lock for real.
 * @param {string} dataDir absolute path
 * @returns {Promise<boolean>}
 */
export function dataDirInUse(dataDir, env = process.env) {
  return lockfile.check(dataDir, { lockfilePath: lockPathOf(dataDir), realpath: false, stale: lockStaleMs(env) });
}
