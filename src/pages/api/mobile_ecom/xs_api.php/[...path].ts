/**
 * Serves the mobile e-commerce API (coverage.md §7) at its contract path: the bundled API with the caller's
 * IP for per-IP limits, or, on a storefront apart from its API (XS_API_URL), forwarded to the API
 * process as it came (src/server/remote-api.ts).
 */
import type { APIRoute } from 'astro';
import { config } from '../../../../server/config';
import { forwardToApi, remoteApiBase, remoteUrl } from '../../../../server/remote-api';
import { bundledApi } from '../../../../server/runtime';

export const prerender = false;
const remote = remoteApiBase(config.xsApiUrl);

export const ALL: APIRoute = async ({ request, locals }) =>
  remote ? forwardToApi(request, remoteUrl(request.url, remote), locals.clientIp ?? null) : (await bundledApi()).fetch(request, { clientIp: locals.clientIp ?? null });
