/**
 * Liveness (issue "Hardened for the open internet" §11): 200 `{"status":"ok"}` while the process
 * runs, checking no dependency, never cached, no cookie. src/server/http/serve.ts answers it before the
 * app when serving the build; this route answers under `astro dev`.
 */
import type { APIRoute } from 'astro';

export const prerender = false;

export const GET: APIRoute = () => Response.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } });
