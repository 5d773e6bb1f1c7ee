/**
 * Draws the demo pictures as small flat SVG illustrations into src/assets/images/ (served through
 * Astro's image pipeline as AVIF/WebP) and public/images/ (logo, placeholder) (no downloads, no
 * dependencies): product packshots (1-7 per product), category icons, header and promotion
 * banners, brand logos, voucher cards, a placeholder and the shop logo.
 *
 * Names, codes, colours and picture counts come from the seed data in
 * src/server/xs-api/db/seed/*.ts, imported directly thanks to Node's type stripping (Node >= 23.6;
 * the project's Node 24 does it by default):
 *
 *   node_modules/.bin/node scripts/make-images.mjs
 *
 * Output folders products/, lines/, banners/, brands/ and vouchers/ are rebuilt on every run.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BRANDS, LINES, PRODUCTS } from '../src/server/xs-api/db/seed/catalogue.ts';
import { HEADER_ART, PROMO_ART, SHOP_NAME } from '../src/server/xs-api/db/seed/content.ts';
import { VOUCHERS } from '../src/server/xs-api/db/seed/member.ts';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'src', 'assets', 'images');
const PUBLIC_OUT = path.join(ROOT, 'public', 'images');
const FONT = `system-ui, 'Noto Sans CJK SC', sans-serif`;
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const r1 = (n) => Math.round(n * 10) / 10;

/** Mixes two #rrggbb colours; t = 0 gives a, t = 1 gives b. */
function mix(a, b, t) {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  return `#${pa.map((v, i) => Math.round(v + (pb[i] - v) * t).toString(16).padStart(2, '0')).join('')}`;
}

const svg = (w, h, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>\n`;

/** A text element; `o` holds extra attributes. */
const text = (x, y, size, fill, content, o = {}) =>
  `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" fill="${fill}"${o.weight ? ` font-weight="${o.weight}"` : ''}${o.anchor ? ` text-anchor="${o.anchor}"` : ''}${o.extra ?? ''}>${esc(content)}</text>`;

/** Font size that keeps `s` within `width` px (rough average glyph width 0.56 em for Latin). */
const fit = (s, width, max) => Math.min(max, Math.floor(width / (s.length * 0.56)));

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

// ---------------------------------------------------------------------------------------------
// Food illustrations, drawn in a box from -100 to 100 around the origin. `id` keeps clip ids unique.

/** Lowest point of each illustration, where its shadow goes. */
const BOTTOM = { slab: 58, mince: 42, ribs: 84, offal: 56, dumpling: 48, balls: 80, skewer: 52, prawn: 84, fish: 44, squid: 94, mushroom: 72, anchovy: 74, sausage: 72, noodles: 80, bottle: 90, shell: 62, rice: 80 };
const shadow = (art) => `<ellipse cx="0" cy="${BOTTOM[art] + 4}" rx="80" ry="9" fill="#000" opacity=".08"/>`;

function prawnBody() {
  let marks = '';
  for (const deg of [130, 160, 190, 220, 250]) {
    const a = (deg * Math.PI) / 180;
    marks += `M${r1(Math.cos(a) * 44)} ${r1(-Math.sin(a) * 44)}L${r1(Math.cos(a) * 78)} ${r1(-Math.sin(a) * 78)}`;
  }
  return `<path d="M40 -46A62 62 0 1 0 28 54" fill="none" stroke="#f07a45" stroke-width="40" stroke-linecap="round"/>` +
    `<path d="${marks}" stroke="#ffd9c4" stroke-width="4" stroke-linecap="round"/>` +
    `<path d="M18 52L64 30L56 56L66 84Z" fill="#d9582a"/>` +
    `<ellipse cx="54" cy="-40" rx="30" ry="21" transform="rotate(20 54 -40)" fill="#e86a36"/>` +
    `<circle cx="60" cy="-48" r="4.5" fill="#222"/>` +
    `<path d="M78 -48q36 -8 22 -50M74 -56q18 -20 2 -44" fill="none" stroke="#c4532a" stroke-width="3" stroke-linecap="round"/>`;
}

const mushroomUnit = `<path d="M-14 2h28l-4 58h-20z" fill="#efe2c9"/><ellipse cx="0" cy="2" rx="62" ry="10" fill="#e3cfae"/>` +
  `<path d="M-70 0C-70 -62 70 -62 70 0Q0 14 -70 0Z" fill="#7a4a2b"/>` +
  `<path d="M-42 -18l14 -10M8 -38l18 4M32 -14l14 -12M-12 -14l8 8" stroke="#c9a27c" stroke-width="5" stroke-linecap="round"/>`;

const dumplingUnit = `<path d="M-80 25C-70 -55 70 -55 80 25C40 45 -40 45 -80 25Z" fill="#f8ead0" stroke="#c9a46a" stroke-width="4"/>` +
  `<path d="M-46 -18q10 10 4 24M-18 -32q10 12 4 28M12 -33q10 12 4 28M40 -22q10 10 4 24" fill="none" stroke="#c9a46a" stroke-width="4" stroke-linecap="round"/>`;

const anchovyUnit = `<path d="M-34 0C-20 -9 20 -9 34 0C20 9 -20 9 -34 0Z" fill="#b2c5cb"/><path d="M-30 -2C-14 -7 14 -7 30 -2" stroke="#6f878e" stroke-width="3" fill="none"/>` +
  `<path d="M33 0l13 -9l-3 9l3 9Z" fill="#8fa6ad"/><circle cx="-25" cy="-1" r="2" fill="#2b3a3f"/>`;

const sausageUnit = `<rect x="-62" y="-17" width="124" height="34" rx="17" fill="#b3262c"/>` +
  `<path d="M-40 -4h.1M-18 6h.1M4 -6h.1M26 4h.1M44 -5h.1" stroke="#f2b8a6" stroke-width="6" stroke-linecap="round"/>` +
  `<path d="M-62 0h-12M62 0h12" stroke="#e8d5ab" stroke-width="5" stroke-linecap="round"/>`;

const bowl = (inside) =>
  `<ellipse cx="0" cy="0" rx="92" ry="16" fill="#d8c7b0"/>${inside}<path d="M-92 0H92A92 80 0 0 1 -92 0Z" fill="#fff"/>` +
  `<path d="M-80 22Q0 50 80 22" fill="none" stroke="currentColor" stroke-width="5" opacity=".55"/>`;

const ART = {
  slab: (id) =>
    `<clipPath id="${id}"><rect x="-92" y="-58" width="184" height="116" rx="26"/></clipPath><g clip-path="url(#${id})">` +
    `<rect x="-92" y="-58" width="184" height="116" fill="#e2707a"/><rect x="-92" y="-58" width="184" height="18" fill="#f3cfa9"/>` +
    `<rect x="-92" y="-40" width="184" height="10" fill="#fff4ec"/><path d="M-92 -6C-40 -16 20 4 92 -8V6C20 18 -40 -2 -92 8Z" fill="#fff4ec"/>` +
    `<path d="M-92 30C-30 22 30 40 92 28V40C30 52 -30 34 -92 42Z" fill="#fff4ec"/></g>`,
  mince: () =>
    `<path d="M-92 42C-96 12 -72 -18 -44 -20C-34 -44 -2 -52 16 -38C40 -52 76 -32 78 -8C94 2 98 26 92 42Z" fill="#e27b7f"/>` +
    `<path d="M-66 22q6 -8 12 0M-36 -2q6 -8 12 0M2 -30q6 -8 12 0M-8 14q6 -8 12 0M24 -10q6 -8 12 0M52 14q6 -8 12 0M30 30q6 -8 12 0M-36 32q6 -8 12 0M60 -8q6 -8 12 0" fill="none" stroke="#f8c7c1" stroke-width="5" stroke-linecap="round"/>`,
  ribs: () =>
    `<path d="M-60 -80v60M-20 -80v60M20 -80v60M60 -80v60" stroke="#d9c19a" stroke-width="24" stroke-linecap="round"/>` +
    `<path d="M-60 -80v60M-20 -80v60M20 -80v60M60 -80v60" stroke="#f8f0e2" stroke-width="17" stroke-linecap="round"/>` +
    `<rect x="-92" y="-52" width="184" height="110" rx="24" fill="#d45d66"/><rect x="-92" y="-52" width="184" height="22" rx="11" fill="#e58a8f"/>` +
    `<path d="M-40 -30v70M0 -30v70M40 -30v70" stroke="#bf4852" stroke-width="5" stroke-linecap="round"/>`,
  offal: () =>
    `<path d="M-85 0C-85 -55 -20 -70 20 -55C60 -45 92 -20 85 15C80 50 30 60 0 45C-30 60 -85 45 -85 0Z" fill="#8e2f3a"/>` +
    `<path d="M-55 -20C-40 -42 0 -48 20 -38" fill="none" stroke="#c0616b" stroke-width="10" stroke-linecap="round"/>` +
    `<path d="M5 45C10 20 30 0 60 -10" fill="none" stroke="#6e1f29" stroke-width="4"/>`,
  dumpling: () =>
    `<g transform="translate(0 -28) scale(.62)">${dumplingUnit}</g><g transform="translate(-46 22) scale(.62)">${dumplingUnit}</g>` +
    `<g transform="translate(46 22) scale(.62)">${dumplingUnit}</g>`,
  balls: () =>
    bowl(`<circle cx="-42" cy="-14" r="28" fill="#f1e8d4" stroke="#d8c7b0" stroke-width="3"/><circle cx="42" cy="-14" r="28" fill="#f1e8d4" stroke="#d8c7b0" stroke-width="3"/><circle cx="0" cy="-30" r="31" fill="#b86b4b"/>` +
      `<circle cx="-8" cy="-40" r="7" fill="#d38c6b"/><circle cx="-50" cy="-22" r="6" fill="#fff"/><circle cx="34" cy="-22" r="6" fill="#fff"/>`),
  skewer: () =>
    `<g transform="rotate(-20)"><path d="M-100 0H100" stroke="#c9a06a" stroke-width="6" stroke-linecap="round"/>` +
    `<rect x="-78" y="-22" width="36" height="44" rx="10" fill="#b5532e"/><rect x="-36" y="-16" width="14" height="32" rx="5" fill="#7fb24a"/>` +
    `<rect x="-16" y="-22" width="36" height="44" rx="10" fill="#b5532e"/><rect x="26" y="-16" width="14" height="32" rx="5" fill="#f1c94f"/>` +
    `<rect x="46" y="-22" width="36" height="44" rx="10" fill="#b5532e"/>` +
    `<path d="M-70 18l16 -36M-8 18l16 -36M54 18l16 -36" stroke="#6e2a14" stroke-width="4" opacity=".55"/></g>`,
  prawn: prawnBody,
  fish: () =>
    `<path d="M-70 0L-100 -34L-94 0L-100 34Z" fill="#7fa7bb"/><path d="M-20 -34Q0 -60 24 -36Z" fill="#7fa7bb"/>` +
    `<path d="M-82 0C-40 -50 40 -50 78 0C40 50 -40 50 -82 0Z" fill="#a9c7d6"/>` +
    `<path d="M-72 6C-30 36 30 36 68 8C30 20 -30 20 -72 6Z" fill="#e6f1f6"/>` +
    `<path d="M30 -22Q20 0 30 22" fill="none" stroke="#5d8499" stroke-width="4" stroke-linecap="round"/>` +
    `<circle cx="48" cy="-8" r="8" fill="#fff"/><circle cx="49" cy="-8" r="4" fill="#1f2d3a"/>`,
  squid: () =>
    `<path d="M-20 50q-10 22 0 44M-7 52q-8 22 2 44M7 52q8 22 -2 44M20 50q10 22 0 44" fill="none" stroke="#e8b2a7" stroke-width="8" stroke-linecap="round"/>` +
    `<path d="M0 -96L-44 -58L-22 -46ZM0 -96L44 -58L22 -46Z" fill="#e8b2a7"/>` +
    `<path d="M0 -96C34 -60 34 -10 28 32H-28C-34 -10 -34 -60 0 -96Z" fill="#f4d4cc"/>` +
    `<ellipse cx="0" cy="40" rx="30" ry="16" fill="#efc3b9"/><circle cx="-12" cy="40" r="5" fill="#333"/><circle cx="12" cy="40" r="5" fill="#333"/>` +
    `<circle cx="-8" cy="-40" r="4" fill="#d99a8f"/><circle cx="10" cy="-20" r="5" fill="#d99a8f"/><circle cx="-6" cy="0" r="4" fill="#d99a8f"/>`,
  mushroom: () =>
    `<g transform="translate(-42 -6) scale(.62)">${mushroomUnit}</g><g transform="translate(46 -16) scale(.56)">${mushroomUnit}</g>` +
    `<g transform="translate(2 30) scale(.7)">${mushroomUnit}</g>`,
  anchovy: () =>
    [[-40, -50, -12], [30, -46, 10], [-58, -10, 8], [10, -8, -6], [62, -4, 14], [-30, 32, -10], [38, 36, 6], [0, 64, -4]]
      .map(([x, y, a]) => `<g transform="translate(${x} ${y}) rotate(${a})">${anchovyUnit}</g>`)
      .join(''),
  sausage: () =>
    `<g transform="rotate(-18)"><g transform="translate(0 -46)">${sausageUnit}</g>${sausageUnit}<g transform="translate(0 46)">${sausageUnit}</g></g>`,
  noodles: () =>
    `<path d="M30 -20L96 -96M44 -14L100 -84" stroke="#8b5a2b" stroke-width="6" stroke-linecap="round"/>` +
    bowl(`<ellipse cx="0" cy="0" rx="84" ry="12" fill="#e9a24a"/>` +
      `<path d="M-72 0q12 -28 24 0t24 0t24 0t24 0t24 0t24 0M-56 -6q12 -26 24 0t24 0t24 0t24 0" fill="none" stroke="#f3c94f" stroke-width="7" stroke-linecap="round"/>` +
      `<rect x="-34" y="-30" width="34" height="16" rx="5" fill="#b3262c" transform="rotate(-12 -17 -22)"/><path d="M22 -20h.1M34 -26h.1M12 -28h.1" stroke="#6aa84f" stroke-width="8" stroke-linecap="round"/>`),
  shell: () =>
    [[-40, 14, -16, 0.74], [40, -8, 14, 0.74]]
      .map(([x, y, a, k]) => `<g transform="translate(${x} ${y}) rotate(${a}) scale(${k})"><path d="M0 66L-84 -4C-70 -74 70 -74 84 -4Z" fill="#f3c7a1" stroke="#d49a6a" stroke-width="4" stroke-linejoin="round"/>` +
        `<path d="M0 60L-58 -26M0 60L-28 -44M0 60V-50M0 60L28 -44M0 60L58 -26" stroke="#d49a6a" stroke-width="5" stroke-linecap="round"/><rect x="-16" y="58" width="32" height="16" rx="6" fill="#d49a6a"/></g>`)
      .join(''),
  rice: () =>
    `<path d="M-62 -66Q0 -80 62 -66L74 70Q0 86 -74 70Z" fill="#f4ecd9" stroke="#d8c7a6" stroke-width="4"/>` +
    `<path d="M-34 -72q34 -26 68 0" fill="none" stroke="#b08d57" stroke-width="6" stroke-linecap="round"/>` +
    `<rect x="-56" y="-10" width="112" height="46" rx="8" fill="currentColor"/>` +
    `<path d="M-30 13q10 -12 20 0q-10 12 -20 0M-6 13q10 -12 20 0q-10 12 -20 0M18 13q10 -12 20 0q-10 12 -20 0" fill="#fff"/>`,
  bottle: () =>
    `<rect x="-59" y="-40" width="68" height="130" rx="16" fill="#3a2114"/><rect x="-37" y="-80" width="24" height="46" fill="#3a2114"/>` +
    `<rect x="-40" y="-98" width="30" height="22" rx="5" fill="currentColor"/><rect x="-59" y="-4" width="68" height="56" fill="#fff3dc"/>` +
    `<rect x="-59" y="4" width="68" height="10" fill="currentColor"/><rect x="-44" y="24" width="38" height="6" rx="3" fill="#c9b48f"/>` +
    `<rect x="22" y="22" width="60" height="68" rx="12" fill="#c0392b"/><rect x="18" y="8" width="68" height="18" rx="5" fill="#333"/>` +
    `<rect x="30" y="44" width="44" height="26" rx="4" fill="#fff3dc"/>`,
};

/** The illustration of `art` drawn at (x, y), scaled and rotated; `ink` fills currentColor parts. */
const drawArt = (art, id, ink, x, y, scale, rotate = 0, withShadow = true, mirror = false) =>
  `<g transform="translate(${x} ${y}) rotate(${rotate}) scale(${mirror ? -scale : scale} ${scale})" color="${ink}">${withShadow ? shadow(art) : ''}${ART[art](id)}</g>`;

// ---------------------------------------------------------------------------------------------
// Product pictures: four layouts (packshot, close-up, plate, tray); variants past 4 are mirrored and lighter.

/** Shellfish and rice get their own picture instead of their line's. */
function artFor(p, line) {
  if (/clam|mussel|scallop/i.test(p.productName.en)) return 'shell';
  if (/rice$/i.test(p.productName.en)) return 'rice';
  return line.art;
}

function productPicture(p, line, brandName, n) {
  const { en, zh } = p.productName;
  const art = artFor(p, line);
  const alt = n > 4;
  const bg = alt ? mix(line.bg, line.ink, 0.3) : line.bg;
  const ink = line.ink;
  const layout = (n - 1) % 4;
  const flip = alt ? -1 : 1; // mirrored pictures turn the other way
  let body = `<rect width="600" height="600" fill="${bg}"/>`;
  if (layout === 0) {
    body += `<circle cx="300" cy="235" r="190" fill="#fff" opacity=".55"/>${drawArt(art, 'c', ink, 300, 240, 1.6, 0, true, alt)}` +
      `<rect y="450" width="600" height="150" fill="#fff"/><rect y="450" width="600" height="6" fill="${ink}"/>` +
      text(300, 514, fit(en, 540, 40), ink, en, { weight: 700, anchor: 'middle' }) + text(300, 560, 26, '#5f5f5f', zh, { anchor: 'middle' }) +
      `<rect x="${572 - p.unit.length * 12 - 28}" y="28" width="${p.unit.length * 12 + 28}" height="40" rx="20" fill="${ink}"/>` +
      text(572 - (p.unit.length * 12 + 28) / 2, 55, 20, '#fff', p.unit, { weight: 600, anchor: 'middle' }) +
      (brandName ? text(30, 56, 20, ink, brandName, { weight: 600, extra: ' opacity=".75"' }) : '');
  } else if (layout === 1) {
    const w = Math.min(552, Math.max(en.length, zh.length * 2) * 15 + 48);
    body = `<rect width="600" height="600" fill="${mix(bg, ink, 0.14)}"/>${drawArt(art, 'c', ink, 300, 270, 2.5, -10 * flip, false, alt)}` +
      `<rect x="24" y="478" width="${w}" height="96" rx="16" fill="#fff" opacity=".95"/>` +
      text(46, 518, fit(en, w - 44, 28), ink, en, { weight: 700 }) + text(46, 554, 20, '#5f5f5f', `${zh} · ${p.unit}`);
  } else if (layout === 2) {
    body += `<circle cx="300" cy="280" r="210" fill="#fff"/><circle cx="300" cy="280" r="170" fill="none" stroke="${mix(bg, '#ffffff', 0.3)}" stroke-width="4"/>` +
      drawArt(art, 'c', ink, 300, 280, 1.45, 0, false, alt) +
      text(300, 46, 20, ink, 'Serving suggestion · 建议食用方式', { anchor: 'middle', extra: ' opacity=".75"' }) +
      text(300, 538, fit(en, 540, 32), ink, en, { weight: 700, anchor: 'middle' }) + text(300, 574, 22, '#5f5f5f', zh, { anchor: 'middle' });
  } else {
    const fs = fit(en, 196, 22);
    body = `<rect width="600" height="600" fill="${mix(bg, '#ffffff', 0.4)}"/><rect x="84" y="84" width="432" height="360" rx="30" fill="#fff"/>` +
      `<rect x="104" y="104" width="392" height="320" rx="20" fill="${mix(bg, '#ffffff', 0.55)}"/>` +
      drawArt(art, 'c', ink, 300, 262, 1.3, 6 * flip, false, alt) +
      `<path d="M150 104h70L104 330V250Z" fill="#fff" opacity=".35"/>` +
      `<rect x="306" y="396" width="220" height="120" rx="12" fill="#fff" stroke="${ink}" stroke-width="3"/>` +
      text(322, 424, 14, ink, SHOP_NAME.toUpperCase(), { weight: 700, extra: ' letter-spacing="1.5"' }) +
      text(322, 458, fs, '#222', en, { weight: 700 }) + text(322, 490, 18, '#5f5f5f', `${zh} · ${p.unit}`) +
      text(84, 560, 22, ink, line.lineName.en, { weight: 600 });
  }
  return svg(600, 600, body);
}

// ---------------------------------------------------------------------------------------------

function lineIcon(line) {
  return svg(200, 200, `<circle cx="100" cy="100" r="96" fill="${line.bg}"/>${drawArt(line.art, 'c', line.ink, 100, 98, 0.7)}`);
}

function headerBanner(b) {
  const lines = wrap(b.headline, 18);
  const subY = 200 + (lines.length - 1) * 84 + 70;
  const ctaW = b.cta.length * 15 + 72;
  return svg(1600, 500,
    `<rect width="1600" height="500" fill="${b.bg}"/><circle cx="1260" cy="250" r="330" fill="${b.accent}" opacity=".14"/>` +
    `<circle cx="150" cy="520" r="120" fill="${b.accent}" opacity=".1"/><circle cx="1260" cy="250" r="215" fill="#fff"/>` +
    drawArt(b.art, 'h', b.bg, 1260, 245, 1.75) +
    `<rect x="110" y="62" width="44" height="44" rx="10" fill="#fff"/>` + text(132, 92, 20, b.bg, 'XS', { weight: 800, anchor: 'middle' }) +
    text(166, 93, 26, '#fff', 'Fresh Mart', { weight: 700 }) +
    lines.map((l, i) => text(110, 200 + i * 84, 74, '#fff', l, { weight: 800 })).join('') +
    text(110, subY, 30, '#fff', b.sub, { extra: ' opacity=".9"' }) +
    `<rect x="110" y="${subY + 40}" width="${ctaW}" height="64" rx="32" fill="${b.accent}"/>` +
    text(110 + ctaW / 2, subY + 81, 26, b.bg, b.cta, { weight: 700, anchor: 'middle' }));
}

function promoBanner(b) {
  const lines = wrap(b.headline, 12);
  const subY = 150 + (lines.length - 1) * 62 + 50;
  const ctaW = b.cta.length * 13 + 56;
  return svg(800, 400,
    `<rect width="800" height="400" fill="${b.bg}"/><circle cx="620" cy="200" r="168" fill="${b.accent}"/>` +
    `<circle cx="620" cy="200" r="190" fill="none" stroke="${b.accent}" stroke-width="3" opacity=".45"/>` +
    drawArt(b.art, 'p', b.bg, 620, 196, 1.15) +
    `<rect x="48" y="48" width="156" height="34" rx="17" fill="${b.accent}"/>` +
    text(126, 71, 15, b.bg, 'PROMOTION', { weight: 800, anchor: 'middle', extra: ' letter-spacing="2"' }) +
    lines.map((l, i) => text(48, 150 + i * 62, 58, '#fff', l, { weight: 800 })).join('') +
    text(48, subY, 22, '#fff', b.sub, { extra: ' opacity=".9"' }) +
    `<rect x="48" y="${subY + 28}" width="${ctaW}" height="50" rx="25" fill="#fff"/>` +
    text(48 + ctaW / 2, subY + 60, 20, b.bg, b.cta, { weight: 700, anchor: 'middle' }));
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

function voucherCard(v) {
  const c = v.isBirthday ? '#d81b60' : v.vcAmount.endsWith('%') ? '#1565c0' : '#c62828';
  const amount = v.vcAmount.endsWith('%') ? v.vcAmount : `RM${Number(v.vcAmount)}`;
  return svg(400, 200,
    `<mask id="m"><rect width="400" height="200" rx="18" fill="#fff"/><circle cx="290" cy="0" r="16"/><circle cx="290" cy="200" r="16"/></mask>` +
    `<rect width="400" height="200" rx="18" fill="${c}" mask="url(#m)"/>` +
    `<path d="M290 24V176" stroke="#fff" stroke-width="3" stroke-dasharray="8 8" opacity=".7"/>` +
    text(36, 108, 64, '#fff', amount, { weight: 800 }) + text(38, 146, 24, '#fff', 'OFF', { weight: 700, extra: ' letter-spacing="3"' }) +
    text(38, 176, 14, '#fff', v.isBirthday ? 'HAPPY BIRTHDAY' : SHOP_NAME.toUpperCase(), { extra: ' letter-spacing="1.5" opacity=".85"' }) +
    (v.isBirthday
      ? `<rect x="318" y="96" width="52" height="40" rx="6" fill="#fff"/><rect x="318" y="108" width="52" height="8" fill="${c}" opacity=".4"/>` +
        `<path d="M332 96V80M344 96V80M356 96V80" stroke="#fff" stroke-width="4"/><circle cx="332" cy="74" r="4" fill="#ffd54f"/><circle cx="344" cy="74" r="4" fill="#ffd54f"/><circle cx="356" cy="74" r="4" fill="#ffd54f"/>`
      : `<circle cx="344" cy="100" r="30" fill="#fff"/>` + text(344, 109, 24, c, 'XS', { weight: 800, anchor: 'middle' })));
}

const placeholder = svg(600, 600,
  `<rect width="600" height="600" fill="#f2f3f5"/><rect x="200" y="180" width="200" height="160" rx="18" fill="none" stroke="#c3c8cf" stroke-width="10"/>` +
  `<circle cx="256" cy="230" r="18" fill="#c3c8cf"/><path d="M214 326L280 258L322 300L348 276L386 326Z" fill="#c3c8cf"/>` +
  text(300, 410, 26, '#8a9099', 'No image', { weight: 600, anchor: 'middle' }) + text(300, 448, 22, '#8a9099', '暂无图片', { anchor: 'middle' }));

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
const count = (bytes) => {
  files++;
  largest = Math.max(largest, bytes);
};
const brandName = new Map(BRANDS.map((b) => [b.brandCode, b.brandName]));
for (const p of PRODUCTS) {
  const line = LINES.find((l) => l.lineCode === p.lineCode);
  p.pictures.forEach((pic, i) => count(write(pic.replace(/^\/images\//, ''), productPicture(p, line, brandName.get(p.brandCode ?? ''), i + 1))));
}
for (const line of LINES) count(write(line.lineIcon.replace(/^\/images\//, ''), lineIcon(line)));
HEADER_ART.forEach((b, i) => count(write(`banners/header-${i + 1}.svg`, headerBanner(b))));
PROMO_ART.forEach((b, i) => count(write(`banners/promo-${i + 1}.svg`, promoBanner(b))));
BRANDS.forEach((b, i) => count(write(b.brandLogo.replace(/^\/images\//, ''), brandLogo(b, i))));
for (const v of VOUCHERS) count(write(v.vcImage.replace(/^\/images\//, ''), voucherCard(v)));
count(write('placeholder.svg', placeholder, PUBLIC_OUT));
count(write('logo.svg', logo, PUBLIC_OUT));
console.log(`Wrote ${files} SVG files to ${path.relative(process.cwd(), OUT)} (largest ${largest} bytes).`);
