/**
 * Readiness (issue "Hardened for the open internet" §11): 200 `{"status":"ready","database":"ok",
 * "redis":"ok"|"not_configured"}` when the database answers a query and Redis (when REDIS_URL is
 * set) answers PING; else 503 with the same shape naming what failed ('unreachable', 'timeout').
 * While the server shuts down, src/server/http/serve.ts answers 503 `{"status":"shutting_down"}` itself.
 * Never cached, no cookie.
 */
import type { APIRoute } from 'astro';
import { readiness } from '../server/health';

export const prerender = false;

export const GET: APIRoute = async () => {
  const r = await readiness();
  return Response.json(r, { status: r.status === 'ready' ? 200 : 503, headers: { 'cache-control': 'no-store' } });
};
