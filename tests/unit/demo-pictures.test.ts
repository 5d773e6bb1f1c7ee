/**
 * The demo pictures drawn by scripts/make-images.mjs and scripts/make-recipe-media.mjs: every
 * product has its own pictures, no two share a drawing (not even one drawing in other colours, as
 * Pork Belly and Skinless Pork Belly once were), prawns look like prawns (pink or orange, not grey),
 * and nothing is written into a picture (names, weights, prices and banner texts are HTML in the
 * shopper's language). Issue 24: "Every product gets its own recognisable picture."
 */
import { describe, it, expect } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { BRANDS, LINES, PRODUCTS } from '../../src/server/xs-api/db/seed/catalogue';
import { HEADER_BANNERS, PROMOTION_BANNERS } from '../../src/server/xs-api/db/seed/content';
import { VOUCHERS } from '../../src/server/xs-api/db/seed/member';
import { DRAWINGS, drawingOf, productPicture } from '../../scripts/product-art/index.mjs';
import { Paint, seeded } from '../../scripts/product-art/paint.mjs';

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

/**
 * The parts a picture is drawn from: each distinct element with its attributes, leaving out path
 * data, numbers and colours. Two pictures with the same parts are one drawing whatever its colours,
 * sizes, counts and places: at card size (about 160 px) a shopper sees the same picture twice.
 */
const parts = (svg: string) =>
  [...new Set(drawing(svg).replace(/#[0-9a-f]{6}\b|url\(#g\d+\)/gi, 'C').match(/<[a-z][^>]*>/g) ?? [])].sort().join('\n');

/**
 * Share of a drawing's coloured pixels (saturation above 0.2) that are warm, red to orange, and
 * share of its pixels that are coloured at all; the drawing alone at 80 px, without its setting.
 */
async function warmth(en: string) {
  const P = new Paint();
  const body = drawingOf(en)(P, seeded(en));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="-110 -110 220 220">${P.defs()}${body}</svg>`;
  const px = await sharp(Buffer.from(svg)).raw().toBuffer();
  let [drawn, coloured, warm] = [0, 0, 0];
  for (let i = 0; i < px.length; i += 4) {
    if (px[i + 3] < 200) continue;
    drawn++;
    const [r, g, b] = [px[i], px[i + 1], px[i + 2]];
    const [max, min] = [Math.max(r, g, b), Math.min(r, g, b)];
    if (!max || (max - min) / max <= 0.2) continue;
    coloured++;
    if (max === r && g >= b) warm++;
  }
  return { warm: warm / coloured, coloured: coloured / drawn };
}

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

  it('gives every product its own drawing: no two card pictures are drawn from the same parts', () => {
    const byParts = new Map<string, string[]>();
    for (const p of PRODUCTS) {
      const key = parts(readFileSync(fileOf(p.pictures[0]), 'utf8'));
      byParts.set(key, [...(byParts.get(key) ?? []), p.productName.en]);
    }
    expect([...byParts.values()].filter((names) => names.length > 1)).toEqual([]);
    expect(byParts.size).toBe(PRODUCTS.length);
  });

  it('counts one drawing in other colours, sizes and places as the same parts, and a drawing with a part more as another', () => {
    const belly = productPicture('Pork Belly', 'FRESH-PORK', 1, 'one');
    const recoloured = belly.replace(/#f2cf98/g, '#fbf1e8').replace(/#d9a064/g, '#f7e6da').replace(/translate\(300 335\)/, 'translate(290 340)');
    expect(recoloured).not.toBe(belly);
    expect(parts(recoloured)).toBe(parts(belly));
    expect(parts(productPicture('Pork Belly', 'FRESH-PORK', 1, 'two'))).toBe(parts(belly));
    expect(parts(belly.replace('</g></svg>', '<circle r="4" fill="#fff"/></g></svg>'))).not.toBe(parts(belly));
  });

  it('draws prawns pink or orange, not grey', async () => {
    const prawns = PRODUCTS.filter((p) => p.lineCode === 'PRAWNS');
    expect(prawns.length).toBeGreaterThanOrEqual(5);
    for (const p of prawns) {
      const { warm, coloured } = await warmth(p.productName.en);
      expect(coloured, `${p.productName.en}: coloured share`).toBeGreaterThan(0.2);
      expect(warm, `${p.productName.en}: warm share of its colours`).toBeGreaterThan(0.8);
    }
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
