#!/usr/bin/env node
/**
 * Makes the browser tests' own fonts (tests/e2e/fonts/*.ttf, committed; see its README.md): Noto
 * Sans, Noto Sans Arabic and Noto Sans SC (SIL Open Font License 1.1), cut down to the characters
 * the shop can show, so that every machine draws the test pages with the same glyphs whatever
 * system fonts it has (tests/e2e/fonts.ts gives Chromium only these).
 *
 * A developer tool, run by hand after Chinese text with new characters is added:
 *   node scripts/make-test-fonts.mjs
 * It needs `pyftsubset` (Debian: `apt-get install fonttools`) and fetches the full fonts with
 * `npm pack` (@expo-google-fonts/noto-sans, -noto-sans-arabic, -noto-sans-sc) into a temporary folder.
 * Chinese: every CJK character found in src/, messages/ and tests/; Latin and Arabic: their whole blocks.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'tests/e2e/fonts');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-fonts-'));

/** Unicode ranges kept for the Latin and Arabic families (pyftsubset --unicodes). */
const LATIN = 'U+0000-024F,U+0300-036F,U+1E00-1EFF,U+2000-206F,U+20A0-20CF,U+2100-215F,U+2190-21FF,U+2212,U+2215,U+25A0-25FF,U+FEFF,U+FFFD';
const ARABIC = `${LATIN},U+0600-06FF,U+0750-077F,U+08A0-08FF,U+FB50-FDFF,U+FE70-FEFC`;

/** Every CJK character (and full-width punctuation) in the repository's text. */
function cjkText() {
  const seen = new Set();
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'paraglide' && e.name !== 'node_modules' && e.name !== '__screenshots__') walk(p);
      } else if (/\.(ts|tsx|astro|json|md|mdx|mjs|css)$/.test(e.name)) {
        for (const ch of fs.readFileSync(p, 'utf8')) {
          const c = ch.codePointAt(0);
          if ((c >= 0x2e80 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xff00 && c <= 0xffef)) seen.add(ch);
        }
      }
    }
  };
  for (const d of ['src', 'messages', 'tests']) walk(path.join(root, d));
  return [...seen].sort().join('');
}

function unpack(pkg) {
  const tgz = execFileSync('npm', ['pack', pkg, '--silent', '--pack-destination', work], { encoding: 'utf8' }).trim().split('\n').pop();
  const dir = path.join(work, path.basename(tgz, '.tgz'));
  fs.mkdirSync(dir);
  execFileSync('tar', ['xzf', path.join(work, tgz), '-C', dir]);
  return path.join(dir, 'package');
}

const WEIGHTS = { '400Regular': 'Regular', '500Medium': 'Medium', '600SemiBold': 'SemiBold', '700Bold': 'Bold' };
const families = [
  { pkg: '@expo-google-fonts/noto-sans', file: 'NotoSans', keep: ['--unicodes=' + LATIN], weights: Object.keys(WEIGHTS) },
  { pkg: '@expo-google-fonts/noto-sans-arabic', file: 'NotoSansArabic', keep: ['--unicodes=' + ARABIC], weights: Object.keys(WEIGHTS) },
  { pkg: '@expo-google-fonts/noto-sans-sc', file: 'NotoSansSC', keep: [`--text=${cjkText()}`, '--unicodes=U+3000-303F'], weights: ['400Regular', '700Bold'] },
];

fs.mkdirSync(out, { recursive: true });
for (const f of families) {
  const dir = unpack(f.pkg);
  for (const w of f.weights) {
    const target = path.join(out, `${f.file}-${WEIGHTS[w]}.ttf`);
    execFileSync('pyftsubset', [path.join(dir, w, `${f.file}_${w}.ttf`), ...f.keep, '--layout-features=*', '--no-hinting', `--output-file=${target}`]);
    console.log(`${path.relative(root, target)}  ${Math.round(fs.statSync(target).size / 1024)} KB`);
  }
}
fs.rmSync(work, { recursive: true, force: true });
