/**
 * The pictures step's record of its last crawl (scripts/lib/pictures-manifest.mjs, ADR 38): a build
 * skips reading the pages only when nothing that decides the pictures changed, and the cache still
 * holds every file. A changed source picture, size list or page must never leave a picture unmade.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fingerprintSettings, PICTURE_INPUTS, picturesFingerprint, reusableFiles, writeManifest } from '../../scripts/lib/pictures-manifest.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A repository in miniature: a page, a source picture, the size list, messages and the lockfile. */
function repo() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pictures-manifest-test-'));
  dirs.push(root);
  const files: Record<string, string> = {
    'src/pages/index.astro': '<ResponsiveImage src={hero} widths={[400, 800]} />',
    'src/assets/images/products/P0001-1.svg': '<svg>pork</svg>',
    'src/server/http/picture-sizes.ts': 'export const PICTURE_WIDTHS = [44, 400, 800];',
    'src/paraglide/messages.js': 'generated',
    'messages/en.json': '{"home":"Home"}',
    'package-lock.json': '{"astro":"7.3.5"}',
    'astro.config.mjs': 'export default {}',
  };
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}

describe('the pictures step\'s fingerprint', () => {
  it('is the same for the same sources, whatever their times, and ignores what the build generates', () => {
    const root = repo();
    const before = picturesFingerprint(root);
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'src/pages/index.astro'), later, later);
    fs.writeFileSync(path.join(root, 'src/paraglide/messages.js'), 'generated again');
    expect(picturesFingerprint(root)).toBe(before);
  });

  it.each([
    ['a changed source picture', 'src/assets/images/products/P0001-1.svg', '<svg>beef</svg>'],
    ['a changed size list', 'src/server/http/picture-sizes.ts', 'export const PICTURE_WIDTHS = [44, 400, 800, 1200];'],
    ['a changed page', 'src/pages/index.astro', '<ResponsiveImage src={hero} widths={[400]} />'],
    ['a new picture', 'src/assets/images/products/P0002-1.svg', '<svg>chicken</svg>'],
    ['a new lockfile (another Astro or sharp)', 'package-lock.json', '{"astro":"7.4.0"}'],
    ['changed messages', 'messages/en.json', '{"home":"Start"}'],
  ])('changes with %s', (_, rel, text) => {
    const root = repo();
    const before = picturesFingerprint(root);
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
    expect(picturesFingerprint(root)).not.toBe(before);
  });

  it('changes with a removed or renamed source picture, and with a setting the crawl\'s shop would read', () => {
    const root = repo();
    const before = picturesFingerprint(root, { env: {}, settings: ['SERVICE_WORKER'] });
    fs.renameSync(path.join(root, 'src/assets/images/products/P0001-1.svg'), path.join(root, 'src/assets/images/products/P0001-2.svg'));
    const renamed = picturesFingerprint(root, { env: {}, settings: ['SERVICE_WORKER'] });
    expect(renamed).not.toBe(before);
    fs.rmSync(path.join(root, 'src/assets/images/products/P0001-2.svg'));
    expect(picturesFingerprint(root, { env: {}, settings: ['SERVICE_WORKER'] })).not.toBe(renamed);
    const plain = picturesFingerprint(root, { env: { OTHER: '1' }, settings: ['SERVICE_WORKER'] });
    expect(picturesFingerprint(root, { env: { SERVICE_WORKER: 'false' }, settings: ['SERVICE_WORKER'] })).not.toBe(plain);
  });

  it('leaves out the settings the crawl sets itself (npm start\'s HOST and PORT), never the others', () => {
    expect(fingerprintSettings(['PORT', 'HOST', 'PAGE_CACHE_MB', 'CATALOGUE_X'])).toEqual(['CATALOGUE_X']);
  });

  it('reads the sources of the pages, the pictures and their sizes', () => {
    for (const input of ['src', 'messages', 'package-lock.json', 'astro.config.mjs']) expect(PICTURE_INPUTS).toContain(input);
  });
});

describe('the record of the last crawl', () => {
  it('gives its files back only for the same fingerprint and while the cache holds every one', () => {
    const root = repo();
    const cache = path.join(root, 'cache');
    fs.mkdirSync(cache);
    for (const name of ['a.webp', 'b.png']) fs.writeFileSync(path.join(cache, name), name);
    const record = path.join(root, 'pictures-manifest.json');
    expect(reusableFiles(record, 'f1', cache)).toBeNull();
    writeManifest(record, 'f1', ['b.png', 'a.webp']);
    expect(reusableFiles(record, 'f1', cache)).toEqual(['a.webp', 'b.png']);
    expect(reusableFiles(record, 'f2', cache)).toBeNull();
    fs.rmSync(path.join(cache, 'b.png'));
    expect(reusableFiles(record, 'f1', cache)).toBeNull();
    fs.writeFileSync(record, 'not json');
    expect(reusableFiles(record, 'f1', cache)).toBeNull();
  });
});
