#!/usr/bin/env node
/**
 * Several shop instances on one machine, without containers (issue "Hardened for the open
 * internet" §11): each is the built server (`node scripts/serve.mjs`, the container's command) on
 * its own loopback port, all sharing one PostgreSQL database and Redis, as behind the compose
 * file's proxy. Used by the two-instance kill test (tests/server/two-instances.spec.ts) and by
 * operators to try scale-out locally:
 *
 *   npm run build
 *   DATABASE_URL=postgres://… REDIS_URL=redis://… node scripts/two-instances.mjs [--port 4321] [--count 2]
 *
 * The instances share SESSION_SECRET (generated for the run unless set) and OPS_TOKEN; Ctrl-C or a
 * SIGTERM to this script stops them gracefully (SIGTERM).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts one built server on 127.0.0.1:`port` with `env` added to this process's environment.
 * @returns `{ port, url, pid, child, exited, ready, stop(signal) }`: `exited` resolves to the exit
 *   code (or the signal name) when the process ends; `ready(timeoutMs)` resolves once /readyz
 *   answers 200 and rejects when the process ends first or the time is up; `stop` sends `signal`
 *   (default SIGTERM) and resolves to the exit code.
 */
export function startShop({ port, env = {}, log = false }) {
  const child = spawn(process.execPath, [path.join(root, 'scripts/serve.mjs')], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000);
    if (log) process.stdout.write(`[${port}] ${chunk}`);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  let gone = false;
  void exited.then(() => (gone = true));
  const url = `http://127.0.0.1:${port}`;
  async function ready(timeoutMs = 60_000) {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (gone) throw new Error(`The shop on port ${port} exited before it was ready:\n${output}`);
      const ok = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
      if (ok) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`The shop on port ${port} was not ready after ${timeoutMs} ms:\n${output}`);
  }
  return {
    port,
    url,
    pid: child.pid,
    child,
    exited,
    ready,
    output: () => output,
    stop: (signal = 'SIGTERM') => {
      if (!gone) child.kill(signal);
      return exited;
    },
  };
}

/** Environment every instance of one run shares: the session secret and the operators' token. */
export function sharedEnv(env = process.env) {
  return {
    SESSION_SECRET: env.SESSION_SECRET ?? randomBytes(32).toString('base64url'),
    OPS_TOKEN: env.OPS_TOKEN ?? randomBytes(24).toString('base64url'),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { parseArgs } = await import('node:util');
  const { values } = parseArgs({ options: { port: { type: 'string', default: process.env.PORT ?? '4321' }, count: { type: 'string', default: '2' } } });
  if (!process.env.DATABASE_URL) {
    console.error('Set DATABASE_URL to a PostgreSQL database (and REDIS_URL to Redis): the embedded database allows one process.');
    process.exit(1);
  }
  const env = sharedEnv();
  const shops = Array.from({ length: Number(values.count) }, (_, i) => startShop({ port: Number(values.port) + i, env, log: true }));
  await Promise.all(shops.map((s) => s.ready()));
  console.log(`Ready: ${shops.map((s) => s.url).join(' ')} (Ctrl-C stops them)`);
  // Ctrl-C, or a SIGTERM from a supervisor: the shops stop gracefully with it, never left behind.
  const stopAll = async () => {
    const codes = await Promise.all(shops.map((s) => s.stop('SIGTERM')));
    process.exit(codes.every((c) => c === 0) ? 0 : 1);
  };
  process.once('SIGINT', stopAll);
  process.once('SIGTERM', stopAll);
}
