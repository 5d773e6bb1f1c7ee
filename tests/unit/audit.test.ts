/**
 * `npm run audit` (scripts/audit.mjs): a report is read as a report; anything else — the advisory
 * service unreachable, an error answer, no JSON — exits 3 with a plain "AUDIT NOT DONE" line and
 * is never taken for "0 vulnerabilities". Checked with a stand-in `npm` on the PATH.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT_FOUND, EXIT_UNREACHABLE, readAuditReport, serious } from '../../scripts/audit.mjs';

const unreachable = JSON.stringify({ message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk', statusCode: 405, error: { summary: '', detail: '' } });
const counts = (high: number) => ({ info: 0, low: 1, moderate: 0, high, critical: 0, total: 1 + high });
const report = (high: number) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities: {
      tiny: { name: 'tiny', severity: 'low', via: ['x'] },
      ...(high ? { bad: { name: 'bad', severity: 'high', via: [{ title: 'Prototype pollution in bad' }] } } : {}),
    },
    metadata: { vulnerabilities: counts(high) },
  });

describe('readAuditReport', () => {
  it('refuses an error answer or no JSON as a report', () => {
    expect(readAuditReport(unreachable)).toEqual({ ok: false, reason: expect.stringContaining('405') });
    expect(readAuditReport('')).toMatchObject({ ok: false });
    expect(readAuditReport('{"error":{"code":"ENOTFOUND","summary":"getaddrinfo ENOTFOUND registry.npmjs.org"}}')).toMatchObject({ ok: false });
  });

  it('reads a report and keeps only high and critical advisories as serious', () => {
    const r = readAuditReport(report(1));
    expect(r.ok).toBe(true);
    expect(serious(r.ok ? r.vulnerabilities : {})).toEqual([{ name: 'bad', severity: 'high', via: ['Prototype pollution in bad'] }]);
  });
});

/** Runs the script with a stand-in npm printing `stdout`. */
function runWith(stdout: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-'));
  fs.writeFileSync(path.join(dir, 'out.json'), stdout);
  fs.writeFileSync(path.join(dir, 'npm'), `#!/bin/sh\ncat "${path.join(dir, 'out.json')}"\nexit 1\n`, { mode: 0o755 });
  const r = spawnSync(process.execPath, ['scripts/audit.mjs'], { encoding: 'utf8', env: { ...process.env, PATH: `${dir}${path.delimiter}${process.env.PATH}` } });
  fs.rmSync(dir, { recursive: true, force: true });
  return r;
}

describe('npm run audit', () => {
  it('says plainly that nothing was checked when the service cannot be reached, with exit code 3', () => {
    const r = runWith(unreachable);
    expect(r.status).toBe(EXIT_UNREACHABLE);
    expect(r.stderr).toMatch(/^AUDIT NOT DONE: the npm advisory service could not be reached/m);
    expect(r.stdout + r.stderr).not.toMatch(/0 vulnerabilities|Nothing at high/);
  });

  it('fails with the list when a runtime dependency has a high advisory, passes when none does', () => {
    const found = runWith(report(1));
    expect(found.status).toBe(EXIT_FOUND);
    expect(found.stderr).toContain('high     bad — Prototype pollution in bad');
    const clean = runWith(report(0));
    expect(clean.status).toBe(0);
    expect(clean.stdout).toContain('Nothing at high or above.');
  });
});
