/**
 * The worker's entry point (wrangler.edge.jsonc `main`; ADR 35): what scripts/serve.mjs does around
 * the app on Node, for the requests that reach the worker (the build's files and pictures are
 * answered by the platform before it, with the headers of dist-edge/client/_headers):
 *
 * - `/_u/…` (product pictures HQ uploaded, ADR 28) are files of the Node shop, and a `/_p/…` picture
 *   the build did not make (a size an operator's catalogue shows, or one the shop refuses with 400)
 *   is the Node shop's to make: GET and HEAD of both are forwarded to the API's origin as they came
 *   (the platform's cache keeps them: an address never changes its picture);
 * - `POST /_edge/purge` drops cached pages by tag (./purge.ts, ADR 36): through Astro's Cloudflare
 *   cache provider on the platform, through the local stand-in (./local-cache.ts) in workerd;
 * - everything else goes to the app; with EDGE_LOCAL_CACHE=true (local workerd only) through the
 *   stand-in for the platform's cache;
 * - every answer carries the security headers of src/server/http/security-policy.ts (a page's own
 *   Content-Security-Policy kept), with Strict-Transport-Security when SITE_URL is https.
 */
import { handle } from '@astrojs/cloudflare/handler';
import cloudflareCache from '@astrojs/cloudflare/cache/provider';
import { securityHeaders } from '../server/http/security-policy.ts';
import { UPLOADED_PICTURE_PREFIX } from '../server/http/uploaded-pictures.ts';
import { SHORT_PICTURE_PREFIX } from '../server/http/picture-sizes.ts';
import { EDGE_PURGE_PATH } from '../server/edge-purge-names';
import { forwardToApi, remoteApiBase } from '../server/remote-api';
import { config } from './config';
import { localEdgeCache } from './local-cache';
import { answerPurge } from './purge';
import { setting } from './settings';

/** Paths of files the Node shop holds or makes. */
const NODE_FILES = [UPLOADED_PICTURE_PREFIX, SHORT_PICTURE_PREFIX];

type Handle = (request: Request, env: unknown, context: unknown) => Promise<Response>;
type Context = { waitUntil(promise: Promise<unknown>): void };

/** The stand-in for the platform's cache, made on the first request that asks for it (one per isolate). */
let local: ReturnType<typeof localEdgeCache> | undefined;
function localCache() {
  if (setting('EDGE_LOCAL_CACHE') !== 'true') return undefined;
  return (local ??= localEdgeCache());
}

/** The platform's purge, through Astro's Cloudflare cache provider (Workers Cache `cache.purge`). */
const platformPurge = async (tags: string[]) => {
  await cloudflareCache({}).invalidate({ tags });
};

/** The answer with every security header it does not set itself (copied when its headers are immutable). */
function secured(res: Response): Response {
  const out = new Response(res.body, res);
  for (const [name, value] of Object.entries(securityHeaders(config.siteUrl))) if (!out.headers.has(name)) out.headers.set(name, value);
  return out;
}

export default {
  async fetch(request: Request, env: unknown, context: Context): Promise<Response> {
    const url = new URL(request.url);
    if (NODE_FILES.some((prefix) => url.pathname.startsWith(prefix)) && (request.method === 'GET' || request.method === 'HEAD')) {
      const remote = remoteApiBase(config.xsApiUrl)!;
      return secured(await forwardToApi(request, new URL(`${url.pathname}${url.search}`, remote.origin), request.headers.get('cf-connecting-ip')));
    }
    const cache = localCache();
    if (url.pathname === EDGE_PURGE_PATH) {
      return secured(await answerPurge(request, { token: setting('EDGE_PURGE_TOKEN'), purge: cache ? cache.purge : platformPurge }));
    }
    const render = async (asked: Request) => secured(await (handle as Handle)(asked, env, context));
    return cache ? cache.serve(request, render, (p) => context.waitUntil(p)) : render(request);
  },
};
