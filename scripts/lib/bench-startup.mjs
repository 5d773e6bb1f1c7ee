/**
 * The start-up and build bench of `npm run bench` (scripts/bench.mjs, `BENCH_ONLY=startup`; issue 22
 * item 5, ADR 38): how long a build takes when its caches are filled, how long a fresh clone takes
 * from `npm start` to its first page, and the server's memory right then.
 *
 * 1. Build with the caches filled: the three commands of `npm run build` (`astro build`,
 *    scripts/make-db-template.mjs, scripts/make-pictures.mjs), run one after another in this checkout
 *    as `npm run build` runs them, each timed, STARTUP_BENCH.runs times. A build that would have to
 *    make a picture or a database template is run once first, untimed, so the figures are of a
 *    build whose caches (node_modules/.cache/xs-storefront: pictures, their record, the template)
 *    are filled.
 * 2. A fresh clone: `git clone` of this checkout's HEAD (its last commit: work not committed is not
 *    in it) into a temporary folder, node_modules provided as a hard-linked copy of this checkout's
 *    (`cp -al`) without its caches (`.cache`, `.vite`, `.astro`: what `npm ci` leaves), then
 *    `npm start` on a free PORT, timed from the spawn until `/` answers 200 (polled every 100 ms).
 *    The build is `npm start`'s own (ADR 38: no picture made before serving); when the server's
 *    process appears (polled with the page) marks the build's end. STARTUP_BENCH.runs clones, each new.
 * 3. The server process's RSS (VmRSS of /proc/<pid>/status; the process running scripts/serve.mjs
 *    of that clone) when the first page answers and STARTUP_BENCH.settleMs later, in each clone.
 * 4. A second `npm start` of the last clone (its build and database there): time to the first page
 *    and RSS, as a shop restarts.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, root, rssMb } from './shop-process.mjs';
import { fingerprintSettings, MANIFEST_NAME, picturesFingerprint, reusableFiles } from './pictures-manifest.mjs';

/** Runs of each measurement, and how long after the first page the second RSS is read (ms). */
export const STARTUP_BENCH = { runs: 3, settleMs: 10_000 };
/** The goals: seconds for a build and a fresh clone's first page, MB of RSS right after start. */
export const STARTUP_GOALS = { buildS: 20, firstPageS: 20, rssMb: 300 };

const BUILD_STEPS = [
  ['astro build', ['node_modules/astro/bin/astro.mjs', 'build']],
  ['database template', ['scripts/make-db-template.mjs']],
  ['pictures', ['scripts/make-pictures.mjs']],
];

/** Runs the build's three steps in `cwd`, timing each (s). @throws Error when one fails */
function timedBuild(cwd) {
  const seconds = {};
  for (const [name, args] of BUILD_STEPS) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${name} failed:\n${(r.stdout + r.stderr).slice(-3000)}`);
    seconds[name] = (performance.now() - t0) / 1000;
  }
  return { ...seconds, total: Object.values(seconds).reduce((a, b) => a + b, 0) };
}

/** True when the next build would find every picture and the database template in its caches. */
async function cachesFilled() {
  const { SETTINGS } = await import('../../src/server/settings.ts');
  const cacheDir = path.join(root, 'node_modules/.cache/xs-storefront');
  const pictures = reusableFiles(path.join(cacheDir, MANIFEST_NAME), picturesFingerprint(root, { settings: fingerprintSettings(Object.keys(SETTINGS)) }), path.join(cacheDir, 'pictures'));
  const template = fs.existsSync(cacheDir) && fs.readdirSync(cacheDir).some((n) => n.startsWith('pglite-template-'));
  return Boolean(pictures && template);
}

/** The pid of the process running `<clone>/scripts/serve.mjs`, or null. */
function serverPid(clone) {
  const script = path.join(clone, 'scripts/serve.mjs');
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').includes(script)) return Number(name);
    } catch {
      // Gone meanwhile.
    }
  }
  return null;
}

/** Makes a fresh clone of HEAD with node_modules hard-linked, without its caches. @returns {string} its folder */
function freshClone() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-clone-'));
  const clone = path.join(folder, 'shop');
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
  const git = (args, cwd) => {
    const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  };
  git(['clone', '-q', '--no-checkout', root, clone], folder);
  git(['checkout', '-q', head], clone);
  fs.mkdirSync(path.join(clone, 'node_modules'));
  for (const name of fs.readdirSync(path.join(root, 'node_modules'))) {
    // What `npm ci` leaves at the top: the packages, .bin and .package-lock.json; no caches.
    if (name.startsWith('.') && name !== '.bin' && name !== '.package-lock.json') continue;
    const r = spawnSync('cp', ['-al', path.join(root, 'node_modules', name), path.join(clone, 'node_modules', name)]);
    if (r.status !== 0) throw new Error(`cp -al node_modules/${name} failed`);
  }
  return clone;
}

/**
 * `npm start` in `clone` on a free port: seconds to the first 200 of `/`, and the server's RSS then
 * and `settleMs` later. Stops the shop (its process group) before returning.
 * @returns {Promise<{ firstPageS: number, serverS: number, rssAtFirstMb: number, rssLaterMb: number, log: string }>}
 *   serverS: seconds until the server process appeared (the build before it is done)
 */
async function timedStart(clone) {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
  for (const name of Object.keys(env)) if (name.startsWith('npm_')) delete env[name];
  const t0 = performance.now();
  const child = spawn('npm', ['start'], { cwd: clone, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (c) => (log = (log + c).slice(-6000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = false;
  const gone = new Promise((resolve) => child.once('exit', () => ((exited = true), resolve())));
  try {
    let firstPageS = NaN;
    let serverS = NaN;
    while (!exited && performance.now() - t0 < 15 * 60_000) {
      // When the server process appears, the build is done: the rest is its start and first page.
      if (!Number.isFinite(serverS) && serverPid(clone)) serverS = (performance.now() - t0) / 1000;
      const ok = await fetch(`http://127.0.0.1:${port}/`).then(async (r) => (await r.arrayBuffer(), r.status === 200), () => false);
      if (ok) {
        firstPageS = (performance.now() - t0) / 1000;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const pid = serverPid(clone);
    if (!Number.isFinite(firstPageS) || !pid) throw new Error(`npm start in a fresh clone did not serve its first page:\n${log}`);
    const rssAtFirstMb = rssMb(pid).rss;
    await new Promise((r) => setTimeout(r, STARTUP_BENCH.settleMs));
    const rssLaterMb = rssMb(pid).rss;
    return { firstPageS, serverS, rssAtFirstMb, rssLaterMb, log };
  } finally {
    if (!exited) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      let grace;
      await Promise.race([gone, new Promise((r) => (grace = setTimeout(r, 20_000)))]);
      clearTimeout(grace);
      if (!exited) process.kill(-child.pid, 'SIGKILL');
    }
  }
}

/**
 * Runs the bench described above.
 * @param {{ step: (text: string) => void }} options
 * @returns {Promise<{ builds: object[], starts: object[], restart: object, load: number[] }>}
 *   builds: seconds per step and in total, and the load average after it; starts: each fresh
 *   clone's start (s, MB) and the load average after it; restart: the
 *   last clone started again; load: the load average before and after
 * @throws Error when a build or a start fails
 */
export async function benchStartup({ step }) {
  const loadBefore = os.loadavg()[0];
  if (!(await cachesFilled())) {
    step('the caches are not filled: one build first, untimed');
    timedBuild(root);
  }
  const builds = [];
  for (let i = 0; i < STARTUP_BENCH.runs; i++) {
    const b = { ...timedBuild(root), load: os.loadavg()[0] };
    builds.push(b);
    step(`build ${i + 1}: ${b.total.toFixed(1)} s (astro build ${b['astro build'].toFixed(1)} s, template ${b['database template'].toFixed(1)} s, pictures ${b.pictures.toFixed(1)} s; load ${os.loadavg()[0].toFixed(1)})`);
  }
  const starts = [];
  let restart = null;
  for (let i = 0; i < STARTUP_BENCH.runs; i++) {
    const clone = freshClone();
    try {
      const s = { ...(await timedStart(clone)), load: os.loadavg()[0] };
      starts.push(s);
      step(`fresh clone ${i + 1}: first page ${s.firstPageS.toFixed(1)} s after npm start (server started at ${s.serverS.toFixed(1)} s); RSS ${Math.round(s.rssAtFirstMb)} MB then, ${Math.round(s.rssLaterMb)} MB ${STARTUP_BENCH.settleMs / 1000} s later (load ${os.loadavg()[0].toFixed(1)})`);
      if (i === STARTUP_BENCH.runs - 1) {
        restart = await timedStart(clone);
        step(`the same clone started again: first page ${restart.firstPageS.toFixed(1)} s; RSS ${Math.round(restart.rssAtFirstMb)} MB then, ${Math.round(restart.rssLaterMb)} MB later`);
      }
    } finally {
      fs.rmSync(path.dirname(clone), { recursive: true, force: true });
    }
  }
  return { builds, starts, restart, load: [loadBefore, os.loadavg()[0]] };
}
