#!/usr/bin/env node
/**
 * `npm run audit`: the shop's runtime dependencies (`npm audit --omit=dev`) against the npm
 * advisory service, failing on high or critical advisories.
 *
 * Exit codes:
 *   0  the service answered and no runtime dependency has a high or critical advisory;
 *   1  it answered and some do (they are listed);
 *   3  the service could not be reached or gave no report (offline, a proxy or a mirror without
 *      the audit endpoint): NOTHING WAS CHECKED — this is never reported as "0 vulnerabilities".
 *
 * `--json` prints npm's report as it came. Extra arguments are passed to npm audit.
 */
import { spawnSync } from 'node:child_process';

export const EXIT_FOUND = 1;
export const EXIT_UNREACHABLE = 3;
const LEVELS = ['info', 'low', 'moderate', 'high', 'critical'];
const THRESHOLD = 'high';

/**
 * Reads npm audit's JSON output: { ok: true, vulnerabilities, counts } when it is a report, else
 * { ok: false, reason } (an error answer such as '405 Method Not Allowed', or no JSON at all).
 */
export function readAuditReport(stdout) {
  let report;
  try {
    report = JSON.parse(stdout);
  } catch {
    return { ok: false, reason: 'npm audit gave no report' };
  }
  const counts = report?.metadata?.vulnerabilities;
  if (!report || typeof report !== 'object' || !counts || typeof counts !== 'object' || report.error) {
    const reason = report?.message || report?.error?.summary || report?.error?.code || 'the advisory service gave no report';
    return { ok: false, reason: String(reason) };
  }
  return { ok: true, vulnerabilities: report.vulnerabilities ?? {}, counts };
}

/** Advisories at or above `threshold`: [{ name, severity, via }]. */
export function serious(vulnerabilities, threshold = THRESHOLD) {
  const min = LEVELS.indexOf(threshold);
  return Object.values(vulnerabilities)
    .filter((v) => LEVELS.indexOf(v.severity) >= min)
    .map((v) => ({ name: v.name, severity: v.severity, via: (v.via ?? []).map((x) => (typeof x === 'string' ? x : x.title)).filter(Boolean) }));
}

function main() {
  const args = process.argv.slice(2);
  const raw = args.includes('--json');
  const extra = args.filter((a) => a !== '--json');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['audit', '--omit=dev', `--audit-level=${THRESHOLD}`, '--json', ...extra], { encoding: 'utf8', timeout: 120_000 });
  const result = run.error ? { ok: false, reason: run.error.message } : readAuditReport(run.stdout ?? '');
  if (!result.ok) {
    console.error(`AUDIT NOT DONE: the npm advisory service could not be reached (${result.reason}). No dependency was checked; this is not a clean result.`);
    process.exit(EXIT_UNREACHABLE);
  }
  if (raw) console.log(run.stdout);
  const found = serious(result.vulnerabilities);
  const summary = LEVELS.map((l) => `${result.counts[l] ?? 0} ${l}`).join(', ');
  if (found.length) {
    console.error(`npm audit (runtime dependencies): ${summary}. ${found.length} at ${THRESHOLD} or above:`);
    for (const f of found) console.error(`  ${f.severity.padEnd(8)} ${f.name}${f.via.length ? ` — ${f.via.join('; ')}` : ''}`);
    process.exit(EXIT_FOUND);
  }
  console.log(`npm audit (runtime dependencies): ${summary}. Nothing at ${THRESHOLD} or above.`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
