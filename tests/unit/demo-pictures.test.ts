/**
 * The demo pictures drawn by scripts/make-images.mjs and scripts/make-recipe-media.mjs: every
 * product has its own pictures, no two share a drawing, and nothing is written into a picture
 * (names, weights, prices and banner texts are HTML in the shopper's language).
 */
import { describe, it, expect } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BRANDS, LINES, PRODUCTS } from '../../src/server/xs-api/db/seed/catalogue';
import { HEADER_BANNERS, PROMOTION_BANNERS } from '../../src/server/xs-api/db/seed/content';
import { VOUCHERS } from '../../src/server/xs-api/db/seed/member';
import { DRAWINGS, productPicture } from '../../scripts/product-art/index.mjs';

const ROOT = path.resolve(__dirname, '../..');
const ASSETS = path.join(ROOT, 'src/assets/images');
/** A seed picture path (/images/…) as a file: src/assets/images first, then public/. */
const fileOf = (url: string) => {
  const asset = path.join(ASSETS, url.replace(/^\/images\//, ''));
  return existsSync(asset) ? asset : path.join(ROOT, 'public', url);
};
const svgsUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? svgsUnder(path.join(dir, e.name)) : e.name.endsWith('.svg') ? [path.join(dir, e.name)] : []));

/**
 * The drawing of a picture: its shapes, colours and nesting without path data or numbers, so the
 * same drawing moved, turned or arranged by another seed still counts as the same drawing.
 */
const drawing = (svg: string) =>
  svg.replace(/<defs>.*?<\/defs>/, '').replace(/ d="[^"]*"/g, ' d=""').replace(/(?<![#\w])-?\d+(\.\d+)?/g, 'N');

describe('product pictures', () => {
  const pictures = PRODUCTS.flatMap((p) => p.pictures.map((url) => ({ code: p.productCode, url, svg: readFileSync(fileOf(url), 'utf8') })));

  it('exist for every picture path of the seed (133 products, P0001 with a gallery of 7)', () => {
    expect(PRODUCTS).toHaveLength(133);
    expect(PRODUCTS.find((p) => p.productCode === 'P0001')?.pictures).toHaveLength(7);
    for (const p of PRODUCTS) {
      expect(p.pictures.length).toBeGreaterThan(0);
      for (const url of p.pictures) {
        expect(url).toMatch(new RegExp(`^/images/products/${p.productCode}-\\d\\.svg$`));
        expect(existsSync(fileOf(url)), url).toBe(true);
      }
    }
  });

  it('has a drawing for every product, and a drawing per product only', () => {
    expect(Object.keys(DRAWINGS).sort()).toEqual(PRODUCTS.map((p) => p.productName.en).sort());
  });

  it('never repeats a file or a drawing, across products or within a gallery', () => {
    const files = new Map<string, string>();
    const drawings = new Map<string, string>();
    for (const { url, svg } of pictures) {
      expect(files.get(svg), `${url} is byte-identical to ${files.get(svg)}`).toBeUndefined();
      files.set(svg, url);
      const d = drawing(svg);
      expect(drawings.get(d), `${url} shares its drawing with ${drawings.get(d)}`).toBeUndefined();
      drawings.set(d, url);
    }
    expect(drawings.size).toBe(pictures.length);
  });

  it('are square 600 px pictures of reasonable size', () => {
    for (const { url, svg } of pictures) {
      expect(svg, url).toMatch(/^<svg [^>]*width="600" height="600" viewBox="0 0 600 600"/);
      expect(svg.length, url).toBeLessThan(24_000);
    }
  });

  it('tells the same drawing apart from another one, whatever the seed', () => {
    const [a, b] = [PRODUCTS[0], PRODUCTS[1]];
    const one = productPicture(a.productName.en, 'FRESH-PORK', 1, 'one');
    expect(drawing(productPicture(a.productName.en, 'FRESH-PORK', 1, 'two'))).toBe(drawing(one));
    expect(drawing(productPicture(b.productName.en, 'FRESH-PORK', 1, 'one'))).not.toBe(drawing(one));
  });

  it('come out the same on every run (seeded by product code and view)', () => {
    const p = PRODUCTS[24];
    const group = LINES.find((l) => l.lineCode === p.lineCode)?.groupCode;
    const again = productPicture(p.productName.en, group, 1, `${p.productCode}-1`);
    expect(again).toBe(readFileSync(fileOf(p.pictures[0]), 'utf8'));
    expect(productPicture(p.productName.en, group, 1, 'another key')).not.toBe(again);
  });
});

describe('no text in any drawn picture', () => {
  // Brand logos are wordmarks (a logo is a picture of the name); every other picture is text-free.
  const folders = ['products', 'lines', 'banners', 'vouchers'].map((f) => path.join(ASSETS, f));
  const files = [...folders.flatMap(svgsUnder), path.join(ROOT, 'public/images/placeholder.svg'), ...svgsUnder(path.join(ROOT, 'public/images/recipes'))];

  it('has no <text>, font or glyph in any SVG', () => {
    expect(files.length).toBeGreaterThan(200);
    for (const file of files) {
      const svg = readFileSync(file, 'utf8');
      expect(svg, file).not.toMatch(/<text\b|<tspan\b|<font\b|font-family|@font-face|<glyph\b/);
    }
  });

  it('covers every banner, voucher, line and brand picture named by the seed', () => {
    const urls = [
      ...HEADER_BANNERS.map((b) => b.bannerUrl),
      ...PROMOTION_BANNERS.flatMap((b) => b.bannerImage ?? []),
      ...VOUCHERS.map((v) => v.vcImage),
      ...LINES.map((l) => l.lineIcon),
      ...BRANDS.map((b) => b.brandLogo),
    ];
    for (const url of urls) expect(existsSync(fileOf(String(url))), String(url)).toBe(true);
  });
});
