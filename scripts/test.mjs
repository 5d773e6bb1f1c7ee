#!/usr/bin/env node
/**
 * `npm test`: every test of the shop, in two lanes that run side by side (a lane's steps one after
 * another; on two cores neither lane waits for the other):
 * - unit and API tests (Vitest). With TEST_DATABASE_URL (CI): the unit tests and the embedded
 *   database's own API tests on PGlite at the real time, then every other API test once, on
 *   PostgreSQL with the shop's clock at 31 December 23:59 Malaysian time (tests/setup/clock.ts) —
 *   the browser tests run the whole shop on PGlite meanwhile, so both databases are covered.
 *   Without it: the unit and API tests on PGlite at the real time, then the API tests again on
 *   PGlite at that instant. TEST_INSTANTS=all runs every API test on both databases and adds three
 *   more instants (a Monday 07:55 before opening, a Saturday's last pick-up half hour, the last day of
 *   a February);
 * - the browser tests (Playwright, Chromium) against a fresh build (astro build and the embedded
 *   database's template, as `npm run build` makes them), as soon as it is built: their
 *   shops make the pictures they are asked for into dist/pictures (shared, each made once); then
 *   the journeys once more against the edge build in workerd (`npm run build:edge`,
 *   E2E_TOPOLOGY=edge with one shop, ADR 35; about 80 s with the build).
 * Once its tests are done and the shop is built, the unit and API lane runs the journeys (pick-up
 * and delivery, each to the account's orders) against a storefront apart from its API
 * (E2E_TOPOLOGY=split, ADR 30) beside the browser tests, which take longer; then it makes the
 * build's remaining pictures (scripts/make-pictures.mjs, the second half of `npm run build`) and tests the built server as
 * processes (tests/server: graceful shutdown, production settings; with TEST_DATABASE_URL and
 * TEST_REDIS_URL, two instances with one killed under load, and a price change through one seen on
 * the other's cached pages).
 * A step's output is printed whole when it ends (the lanes' lines never interleave); a line marks
 * each step's start. Ends with one line 'N passed, N failed', after a list of what failed (each
 * failed or flaky test by file and title, and each run that exited non-zero with no failed test,
 * e.g. on an unhandled error), and the time each step took. With TEST_SUMMARY_FILE set, that list
 * is also written there (verify prints it last, where a short tail of the output still shows it).
 * Runs on the project's own Node 24 through npm. With TEST_WITH_BUDGETS=true (set by `npm run verify`)
 * the lane that ends its tests first also checks the JavaScript budgets of the build.
 * SKIP_E2E=true leaves out the browser lane.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-test-'));
const started = Date.now();
let passed = 0;
let failed = 0;
let broken = false;
/** Lines naming what failed: 'failed  <file> › <title>', 'flaky   …', 'broken  <run>: <why>'. */
const problems = [];
/** Each step's title and seconds, for the closing table. */
const timings = [];
/** Steps started so far (names each step's log file). */
let steps = 0;

/**
 * The fixed instants, all at UTC+8. The first is the clock of the second run (on PostgreSQL when
 * there is one): the turn of the day, month and year, after the day's last pick-up slot. With
 * TEST_INSTANTS=all the others run as well, each a whole run more (minutes of a busy two-core
 * machine): a Monday 07:55 before opening, a Saturday's last pick-up half hour, the last day of a
 * February (days-in-month edges).
 */
const ALL_INSTANTS = ['2026-12-31T23:59:00+08:00', '2026-11-30T07:55:00+08:00', '2026-11-28T17:31:00+08:00', '2027-02-28T23:30:00+08:00'];
const [SECOND_RUN_INSTANT, ...EXTRA_INSTANTS] = ALL_INSTANTS;

/**
 * Runs one step, its output kept in a file and printed whole when it ends.
 * @returns the exit status (1 when it could not start)
 */
function run(lane, title, cmd, args, env = {}) {
  const log = path.join(out, `step-${++steps}.log`);
  const fd = fs.openSync(log, 'w');
  const began = Date.now();
  console.log(`▶ [${lane}] ${title}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', fd, fd], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', ...env } });
    const done = (status) => {
      fs.closeSync(fd);
      const seconds = Math.round((Date.now() - began) / 1000);
      timings.push({ title: `[${lane}] ${title}`, seconds });
      process.stdout.write(`\n━━ [${lane}] ${title} (${seconds} s, exit ${status})\n${fs.readFileSync(log, 'utf8')}`);
      resolve(status);
    };
    child.on('error', (err) => {
      fs.writeSync(fd, String(err));
      done(1);
    });
    child.on('close', (code) => done(code ?? 1));
  });
}

/** Adds a Vitest JSON report's counts and names its failed tests; false when there is no report or no test. */
function countVitest(file, title) {
  try {
    const j = JSON.parse(fs.readFileSync(file, 'utf8'));
    passed += j.numPassedTests;
    failed += j.numFailedTests;
    for (const f of j.testResults ?? []) {
      const name = path.relative(root, f.name);
      const failedHere = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
      for (const a of failedHere) problems.push(`failed  ${title}: ${name} › ${a.fullName}`);
      if (f.status === 'failed' && failedHere.length === 0) problems.push(`failed  ${title}: ${name}: ${firstLine(f.message)}`);
    }
    return j.numTotalTests > 0;
  } catch {
    return false;
  }
}

function firstLine(text) {
  return String(text ?? '').split('\n').find((l) => l.trim()) ?? '(no message)';
}

/** One Vitest run: `projects` (all when empty), with `env` over the process's. */
async function vitest(title, file, projects, env) {
  const json = path.join(out, file);
  const args = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${json}`, ...projects.flatMap((p) => ['--project', p])];
  const failedBefore = failed;
  const status = await run('unit/API', title, bin('vitest'), args, env);
  const counted = countVitest(json, title);
  if (!counted || (status !== 0 && failed === failedBefore)) {
    broken = true;
    problems.push(`broken  ${title}: exit ${status}${counted ? ' with no failed test (an unhandled error or a worker that died: see its output above)' : ', no report or no test run'}`);
  }
}

/** Settles once the shop is built (astro build): true, or false when it failed. */
let resolveBuilt;
const built = new Promise((resolve) => (resolveBuilt = resolve));

/**
 * The unit and API lane; then, once the browser lane has built the shop, the built server as
 * processes (graceful shutdown; with PostgreSQL and Redis, two instances and a kill) beside the
 * browser tests.
 */
async function unitAndApi() {
  // With PostgreSQL, each API test runs once, there (the embedded database's own files here); the
  // browser tests run the whole shop on PGlite. TEST_INSTANTS=all: every API test on both.
  const apiOnPostgresOnly = !!process.env.TEST_DATABASE_URL && process.env.TEST_INSTANTS !== 'all';
  await vitest(
    apiOnPostgresOnly ? "Unit tests and the embedded database's own API tests (PGlite, real time)" : 'Unit and API tests (embedded PGlite, real time)',
    'vitest.json',
    [],
    { TEST_DATABASE_URL: '', TEST_EMBEDDED_ONLY: apiOnPostgresOnly ? 'true' : '' },
  );
  // The second run: the other database when there is one, and the clock at the turn of the year.
  const where = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  // The API tests: the unit tests' rules take "now" as an argument and ran in the first run.
  await vitest(`API tests on ${where} at ${SECOND_RUN_INSTANT}`, 'vitest-second.json', ['api', 'api-isolated'], { TEST_NOW: SECOND_RUN_INSTANT });
  if (process.env.TEST_INSTANTS === 'all') {
    // Whole extra runs at the other instants leave out the files whose subject does not depend on the clock (vitest.config.ts).
    for (const [i, instant] of EXTRA_INSTANTS.entries()) {
      await vitest(`Unit and API tests on ${where} at ${instant}`, `vitest-at-${i}.json`, [], { TEST_NOW: instant, TEST_SKIP_CLOCK_FREE: 'true' });
    }
  }
  if (process.env.SKIP_E2E === 'true' || !(await built)) return;
  // The journeys on the split topology (a storefront process calling an API process over HTTP), in
  // this lane beside the browser tests, which take longer: its own ports and result folder.
  const splitJson = path.join(out, 'playwright-split.json');
  const splitStatus = await run('unit/API', 'Browser journeys, storefront apart from its API (E2E_TOPOLOGY=split)', bin('playwright'), ['test', '--reporter=list,json', '--output', 'test-results/split', ...SPLIT_JOURNEYS], { PLAYWRIGHT_JSON_OUTPUT_NAME: splitJson, E2E_TOPOLOGY: 'split', E2E_PORT: '4530' });
  countPlaywright(splitJson, splitStatus, 'Browser journeys (split)');
  // The build's pictures (the browser tests' shops have made those they were asked for already).
  if ((await run('unit/API', 'Make the pictures (scripts/make-pictures.mjs)', process.execPath, [path.join(root, 'scripts/make-pictures.mjs')])) !== 0) {
    broken = true;
    problems.push('broken  Make the pictures: scripts/make-pictures.mjs failed');
    return;
  }
  const serverJson = path.join(out, 'server.json');
  // Without PostgreSQL and Redis, the tests that need neither.
  const files = process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL ? [] : ['shutdown.spec.ts', 'settings.spec.ts', 'connection-limits.spec.ts', 'tls-proxy.spec.ts', 'runtime-files.spec.ts', 'production.spec.ts', 'storefront-apart.spec.ts', 'quick-start-pictures.spec.ts'];
  if (files.length) console.log('\n(The two-instance, catalogue-change and metrics tests need TEST_DATABASE_URL and TEST_REDIS_URL: running the others only.)');
  const serverStatus = await run('unit/API', 'Server processes (shutdown; two instances on PostgreSQL and Redis: kill under load, catalogue change)', bin('playwright'), ['test', '--config', 'tests/server/playwright.config.ts', '--reporter=list,json', ...files], { PLAYWRIGHT_JSON_OUTPUT_NAME: serverJson });
  countPlaywright(serverJson, serverStatus, 'Server processes');
  await budgetsOnce('unit/API');
}

let budgetsTaken = false;
/**
 * `npm run verify` asks for the JavaScript budgets (TEST_WITH_BUDGETS=true) on the build just made:
 * the lane that ends its tests first measures them while the other still runs, instead of a step
 * after both.
 */
async function budgetsOnce(lane) {
  if (process.env.TEST_WITH_BUDGETS !== 'true' || budgetsTaken) return;
  budgetsTaken = true;
  if ((await run(lane, 'JavaScript budgets (scripts/budgets.mjs)', process.execPath, [path.join(root, 'scripts/budgets.mjs')])) !== 0) {
    broken = true;
    problems.push('broken  JavaScript budgets: a page ships more than its budget or could not be measured (see its table above)');
  }
}

/**
 * The browser lane: build, then the browser tests at once (their shops make the pictures they are
 * asked for into dist/pictures; the unit and API lane makes the rest later).
 */
async function browser() {
  if ((await run('browser', 'Build the shop', process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'])) !== 0) {
    broken = true;
    problems.push('broken  Build the shop: astro build failed');
    return resolveBuilt(false);
  }
  // The embedded database's template, as `npm run build` makes it: every test shop then starts on a
  // copy of it instead of running PostgreSQL's initdb in its own process (seconds of CPU each).
  if ((await run('browser', 'Make the embedded database template (scripts/make-db-template.mjs)', process.execPath, [path.join(root, 'scripts/make-db-template.mjs')])) !== 0) {
    broken = true;
    problems.push('broken  Make the embedded database template: scripts/make-db-template.mjs failed');
    return resolveBuilt(false);
  }
  resolveBuilt(true);
  const json = path.join(out, 'playwright.json');
  const status = await run('browser', 'Browser tests (Playwright, Chromium)', bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: json });
  countPlaywright(json, status, 'Browser tests');
  // The same journeys at the edge: the storefront built for Cloudflare Workers, in workerd (ADR 35).
  if ((await run('browser', 'Build the storefront for the edge (npm run build:edge)', process.execPath, [path.join(root, 'scripts/build-edge.mjs')])) !== 0) {
    broken = true;
    problems.push('broken  Build the storefront for the edge: scripts/build-edge.mjs failed');
  } else {
    const edgeJson = path.join(out, 'playwright-edge.json');
    const edgeStatus = await run('browser', 'Browser journeys at the edge, in workerd (E2E_TOPOLOGY=edge)', bin('playwright'), ['test', '--reporter=list,json', ...EDGE_JOURNEYS], { PLAYWRIGHT_JSON_OUTPUT_NAME: edgeJson, E2E_TOPOLOGY: 'edge', E2E_PORT: '4540', E2E_WORKERS: '1' });
    countPlaywright(edgeJson, edgeStatus, 'Browser journeys (edge)');
  }
  await budgetsOnce('browser');
}

/**
 * The journeys run on the split and edge topologies too: pick-up and delivery, each ending in the
 * account's orders, and a pick-up order paid in the sandbox pop-up (the payment page forwarded to
 * the API, the webhook, the page following the payment). The whole of payment.spec.ts also passes
 * on both (`E2E_TOPOLOGY=split npx playwright test payment`, likewise `edge`); its other tests are
 * left out of `npm test` for the run's time.
 */
const SPLIT_JOURNEYS = ['tests/e2e/journey.spec.ts', 'tests/e2e/payment.spec.ts', '--grep', 'journey with store|journey with home|a guest is sent|revoked session|EN: a pick-up order is paid'];
/**
 * At the edge, the same journeys (the Arabic one on a phone among them), the sandbox payment in
 * Arabic too, and the edge's cache: a page kept, and purged by a price change on the Node shop (ADR 36).
 */
const EDGE_JOURNEYS = ['tests/e2e/journey.spec.ts', 'tests/e2e/payment.spec.ts', 'tests/e2e/edge-cache.spec.ts', '--grep', 'journey with|a guest is sent|revoked session|EN: a pick-up order is paid|AR: a delivery order with a voucher|kept at the edge'];

console.log('━━ Compile the message catalogue');
if (spawnSync(bin('paraglide-js'), ['compile', '--project', './project.inlang', '--outdir', './src/paraglide'], { stdio: 'inherit' }).status !== 0) process.exit(1);
await Promise.all([unitAndApi(), process.env.SKIP_E2E === 'true' ? undefined : browser()]);

/** Adds a Playwright JSON report's counts and names its failed and flaky tests; a run that failed without a failed test is broken. */
function countPlaywright(json, status, title) {
  try {
    const report = JSON.parse(fs.readFileSync(json, 'utf8'));
    const s = report.stats;
    passed += s.expected + s.flaky;
    failed += s.unexpected;
    const visit = (suite, trail) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
          const error = t.results?.find((r) => r.error)?.error?.message;
          const where = `${spec.file}:${spec.line} › ${[...trail, spec.title].join(' › ')}`;
          problems.push(`${t.status === 'flaky' ? 'flaky ' : 'failed'}  ${title}: ${where}${error ? ` — ${firstLine(stripVTControlCharacters(error)).slice(0, 160)}` : ''}`);
        }
      }
      for (const child of suite.suites ?? []) visit(child, suite.title && !suite.title.endsWith('.ts') ? [...trail, suite.title] : trail);
    };
    for (const suite of report.suites ?? []) visit(suite, []);
    for (const e of report.errors ?? []) problems.push(`broken  ${title}: ${firstLine(e.message).slice(0, 200)}`);
    if (status !== 0 && s.unexpected === 0) {
      broken = true;
      problems.push(`broken  ${title}: exit ${status} with no failed test`);
    }
  } catch {
    broken = true;
    problems.push(`broken  ${title}: exit ${status}, no report`);
  }
}

console.log(`\nSteps (the two lanes side by side; ${Math.round((Date.now() - started) / 1000)} s in all):`);
for (const t of timings) console.log(`  ${String(t.seconds).padStart(5)} s  ${t.title}`);
if (problems.length) console.log(`\nWhat failed:\n${problems.map((p) => `  ${p}`).join('\n')}`);
if (process.env.TEST_SUMMARY_FILE) fs.writeFileSync(process.env.TEST_SUMMARY_FILE, problems.join('\n'));
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || broken ? 1 : 0);
