#!/usr/bin/env node
/**
 * `npm test`: unit and API tests (Vitest), the API tests again on PostgreSQL when TEST_DATABASE_URL
 * is set, then the browser tests (Playwright, Chromium) against a fresh build, then the built server
 * as processes (tests/server: graceful shutdown; with TEST_DATABASE_URL and TEST_REDIS_URL, two
 * instances with one killed under load). Ends with one line
 * 'N passed, N failed', after a list of what failed (each failed or flaky test by file and title,
 * and each run that exited non-zero with no failed test, e.g. on an unhandled error). With
 * TEST_SUMMARY_FILE set, that list is also written there (verify prints it last, where a short
 * tail of the output still shows it). Runs on the project's own Node 24 through npm.
 * Set SKIP_E2E=true to leave out the browser tests.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-test-'));
let passed = 0;
let failed = 0;
let broken = false;
/** Lines naming what failed: 'failed  <file> › <title>', 'flaky   …', 'broken  <run>: <why>'. */
const problems = [];

function run(title, cmd, args, env = {}) {
  console.log(`\n━━ ${title}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
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

if (run('Compile the message catalogue', bin('paraglide-js'), ['compile', '--project', './project.inlang', '--outdir', './src/paraglide']) !== 0) process.exit(1);

const vitestRuns = [['Unit and API tests (embedded PGlite)', {}, 'vitest.json']];
if (process.env.TEST_DATABASE_URL) vitestRuns.push(['API tests on PostgreSQL', { PG: '1' }, 'vitest-pg.json']);
for (const [title, extra, file] of vitestRuns) {
  const json = path.join(out, file);
  const args = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${json}`];
  const env = extra.PG ? {} : { TEST_DATABASE_URL: '' };
  if (extra.PG) args.push('--project', 'api');
  const failedBefore = failed;
  const status = run(title, bin('vitest'), args, env);
  const counted = countVitest(json, title);
  if (!counted || (status !== 0 && failed === failedBefore)) {
    broken = true;
    problems.push(`broken  ${title}: exit ${status}${counted ? ' with no failed test (an unhandled error or a worker that died: see its output above)' : ', no report or no test run'}`);
  }
}

if (process.env.SKIP_E2E !== 'true') {
  if (run('Build the shop', process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build']) !== 0) {
    broken = true;
    problems.push('broken  Build the shop: astro build failed');
  } else if (run('Make the pictures (scripts/make-pictures.mjs)', process.execPath, [path.join(root, 'scripts/make-pictures.mjs')]) !== 0) {
    broken = true;
    problems.push('broken  Make the pictures: scripts/make-pictures.mjs failed');
  } else {
    const json = path.join(out, 'playwright.json');
    const status = run('Browser tests (Playwright, Chromium)', bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: json });
    countPlaywright(json, status, 'Browser tests');
    // The built server as processes: graceful shutdown; with PostgreSQL and Redis, two instances and a kill.
    const serverJson = path.join(out, 'server.json');
    const files = process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL ? [] : ['shutdown.spec.ts'];
    if (files.length) console.log('\n(The two-instance test needs TEST_DATABASE_URL and TEST_REDIS_URL: running the shutdown test only.)');
    const serverStatus = run('Server processes (shutdown; two instances on PostgreSQL and Redis)', bin('playwright'), ['test', '--config', 'tests/server/playwright.config.ts', '--reporter=list,json', ...files], { PLAYWRIGHT_JSON_OUTPUT_NAME: serverJson });
    countPlaywright(serverJson, serverStatus, 'Server processes');
  }
}

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

if (problems.length) console.log(`\nWhat failed:\n${problems.map((p) => `  ${p}`).join('\n')}`);
if (process.env.TEST_SUMMARY_FILE) fs.writeFileSync(process.env.TEST_SUMMARY_FILE, problems.join('\n'));
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || broken ? 1 : 0);
