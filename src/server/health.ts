/**
 * Readiness (issue "Hardened for the open internet" §11): `/readyz` answers 200 only when this
 * instance can serve — the database (PGlite or PostgreSQL, migrated and seeded) answers a query,
 * and Redis answers PING when REDIS_URL is set. A load balancer sends traffic only to ready
 * instances; `/healthz` (liveness) checks nothing but the process.
 */
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { readyDb } from './runtime';
import { config } from './config';
import { remoteApiBase } from './remote-api';
import { API_KEY_HEADER } from '../lib/xs-api/contract';
import { onShutdown } from './lifecycle';
import { errorFields, log } from './log';
import { currentEnv } from './settings';

/**
 * How long one dependency may take to answer before the instance counts as not ready (ms). The
 * checks run side by side, so /readyz answers within 2 s whatever is down (README Health).
 */
export const READINESS_TIMEOUT_MS = 1_500;

/** 'ok', or a short reason ('unreachable', 'timeout'); Redis is 'not_configured' without REDIS_URL. */
export type CheckResult = 'ok' | 'unreachable' | 'timeout' | 'not_configured';

/**
 * The body of /readyz: `status` 'ready' (HTTP 200) or 'not_ready' (HTTP 503), and each dependency.
 * A storefront apart from its API (XS_API_URL) has no database ('not_configured') and reports `api`:
 * whether the API answers a reference read (state_listing).
 */
export type Readiness = { status: 'ready' | 'not_ready'; database: CheckResult; redis: CheckResult; api?: CheckResult };

class Timeout extends Error {}

/** A reference read (state_listing) on the remote API answers Status 1. @throws Error otherwise. */
async function remoteApiAnswers(remote: { origin: string; basePath: string }, timeoutMs: number): Promise<void> {
  const res = await fetch(new URL(`${remote.basePath}/state_listing`, remote.origin), { headers: { [API_KEY_HEADER]: config.xsApiKey }, signal: AbortSignal.timeout(timeoutMs) });
  const body = (await res.json().catch(() => null)) as { Status?: unknown } | null;
  if (!res.ok || body?.Status !== 1) throw new Error(`the API answered ${res.status}`);
}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Timeout()), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

async function check(name: string, work: () => Promise<unknown>, ms: number): Promise<CheckResult> {
  try {
    await within(work(), ms);
    return 'ok';
  } catch (err) {
    if (err instanceof Timeout) return 'timeout';
    log.warn({ ...errorFields(err), event: 'readyz', dependency: name }, 'readiness: a dependency is not reachable');
    return 'unreachable';
  }
}

/**
 * Redis connections kept for PING, one per URL (lazy; they reconnect by themselves; closed at
 * shutdown). No offline queue: while the connection is down a PING fails at once instead of
 * waiting for the next reconnection (issue "Safe to run in production" §6: readiness within 2 s).
 */
const redisClients = new Map<string, Redis>();

async function redisClient(url: string): Promise<Redis> {
  let client = redisClients.get(url);
  if (!client) {
    const { Redis } = await import('ioredis');
    const created = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: READINESS_TIMEOUT_MS,
      commandTimeout: READINESS_TIMEOUT_MS,
    });
    created.on('error', () => {}); // reported by the failing PING instead
    redisClients.set(url, created);
    onShutdown(async () => {
      redisClients.delete(url);
      await created.quit().catch(() => created.disconnect());
    });
    client = created;
  }
  return client;
}

/**
 * PING over `client`: connects first when it never has; waits for a connection under way (the
 * caller's timeout bounds it); fails at once while the connection is down and retrying.
 */
async function ping(client: Redis): Promise<void> {
  if (client.status === 'wait') await client.connect();
  // An 'error' rejects it; the signal removes the listener when Redis never becomes ready.
  else if (client.status === 'connecting' || client.status === 'connect') await once(client, 'ready', { signal: AbortSignal.timeout(READINESS_TIMEOUT_MS) });
  else if (client.status !== 'ready') throw new Error(`Redis connection is ${client.status}`);
  await client.ping();
}

/**
 * Checks the database (`select 1`) and, when `redisUrl` is set, Redis (PING), each within `timeoutMs`.
 * Never throws: a failing dependency is reported in the result.
 */
export async function readiness(redisUrl = currentEnv().REDIS_URL, timeoutMs = READINESS_TIMEOUT_MS): Promise<Readiness> {
  const remote = remoteApiBase(config.xsApiUrl);
  if (remote) {
    const [api, cache] = await Promise.all([
      check('api', () => remoteApiAnswers(remote, timeoutMs), timeoutMs),
      redisUrl ? check('redis', async () => ping(await redisClient(redisUrl)), timeoutMs) : Promise.resolve<CheckResult>('not_configured'),
    ]);
    const ok = api === 'ok' && (cache === 'ok' || cache === 'not_configured');
    return { status: ok ? 'ready' : 'not_ready', database: 'not_configured', redis: cache, api };
  }
  const [database, cache] = await Promise.all([
    check('database', async () => (await readyDb()).execute(sql`select 1`), timeoutMs),
    redisUrl ? check('redis', async () => ping(await redisClient(redisUrl)), timeoutMs) : Promise.resolve<CheckResult>('not_configured'),
  ]);
  const ok = database === 'ok' && (cache === 'ok' || cache === 'not_configured');
  return { status: ok ? 'ready' : 'not_ready', database, redis: cache };
}
