#!/usr/bin/env node
/**
 * `npm run verify`: what CI runs (.ci/run, after `npm ci`), in this order —
 *   1. compile the message catalogue (Paraglide);
 *   2. type-check: `astro check`, 0 errors, and beside it lint: ESLint, 0 warnings (`npm run lint`);
 *   3. tests: `npm test` (builds the shop; unit, API — also on PostgreSQL with TEST_DATABASE_URL —
 *      and browser tests), which also checks the JavaScript budgets per page against that build
 *      (`npm run budgets`; TEST_WITH_BUDGETS) in its unit and API lane while the browser tests
 *      still run — with SKIP_E2E=true the budgets are a step of their own after the tests.
 * Every step runs even when an earlier one failed (one run shows every problem), except that
 * nothing runs without the message catalogue; `--bail` stops at the first failure. Ends with a
 * summary and exits 1 when a step failed; the tests that failed or were flaky are listed last
 * (from `npm test`'s TEST_SUMMARY_FILE), so the end of a long log names them. SKIP_E2E=true skips the browser tests (the budgets then
 * build the shop themselves).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const node = (script) => [process.execPath, [path.join(root, script)]];
const bail = process.argv.includes('--bail');
const skipE2e = process.env.SKIP_E2E === 'true';
const testSummary = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'xs-verify-')), 'what-failed.txt');

const steps = [
  { title: 'Compile the message catalogue', cmd: [bin('paraglide-js'), ['compile', '--project', './project.inlang', '--outdir', './src/paraglide']] },
  { title: 'Type-check (astro check)', cmd: [process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'check']] },
  { title: 'Lint (ESLint, 0 warnings)', cmd: [bin('eslint'), ['.', '--max-warnings', '0']] },
  // The README's test command, as a developer runs it.
  { title: skipE2e ? 'Tests (npm test)' : 'Tests and JavaScript budgets (npm test)', cmd: ['npm', ['test']], env: { TEST_SUMMARY_FILE: testSummary, TEST_WITH_BUDGETS: String(!skipE2e) } },
  // Without the browser tests nothing built the shop: build it afresh rather than check an old build.
  { title: 'JavaScript budgets (npm run budgets)', cmd: node('scripts/budgets.mjs'), env: skipE2e ? { FORCE_BUILD: 'true' } : {} },
];

const results = [];

/**
 * Runs a step. `quiet`: its output is kept and printed whole when it ends, so a step beside a
 * loud one never interleaves its lines with it; otherwise the output streams as it comes.
 * @returns true when it exited 0
 */
function runStep(step, { quiet = false } = {}) {
  const began = Date.now();
  console.log(quiet ? `\n▶ ${step.title} (its output comes when it ends)` : `\n━━━━ ${step.title}`);
  const [cmd, args] = step.cmd;
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...step.env } });
    const chunks = [];
    child.stdout?.on('data', (c) => chunks.push(c));
    child.stderr?.on('data', (c) => chunks.push(c));
    const done = (status) => {
      const ok = status === 0;
      results.push({ title: step.title, ok, seconds: Math.round((Date.now() - began) / 1000) });
      if (quiet) process.stdout.write(`\n━━━━ ${step.title}\n${Buffer.concat(chunks).toString('utf8')}`);
      resolve(ok);
    };
    child.on('error', (err) => {
      chunks.push(Buffer.from(String(err)));
      done(1);
    });
    child.on('close', (code) => done(code ?? 1));
  });
}

const [catalogue, typeCheck, lint, tests, budgets] = steps;
if (await runStep(catalogue)) {
  // Type-check and lint side by side: one core each. Not beside the tests: astro check and the
  // tests' astro build would both write the generated types in .astro/.
  const checked = (await Promise.all([runStep(typeCheck, { quiet: true }), runStep(lint, { quiet: true })])).every(Boolean);
  if (checked || !bail) {
    const tested = await runStep(tests);
    if (skipE2e && (tested || !bail)) await runStep(budgets);
  }
}

console.log('\n━━━━ Summary');
for (const r of results) console.log(`${r.ok ? 'ok    ' : 'FAILED'}  ${r.title} (${r.seconds} s)`);
// The budgets step runs on its own only without the browser tests (else npm test checked them).
const planned = skipE2e ? steps : steps.filter((s) => s !== budgets);
for (const s of planned.filter((p) => !results.some((r) => r.title === p.title))) console.log(`skipped ${s.title}`);
let whatFailed = '';
try {
  whatFailed = fs.readFileSync(testSummary, 'utf8').trim();
} catch {
  // The tests did not run, or wrote nothing.
}
if (whatFailed) {
  const lines = whatFailed.split('\n');
  console.log(`\nTests that failed or were flaky (${lines.length}):\n${lines.slice(0, 12).map((l) => `  ${l}`).join('\n')}${lines.length > 12 ? `\n  … and ${lines.length - 12} more above` : ''}`);
}
const failed = results.filter((r) => !r.ok).length + (planned.length - results.length);
console.log(failed ? `\nverify: ${failed} step(s) failed or skipped` : '\nverify: everything passed');
process.exit(failed ? 1 : 0);
