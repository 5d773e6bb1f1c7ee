/**
 * A comment that cites an item of the storefront specification points to where a reader of the
 * repository finds it: `coverage.md §N …`, a section docs/coverage.md has (§1–§9, each item with
 * its place in the code and its test). The specification itself is not in the repository, so a
 * comment never sends the reader to the specification's own section numbers (docs/architecture.md,
 * "House rules a linter keeps").
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

const files = execFileSync('git', ['ls-files', 'src', 'scripts', 'tests', '*.config.*'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|tsx|astro|mjs|js|md)$/.test(f) && fs.existsSync(f));
const sections = new Set([...fs.readFileSync('docs/coverage.md', 'utf8').matchAll(/^## §(\d+) /gm)].map((m) => m[1]));
/** A line of a comment (or of a feature's README). */
const isComment = (file: string, line: string) => file.endsWith('.md') || /^\s*(\*|\/\/|\/\*|<!--|\{\/\*)/.test(line);

describe('citations of the specification', () => {
  it('comments cite its items by docs/coverage.md, never by a document the repository does not hold', () => {
    const found: string[] = [];
    for (const file of files) {
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (isComment(file, line) && /\b[Ss]pec(ification)? §/.test(line)) found.push(`${file}:${i + 1}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('every coverage.md §N cited names a section docs/coverage.md has', () => {
    expect(sections.size).toBeGreaterThanOrEqual(9);
    const unknown: string[] = [];
    for (const file of files) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/coverage\.md §(\d+)/g)) if (!sections.has(m[1]!)) unknown.push(`${file}: §${m[1]}`);
    }
    expect(unknown).toEqual([]);
  });
});
