/**
 * Draws the demo pictures as SVG into src/assets/images/ (served through Astro's image pipeline as
 * WebP, ADR 22) and public/images/ (logo, placeholder), with no downloads and no dependencies:
 *
 *   products/{code}-{n}.svg  one drawing per product (scripts/product-art/, keyed by the English
 *                            name), 600×600, in its group's setting; the n-th picture of a gallery
 *                            is another view (closer, in the pack, served, on the board, two
 *                            portions, with garnish), so no two pictures share a drawing;
 *   lines/{line}.svg         line icons, 200×200, the line's first product on a disc;
 *   banners/header-{i}.svg   header banners, 1600×500; banners/promo-{i}.svg promotion banners, 800×400;
 *   vouchers/{code}.svg      voucher cards, 400×200;
 *   brands/{code}.svg        brand logos, 240×120 (a wordmark: the one picture that shows a name).
 *
 * Nothing else carries text: product names, weights, prices, banner headlines and voucher values
 * are HTML on the page, in the shopper's language. The placeholder has no text either; the shop
 * logo is a wordmark. Names, codes, colours and picture counts come from the seed data in
 * src/server/xs-api/db/seed/*.ts, imported directly thanks to Node's type stripping (Node >= 23.6;
 * the project's Node 24 does it by default):
 *
 *   node_modules/.bin/node scripts/make-images.mjs
 *
 * The output is deterministic (seeded by product code and view; same files byte for byte on every
 * run). Output folders products/, lines/, banners/, brands/ and vouchers/ are rebuilt on every run.
 * Throws when a product has no drawing.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BRANDS, LINES, PRODUCTS, GROUPS } from '../src/server/xs-api/db/seed/catalogue.ts';
import { HEADER_ART, PROMO_ART } from '../src/server/xs-api/db/seed/content.ts';
import { VOUCHERS } from '../src/server/xs-api/db/seed/member.ts';
import { productPicture } from './product-art/index.mjs';
import { headerBanner, lineIcon, placeholder, promoBanner, voucherCard } from './product-art/banners.mjs';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'src', 'assets', 'images');
const PUBLIC_OUT = path.join(ROOT, 'public', 'images');
const FONT = `system-ui, 'Noto Sans CJK SC', sans-serif`;
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const svg = (w, h, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>\n`;

/** A text element (brand and shop wordmarks only); `o` holds extra attributes. */
const text = (x, y, size, fill, content, o = {}) =>
  `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" fill="${fill}"${o.weight ? ` font-weight="${o.weight}"` : ''}${o.anchor ? ` text-anchor="${o.anchor}"` : ''}${o.extra ?? ''}>${esc(content)}</text>`;

/** Splits `s` into lines of at most `max` characters, balancing a two-line split (no short last line). */
function wrap(s, max) {
  if (s.length <= max) return [s];
  const words = s.split(' ');
  let best = null;
  for (let i = 1; i < words.length; i++) {
    const pair = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const longest = Math.max(pair[0].length, pair[1].length);
    if (longest <= max && (!best || longest < best.longest)) best = { pair, longest };
  }
  if (best) return best.pair;
  const lines = []; // more than two lines: greedy
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}


const BRAND_COLOURS = ['#c62828', '#e08a00', '#a86a00', '#1d5f82', '#6b4a2b', '#3d6470', '#9b1c1c'];

function brandLogo(brand, i) {
  const c = BRAND_COLOURS[i % BRAND_COLOURS.length];
  const initials = brand.brandName.split(/\s+/).map((w) => w[0]).join('').slice(0, 3).toUpperCase();
  return svg(240, 120,
    `<rect x="2" y="2" width="236" height="116" rx="18" fill="#fff" stroke="${c}" stroke-width="3"/><circle cx="52" cy="60" r="32" fill="${c}"/>` +
    text(52, 68, initials.length > 2 ? 20 : 24, '#fff', initials, { weight: 800, anchor: 'middle' }) +
    wrap(brand.brandName, 10).map((l, j, all) => text(96, 66 - (all.length - 1) * 12 + j * 24, 19, '#222', l, { weight: 700 })).join(''));
}

const logo = svg(360, 96,
  `<rect x="4" y="8" width="80" height="80" rx="18" fill="#c62828"/>` + text(44, 62, 38, '#fff', 'XS', { weight: 800, anchor: 'middle' }) +
  `<path d="M60 22q14 -4 16 10q-14 4 -16 -10Z" fill="#8bc34a"/>` +
  text(100, 54, 38, '#1f1f1f', 'Fresh Mart', { weight: 800 }) +
  text(102, 80, 13, '#c62828', 'FRESH · FROZEN · DRIED', { weight: 700, extra: ' letter-spacing="2.5"' }));

// ---------------------------------------------------------------------------------------------

function write(rel, content, dir = OUT) {
  const file = path.join(dir, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return Buffer.byteLength(content);
}

for (const dir of ['products', 'lines', 'banners', 'brands', 'vouchers']) rmSync(path.join(OUT, dir), { recursive: true, force: true });

let files = 0;
let largest = 0;
let productBytes = 0;
const count = (bytes) => {
  files++;
  largest = Math.max(largest, bytes);
  return bytes;
};
const groupOf = new Map(LINES.map((l) => [l.lineCode, l.groupCode]));
for (const p of PRODUCTS) {
  p.pictures.forEach((pic, i) => {
    productBytes += count(write(pic.replace(/^\/images\//, ''), productPicture(p.productName.en, groupOf.get(p.lineCode), i + 1, `${p.productCode}-${i + 1}`)));
  });
}
for (const line of LINES) {
  const first = PRODUCTS.find((p) => p.lineCode === line.lineCode);
  count(write(line.lineIcon.replace(/^\/images\//, ''), lineIcon(line, first.productName.en, line.lineCode)));
}
HEADER_ART.forEach((b, i) => count(write(`banners/header-${i + 1}.svg`, headerBanner(b, `header-${i + 1}`))));
PROMO_ART.forEach((b, i) => count(write(`banners/promo-${i + 1}.svg`, promoBanner(b, `promo-${i + 1}`))));
BRANDS.forEach((b, i) => count(write(b.brandLogo.replace(/^\/images\//, ''), brandLogo(b, i))));
for (const v of VOUCHERS) count(write(v.vcImage.replace(/^\/images\//, ''), voucherCard(v)));
count(write('placeholder.svg', placeholder(), PUBLIC_OUT));
count(write('logo.svg', logo, PUBLIC_OUT));
console.log(`Wrote ${files} SVG files to ${path.relative(process.cwd(), OUT)} (largest ${largest} bytes; product pictures ${Math.round(productBytes / 1024)} KB for ${GROUPS.length} groups).`);
