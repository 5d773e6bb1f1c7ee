/** Serves the bundled mobile e-commerce API (spec §7) at its contract path, with the caller's IP for per-IP limits. */
import type { APIRoute } from 'astro';
import { bundledApi } from '../../../../server/runtime';

export const prerender = false;
export const ALL: APIRoute = async ({ request, locals }) => (await bundledApi()).fetch(request, { clientIp: locals.clientIp ?? null });
