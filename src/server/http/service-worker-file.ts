/**
 * Serves the service worker (dist/client/sw.js, ADR 31) from memory, read once at start:
 *
 * - `Cache-Control: no-cache`: the browser asks again (a 304 by ETag when nothing changed) each time
 *   it checks for an update, so a new build's worker is found on the next visit;
 * - `Content-Type: text/javascript` (browsers refuse a worker of another type);
 * - its own Content-Security-Policy: a worker obeys the policy of its script's answer, and the
 *   strict default of files (./security-policy.ts FALLBACK_CSP) would forbid the
 *   worker's own requests to the shop (connect-src) and its notification icon (img-src);
 * - brotli or gzip made once at start, by Accept-Encoding (Vary), identity otherwise, with an ETag
 *   and 304 (./negotiated-bytes.ts).
 * Without a built worker (`astro dev`, a build without it) `handle` leaves the request to the app (404).
 *
 * `SERVICE_WORKER=false` (README Configuration) answers with RETIRING_WORKER instead: every browser
 * that checks for an update (on its next visit) gets a worker that empties the shop's caches and
 * unregisters itself, and the shop is a plain website again.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendNegotiatedBytes, type EncodedBodies } from './negotiated-bytes.ts';

/** The worker's own policy: it fetches from and shows pictures of the shop, nothing else. */
export const SERVICE_WORKER_CSP = "default-src 'none'; connect-src 'self'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'";

/** The worker served with SERVICE_WORKER=false: it takes over, drops every cache of the shop and unregisters itself. */
export const RETIRING_WORKER = `self.addEventListener('install',()=>self.skipWaiting());
self.addEventListener('activate',(e)=>e.waitUntil(caches.keys().then((names)=>Promise.all(names.map((n)=>caches.delete(n)))).then(()=>self.registration.unregister())));
`;

/**
 * The worker's handler: `file` is dist/client/sw.js, `urlPath` its address (./app-manifest.ts
 * SERVICE_WORKER_PATH); `retire`: answer with RETIRING_WORKER (SERVICE_WORKER=false). `handle`
 * answers and returns true, or returns false and leaves the request alone.
 */
export function createServiceWorkerFile(file: string, urlPath: string, { retire = false }: { retire?: boolean } = {}): { present: boolean; handle(req: IncomingMessage, res: ServerResponse): boolean } {
  if (!retire && !fs.existsSync(file)) return { present: false, handle: () => false };
  const raw = retire ? Buffer.from(RETIRING_WORKER) : fs.readFileSync(file);
  const bodies: EncodedBodies = {
    br: zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: zlib.gzipSync(raw, { level: 9 }),
    identity: raw,
  };
  const tag = crypto.createHash('sha256').update(raw).digest('base64url').slice(0, 22);
  return {
    present: true,
    handle(req, res) {
      if ((req.url ?? '').split('?')[0] !== urlPath) return false;
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      return sendNegotiatedBytes(req, res, bodies, tag, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache', 'Content-Security-Policy': SERVICE_WORKER_CSP });
    },
  };
}
