#!/usr/bin/env node
/**
 * `npm run start:edge` (README "At the edge (Cloudflare Workers)", ADR 35): the edge build
 * (dist-edge/, `npm run build:edge`) served locally in workerd, Cloudflare's runtime, through
 * `wrangler dev` (no account, nothing deployed), on HOST:PORT against the API at XS_API_URL.
 *
 * The Worker's settings come from this process's environment, written to a file only this user
 * can read (.wrangler/edge-<PORT>.env) that wrangler loads as the Worker's vars and secrets:
 * XS_API_URL (required), XS_API_KEY, SESSION_SECRET (else one made for this run: logins then end
 * with it), SITE_URL (default http://HOST:PORT), COOKIE_SECURE, OPS_TOKEN, PAYMENT_PROVIDER,
 * PAYMENT_WINDOW_MINUTES, TRUST_PROXY, WHATSAPP_NUMBER, the app-store addresses, LOG_LEVEL and
 * EDGE_PURGE_TOKEN (the purge address's token, ADR 36), RATE_LIMIT_EXEMPT_IPS (never counted by the
 * per-IP limit, src/edge/per-ip-limit.ts). EDGE_LOCAL_CACHE is always true here:
 * workerd has no Workers Cache, so the worker keeps the cached pages itself (src/edge/local-cache.ts).
 * PORT defaults to 8787, HOST to 127.0.0.1; EDGE_INSPECTOR_PORT sets the debugger's port (else
 * wrangler takes 9229 or a free one). Stops wrangler on SIGINT/SIGTERM.
 */
import './lib/project-node.mjs';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib/shop-process.mjs';

const SETTINGS = ['XS_API_URL', 'XS_API_KEY', 'SESSION_SECRET', 'SITE_URL', 'COOKIE_SECURE', 'OPS_TOKEN', 'PAYMENT_PROVIDER', 'PAYMENT_WINDOW_MINUTES', 'TRUST_PROXY', 'WHATSAPP_NUMBER', 'APP_STORE_URL', 'GOOGLE_PLAY_URL', 'APPGALLERY_URL', 'LOG_LEVEL', 'EDGE_PURGE_TOKEN', 'RATE_LIMIT_EXEMPT_IPS'];

const config = path.join(root, 'dist-edge/server/wrangler.json');
if (!fs.existsSync(config)) {
  console.error('There is no edge build (dist-edge/server/wrangler.json): run `npm run build:edge` first.');
  process.exit(1);
}
if (!process.env.XS_API_URL) {
  console.error('Set XS_API_URL to a running shop\'s API, e.g. XS_API_URL=http://127.0.0.1:4321/api/mobile_ecom/xs_api.php (README "At the edge").');
  process.exit(1);
}
const host = process.env.HOST || '127.0.0.1';
const port = process.env.PORT || '8787';
const env = {
  SITE_URL: `http://${host}:${port}`,
  // workerd has no Workers Cache: the worker stands in for it (src/edge/local-cache.ts, ADR 36).
  EDGE_LOCAL_CACHE: 'true',
  SESSION_SECRET: randomBytes(32).toString('base64url'),
  ...Object.fromEntries(SETTINGS.filter((k) => process.env[k]).map((k) => [k, process.env[k]])),
};
const envFile = path.join(root, `.wrangler/edge-${port}.env`);
fs.mkdirSync(path.dirname(envFile), { recursive: true });
fs.writeFileSync(envFile, Object.entries(env).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join('\n') + '\n', { mode: 0o600 });

const wrangler = path.join(root, 'node_modules/wrangler/bin/wrangler.js');
const inspector = process.env.EDGE_INSPECTOR_PORT ? ['--inspector-port', process.env.EDGE_INSPECTOR_PORT] : [];
// Each run its own local state (the platform's caches), so two workers on two ports do not share it,
// and a new run starts with an empty cache (the purge marks of src/edge/local-cache.ts live in memory).
const state = path.join(root, '.wrangler/state', port);
fs.rmSync(state, { recursive: true, force: true });
const args = ['dev', '--config', config, '--ip', host, '--port', port, ...inspector, '--persist-to', state, '--env-file', envFile, '--show-interactive-dev-session=false', '--log-level', process.env.WRANGLER_LOG ?? 'warn'];
const child = spawn(process.execPath, [wrangler, ...args], {
  cwd: root,
  stdio: 'inherit',
  // No look-ups on the internet: the placeholder `request.cf`, no usage reports.
  env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
