/**
 * The edge build's `src/server/health.ts` (ADR 35): a worker is ready when its API answers a
 * reference read (state_listing) within READINESS_TIMEOUT_MS; it has no database and no Redis.
 */
import { API_KEY_HEADER } from '../lib/xs-api/contract';
import { remoteApiBase } from '../server/remote-api';
import type { Readiness } from '../server/health';
import { config } from './config';
import { errorFields, log } from './log';

/** How long the API may take to answer, ms (as on Node). */
export const READINESS_TIMEOUT_MS = 1_500;

/** `ready` when the API answers Status 1 in time; never throws. */
export async function readiness(): Promise<Readiness> {
  const remote = remoteApiBase(config.xsApiUrl);
  let api: Readiness['api'] = 'not_configured';
  if (remote) {
    try {
      const res = await fetch(new URL(`${remote.basePath}/state_listing`, remote.origin), { headers: { [API_KEY_HEADER]: config.xsApiKey }, signal: AbortSignal.timeout(READINESS_TIMEOUT_MS) });
      const body = (await res.json().catch(() => null)) as { Status?: unknown } | null;
      api = res.ok && body?.Status === 1 ? 'ok' : 'unreachable';
    } catch (err) {
      api = err instanceof DOMException && err.name === 'TimeoutError' ? 'timeout' : 'unreachable';
      if (api === 'unreachable') log.warn({ ...errorFields(err), event: 'readyz', dependency: 'api' }, 'readiness: the API is not reachable');
    }
  }
  return { status: api === 'ok' ? 'ready' : 'not_ready', database: 'not_configured', redis: 'not_configured', api };
}
