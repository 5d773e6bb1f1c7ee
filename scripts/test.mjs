#!/usr/bin/env node
/**
 * `npm test`: unit and API tests (Vitest), the API tests again on PostgreSQL when TEST_DATABASE_URL
 * is set, then the browser tests (Playwright, Chromium) against a fresh build, then the built server
 * as processes (tests/server: graceful shutdown; with TEST_DATABASE_URL and TEST_REDIS_URL, two
 * instances with one killed under load). Ends with one line
 * 'N passed, N failed'. Runs on the project's own Node 24 through npm.
 * Set SKIP_E2E=true to leave out the browser tests.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-test-'));
let passed = 0;
let failed = 0;
let broken = false;

function run(title, cmd, args, env = {}) {
  console.log(`\n━━ ${title}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function countVitest(file) {
  try {
    const j = JSON.parse(fs.readFileSync(file, 'utf8'));
    passed += j.numPassedTests;
    failed += j.numFailedTests;
    return j.numTotalTests > 0;
  } catch {
    return false;
  }
}

if (run('Compile the message catalogue', bin('paraglide-js'), ['compile', '--project', './project.inlang', '--outdir', './src/paraglide']) !== 0) process.exit(1);

const vitestRuns = [['Unit and API tests (embedded PGlite)', {}, 'vitest.json']];
if (process.env.TEST_DATABASE_URL) vitestRuns.push(['API tests on PostgreSQL', { PG: '1' }, 'vitest-pg.json']);
for (const [title, extra, file] of vitestRuns) {
  const json = path.join(out, file);
  const args = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${json}`];
  const env = extra.PG ? {} : { TEST_DATABASE_URL: '' };
  if (extra.PG) args.push('--project', 'api');
  const status = run(title, bin('vitest'), args, env);
  if (!countVitest(json) || (status !== 0 && failed === 0)) broken = true;
}

if (process.env.SKIP_E2E !== 'true') {
  if (run('Build the shop', process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build']) !== 0) broken = true;
  else {
    const json = path.join(out, 'playwright.json');
    const status = run('Browser tests (Playwright, Chromium)', bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: json });
    countPlaywright(json, status);
    // The built server as processes: graceful shutdown; with PostgreSQL and Redis, two instances and a kill.
    const serverJson = path.join(out, 'server.json');
    const files = process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL ? [] : ['shutdown.spec.ts'];
    if (files.length) console.log('\n(The two-instance test needs TEST_DATABASE_URL and TEST_REDIS_URL: running the shutdown test only.)');
    const serverStatus = run('Server processes (shutdown; two instances on PostgreSQL and Redis)', bin('playwright'), ['test', '--config', 'tests/server/playwright.config.ts', '--reporter=list,json', ...files], { PLAYWRIGHT_JSON_OUTPUT_NAME: serverJson });
    countPlaywright(serverJson, serverStatus);
  }
}

/** Adds a Playwright JSON report's counts; a run that failed without a failed test is broken. */
function countPlaywright(json, status) {
  try {
    const s = JSON.parse(fs.readFileSync(json, 'utf8')).stats;
    passed += s.expected + s.flaky;
    failed += s.unexpected;
    if (status !== 0 && s.unexpected === 0) broken = true;
  } catch {
    broken = true;
  }
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || broken ? 1 : 0);
