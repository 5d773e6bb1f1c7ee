/**
 * The worker's entry point (wrangler.edge.jsonc `main`; ADR 35): what scripts/serve.mjs does around
 * the app on Node, for the requests that reach the worker (the build's files and pictures are
 * answered by the platform before it, with the headers of dist-edge/client/_headers):
 *
 * - `/_u/…` (product pictures HQ uploaded, ADR 28) are files of the Node shop, and a `/_p/…` picture
 *   the build did not make (a size an operator's catalogue shows, or one the shop refuses with 400)
 *   is the Node shop's to make: GET and HEAD of both are forwarded to the API's origin as they came
 *   (the platform's cache keeps them: an address never changes its picture); everything else goes
 *   to the app;
 * - every answer carries the security headers of src/server/http/security-policy.ts (a page's own
 *   Content-Security-Policy kept), with Strict-Transport-Security when SITE_URL is https.
 */
import { handle } from '@astrojs/cloudflare/handler';
import { securityHeaders } from '../server/http/security-policy.ts';
import { UPLOADED_PICTURE_PREFIX } from '../server/http/uploaded-pictures.ts';
import { SHORT_PICTURE_PREFIX } from '../server/http/picture-sizes.ts';
import { forwardToApi, remoteApiBase } from '../server/remote-api';
import { config } from './config';

/** Paths of files the Node shop holds or makes. */
const NODE_FILES = [UPLOADED_PICTURE_PREFIX, SHORT_PICTURE_PREFIX];

type Handle = (request: Request, env: unknown, context: unknown) => Promise<Response>;

/** The answer with every security header it does not set itself (copied when its headers are immutable). */
function secured(res: Response): Response {
  const out = new Response(res.body, res);
  for (const [name, value] of Object.entries(securityHeaders(config.siteUrl))) if (!out.headers.has(name)) out.headers.set(name, value);
  return out;
}

export default {
  async fetch(request: Request, env: unknown, context: unknown): Promise<Response> {
    const url = new URL(request.url);
    if (NODE_FILES.some((prefix) => url.pathname.startsWith(prefix)) && (request.method === 'GET' || request.method === 'HEAD')) {
      const remote = remoteApiBase(config.xsApiUrl)!;
      return secured(await forwardToApi(request, new URL(`${url.pathname}${url.search}`, remote.origin), request.headers.get('cf-connecting-ip')));
    }
    return secured(await (handle as Handle)(request, env, context));
  },
};
