/**
 * The embedded database's template (src/server/xs-api/db/pglite-template.ts, ADR 16 "Memory"): a new
 * data directory starts from the build's tar; an existing database is never replaced by it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isEmptyDir, templateFor } from '../../src/server/xs-api/db/pglite-template.ts';

const made: string[] = [];
function tmp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-template-'));
  made.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the embedded database's template (ADR 16)", () => {
  it('is loaded into a missing or empty data directory', async () => {
    const dir = tmp();
    const file = path.join(dir, 'template.tar.gz');
    fs.writeFileSync(file, 'tar bytes');
    const empty = path.join(dir, 'empty');
    fs.mkdirSync(empty);
    expect(await templateFor(path.join(dir, 'missing'), file)?.text()).toBe('tar bytes');
    expect(await templateFor(empty, file)?.text()).toBe('tar bytes');
  });

  it('never touches a database that exists, and is skipped when the build made none', () => {
    const dir = tmp();
    const file = path.join(dir, 'template.tar.gz');
    fs.writeFileSync(file, 'tar bytes');
    const existing = path.join(dir, 'pglite');
    fs.mkdirSync(existing);
    fs.writeFileSync(path.join(existing, 'PG_VERSION'), '18');
    expect(isEmptyDir(existing)).toBe(false);
    expect(templateFor(existing, file)).toBeUndefined();
    expect(templateFor(path.join(dir, 'new'), path.join(dir, 'no-such-file.tar.gz'))).toBeUndefined();
  });
});
