/**
 * docs/coverage.md stays true to the tests it cites: every test file it names exists, every test
 * title it quotes is found in that file (a parametrised title matches its `${…}`, `%s` or `%i`
 * pattern; "…" stands for an elided part), every file or folder its "Where" column names exists,
 * every "built" spec item names a test, and the counts
 * table agrees with the rows. The map is what a reader of the repository trusts; a renamed or
 * removed test must take its row with it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const doc = fs.readFileSync(path.join(ROOT, 'docs/coverage.md'), 'utf8');

/** The table rows of the map: [item, where, test, status]. */
const rows = doc
  .split('\n')
  .filter((line) => line.startsWith('| ') && !line.startsWith('| Spec item') && !line.startsWith('| Status'))
  .map((line) => line.slice(2, -2).split(' | '))
  .filter((cells) => cells.length >= 4)
  .map((cells) => ({ item: cells[0]!, where: cells[1]!, test: cells[cells.length - 2]!, status: cells[cells.length - 1]! }));

/** The "Where" column's short roots (see the map's "How to read"), as paths from the repository's root. */
const WHERE_ROOTS: [string, string][] = [
  ['src/', ''], ['scripts/', ''], ['docs/', ''], ['tests/', ''], ['features/', 'src/'],
  ['routes/', 'src/server/xs-api/'], ['services/', 'src/server/xs-api/'], ['adapters/', 'src/server/xs-api/'],
];

const normalise = (text: string) => text.replace(/[‘’]/g, "'").replace(/\\(['"\\`])/g, '$1');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const sources = new Map<string, string>();
const source = (file: string) => {
  if (!sources.has(file)) sources.set(file, normalise(fs.readFileSync(path.join(ROOT, 'tests', file), 'utf8')));
  return sources.get(file)!;
};

/** Whether a quoted piece of a title is in `src`: as written, or as an instance of a parametrised title. */
function titleFound(src: string, piece: string): boolean {
  if (src.includes(piece)) return true;
  const patterns = [...src.matchAll(/`([^`]*\$\{[^`]*)`/g)].map((m) => m[1]!.split(/\$\{[^}]*\}/))
    .concat([...src.matchAll(/'([^'\n]*%[sid][^'\n]*)'/g)].map((m) => m[1]!.split(/%[sid]/)));
  return patterns.some((parts) => new RegExp(parts.map(escapeRegExp).join('.+?')).test(piece));
}

/** The test files a row names and the title pieces quoted after each. */
function citations(test: string): { file: string; pieces: string[] }[] {
  const found: { file: string; pieces: string[] }[] = [];
  for (const m of normalise(test).matchAll(/`((?:e2e|api|unit|server)\/[\w./-]+\.(?:ts|mjs))`|"((?:[^"\\]|\\.)+)"/g)) {
    if (m[1]) found.push({ file: m[1], pieces: [] });
    else if (found.length) found.at(-1)!.pieces.push(...m[2]!.split(/ › |…/).map((p) => p.trim()).filter(Boolean));
  }
  return found;
}

describe('docs/coverage.md', () => {
  it('has its rows', () => {
    expect(rows.length).toBeGreaterThan(400);
  });

  it('names only test files that exist, and titles found in them', () => {
    const missing: string[] = [];
    for (const row of rows) {
      for (const { file, pieces } of citations(row.test)) {
        if (!fs.existsSync(path.join(ROOT, 'tests', file))) {
          missing.push(`${file} (no such file) — ${row.item}`);
          continue;
        }
        for (const piece of pieces) if (!titleFound(source(file), piece)) missing.push(`${file}: "${piece}" — ${row.item}`);
      }
    }
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it('names only files and folders that exist in its Where column', () => {
    const missing: string[] = [];
    for (const row of rows) {
      for (const m of row.where.matchAll(/`([^`\s(]+)/g)) {
        const root = WHERE_ROOTS.find(([short]) => m[1]!.startsWith(short));
        if (!root) continue;
        const file = `${root[1]}${m[1]!}`.replace(/\/$/, '');
        if (!fs.existsSync(path.join(ROOT, file)) && !fs.globSync(file, { cwd: ROOT }).length) missing.push(`${file} — ${row.item}`);
      }
    }
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it('names a test, a measurement or another row for every built spec item', () => {
    const bare = rows.filter((r) => r.status.startsWith('built') && r.test.trim() === '—').map((r) => r.item);
    expect(bare, bare.join('\n')).toEqual([]);
  });

  it('counts the spec items by status as the rows say', () => {
    const kinds = ['built', 'partial', 'not yet', 'out of scope (spec)'] as const;
    const spec = rows.filter((r) => r.item.startsWith('§'));
    const counted = Object.fromEntries(kinds.map((k) => [k, spec.filter((r) => r.status.startsWith(k)).length]));
    const table = Object.fromEntries(kinds.map((k) => [k, Number(new RegExp(`^\\| ${escapeRegExp(k)} \\| (\\d+) \\|$`, 'm').exec(doc)?.[1])]));
    expect(table).toEqual(counted);
    expect(Number(/^\| \*\*total\*\* \| \*\*(\d+)\*\* \|$/m.exec(doc)?.[1])).toBe(spec.length);
  });
});
