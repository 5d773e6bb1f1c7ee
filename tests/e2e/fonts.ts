/**
 * The browser tests' fonts: Chromium is started with a fontconfig file of ours (FONTCONFIG_FILE)
 * that knows only the fonts in tests/e2e/fonts (Noto Sans, Noto Sans Arabic and Noto Sans SC, made
 * by scripts/make-test-fonts.mjs), and maps every generic family the shop's font stack falls back to
 * (system-ui, sans-serif…) onto them. So a page is drawn with the same glyphs on every machine,
 * whatever system fonts it has installed: screenshots and measured layouts do not depend on them.
 * The shop itself keeps its system font stack (src/styles/global.css); only the tests pin it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FONTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fonts');
/** Families in the order fontconfig tries them for a character: Latin, then Arabic, then Chinese. */
const FAMILIES = ['Noto Sans', 'Noto Sans Arabic', 'Noto Sans SC'];
const GENERIC = ['sans-serif', 'serif', 'monospace', 'system-ui', 'emoji', 'cursive', 'fantasy'];

/**
 * Writes the fontconfig file (in a temporary folder named for this checkout, beside its font
 * cache; every Playwright process writes the same bytes, each through a rename) and returns the
 * environment Chromium needs to use it: `{ FONTCONFIG_FILE }`.
 */
export function hermeticFontsEnv(): { FONTCONFIG_FILE: string } {
  const dir = path.join(os.tmpdir(), `xs-test-fonts-${createHash('sha256').update(FONTS_DIR).digest('hex').slice(0, 12)}`);
  fs.mkdirSync(dir, { recursive: true });
  const prefer = FAMILIES.map((f) => `<family>${f}</family>`).join('');
  const aliases = GENERIC.map((g) => `<alias binding="strong"><family>${g}</family><prefer>${prefer}</prefer></alias>`).join('\n  ');
  const conf = `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir>${FONTS_DIR}</dir>
  <cachedir>${path.join(dir, 'cache')}</cachedir>
  ${aliases}
  <match target="pattern"><test qual="all" name="family" compare="not_eq"><string>Noto Sans</string></test><edit name="family" mode="append_last"><string>Noto Sans</string></edit></match>
  <match target="font"><edit name="antialias" mode="assign"><bool>true</bool></edit><edit name="hinting" mode="assign"><bool>false</bool></edit><edit name="rgba" mode="assign"><const>none</const></edit></match>
</fontconfig>
`;
  const file = path.join(dir, 'fonts.conf');
  const written = `${file}.${process.pid}`;
  fs.writeFileSync(written, conf);
  fs.renameSync(written, file);
  return { FONTCONFIG_FILE: file };
}
