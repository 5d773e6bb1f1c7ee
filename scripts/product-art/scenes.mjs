/**
 * Settings and views of the product pictures (scripts/make-images.mjs): one art direction per
 * product group (fresh pork on a butcher's board, frozen food on frost blue, seafood on ice, dried
 * food in a woven basket or on kraft paper, pantry on a shelf), all 600×600 px with the food centred
 * in the same box, so the card grid looks even. The views of a gallery differ: 1 the product, 2 a
 * closer turn, 3 in its pack, 4 served, 5 on the board with a knife, 6 two portions, 7 with garnish.
 */
import { at, dark, light, r1, specks } from './paint.mjs';

export const SIZE = 600;

/** Background, surface and pack colours per product group. */
const SETTINGS = {
  'FRESH-PORK': { wall: ['#f5efe8', '#e6dbcf'], surface: 'board', wood: '#c99a66' },
  'FROZEN-FOOD': { wall: ['#eaf4fb', '#c7deee'], surface: 'frost', plate: '#ffffff' },
  'FROZEN-SEAFOOD': { wall: ['#e3eef3', '#b9d0dc'], surface: 'ice' },
  'DRIED-FOOD': { wall: ['#f6ecdc', '#e3cfae'], surface: 'basket', wood: '#b98a55' },
  PANTRY: { wall: ['#f3efe7', '#e2d9c8'], surface: 'shelf', wood: '#a77a4c' },
};

/** Wood grain lines across a board from y0 to y1. */
const grain = (rand, x0, x1, y0, y1, colour) => {
  let d = '';
  for (let y = y0 + 10; y < y1; y += 14 + rand() * 10) d += `M${x0} ${r1(y)}Q${r1((x0 + x1) / 2)} ${r1(y + (rand() - 0.5) * 10)} ${x1} ${r1(y + (rand() - 0.5) * 6)}`;
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="1.4" opacity=".35"/>`;
};

/** Crushed ice: translucent shards in a wide oval (two paths, white and pale blue). */
function ice(rand, cx, cy, rx, ry) {
  const d = ['', ''];
  for (let i = 0; i < 70; i++) {
    const a = rand() * Math.PI * 2;
    const k = Math.sqrt(rand());
    const x = cx + Math.cos(a) * rx * k;
    const y = cy + Math.sin(a) * ry * k;
    const r = 8 + rand() * 12;
    d[rand() < 0.5 ? 0 : 1] += `M${r1(x - r)} ${r1(y)}L${r1(x - r * 0.2)} ${r1(y - r * 0.8)}L${r1(x + r)} ${r1(y - r * 0.2)}L${r1(x + r * 0.4)} ${r1(y + r * 0.7)}Z`;
  }
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#f4fbff" opacity=".9"/><path d="${d[0]}" fill="#ffffff" opacity=".8"/><path d="${d[1]}" fill="#d6ebf5" opacity=".8"/>`;
}

/** A woven basket seen from above at (cx, cy). */
function basket(P, cx, cy, r, wood) {
  let weave = '';
  for (let i = 1; i < 6; i++) weave += `<ellipse cx="${cx}" cy="${cy}" rx="${r - i * 6}" ry="${r1((r - i * 6) * 0.82)}" fill="none" stroke="${dark(wood, 0.25)}" stroke-width="1.6" stroke-dasharray="10 6" opacity=".6"/>`;
  return `<ellipse cx="${cx + 8}" cy="${cy + 14}" rx="${r + 6}" ry="${r1(r * 0.84)}" fill="#5a3d22" opacity=".18"/>` +
    `<ellipse cx="${cx}" cy="${cy}" rx="${r}" ry="${r1(r * 0.82)}" fill="${P.radial(light(wood, 0.2), dark(wood, 0.2), 0.4, 0.35, 0.8)}"/>` + weave +
    `<ellipse cx="${cx}" cy="${cy}" rx="${r - 34}" ry="${r1((r - 34) * 0.82)}" fill="${P.radial('#efe0c4', '#d7bf98')}"/>`;
}

/** The background and surface of a group's pictures; `alt` picks the second surface of the family. */
export function setting(P, rand, group, alt = false) {
  const s = SETTINGS[group];
  let out = `<rect width="${SIZE}" height="${SIZE}" fill="${P.linear(s.wall[0], s.wall[1])}"/>`;
  if (s.surface === 'board') {
    out += `<rect x="46" y="128" width="508" height="420" rx="34" fill="#6b4a2e" opacity=".2" transform="translate(10 14)"/>` +
      `<rect x="46" y="128" width="508" height="420" rx="34" fill="${P.linear(light(s.wood, 0.12), dark(s.wood, 0.12))}"/>` + grain(rand, 60, 540, 130, 540, dark(s.wood, 0.4)) +
      (alt ? `<path d="M120 170L500 150L520 500L96 520Z" fill="${P.linear('#f7f1e6', '#e9dfcd')}" opacity=".95"/>` : '');
  } else if (s.surface === 'frost') {
    out += specks(rand, 60, 300, 300, '#ffffff', 3, 300, 300, 0.7) +
      `<circle cx="312" cy="338" r="218" fill="#31506a" opacity=".12"/><circle cx="300" cy="322" r="218" fill="${alt ? '#2f3b46' : P.radial('#ffffff', '#e4edf3', 0.4, 0.35, 0.7)}"/>` +
      `<circle cx="300" cy="322" r="170" fill="none" stroke="${alt ? '#46525c' : '#dbe6ee'}" stroke-width="3"/>`;
  } else if (s.surface === 'ice') {
    out += ice(rand, 300, 340, 250, 190);
  } else if (s.surface === 'basket') {
    out += alt ? `<path d="M70 140L530 120L548 520L52 540Z" fill="${P.linear('#d9b27e', '#c29560')}"/>` + grain(rand, 60, 540, 130, 530, '#8e6a3e')
      : basket(P, 300, 330, 250, s.wood);
  } else {
    out += `<rect y="470" width="${SIZE}" height="130" fill="${P.linear(light(s.wood, 0.1), dark(s.wood, 0.25))}"/><rect y="462" width="${SIZE}" height="14" fill="${light(s.wood, 0.2)}"/>` +
      `<rect y="476" width="${SIZE}" height="10" fill="#3b2a1a" opacity=".25"/>`;
  }
  return out;
}

/** Where the food sits and how large, per group: [x, y, scale]. */
const PLACE = { 'FRESH-PORK': [300, 335, 1.9], 'FROZEN-FOOD': [300, 322, 1.95], 'FROZEN-SEAFOOD': [300, 330, 2], 'DRIED-FOOD': [300, 330, 2.05], PANTRY: [300, 270, 1.9] };

/** A clear tray with cling film (fresh and frozen packs). */
const tray = (P, w, h) => `<rect x="${-w / 2 + 8}" y="${-h / 2 + 12}" width="${w}" height="${h}" rx="22" fill="#000" opacity=".15"/><rect x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h}" rx="22" fill="${P.linear('#fdfdfd', '#e7ecef')}"/>` +
  `<rect x="${-w / 2 + 16}" y="${-h / 2 + 16}" width="${w - 32}" height="${h - 32}" rx="14" fill="#f3f5f6" stroke="#d9dfe3" stroke-width="2"/>`;
const film = (w, h) => `<rect x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h}" rx="22" fill="#ffffff" opacity=".16"/><path d="M${-w / 2 + 30} ${-h / 2 + 20}L${-w / 2 + 120} ${-h / 2 + 20}L${-w / 2 + 20} ${-h / 2 + 110}Z" fill="#fff" opacity=".35"/>`;

/** A kraft pouch with a clear window (dried and pantry packs). */
const pouch = (P) => `<path d="M-150 -170H150L160 190H-160Z" fill="#000" opacity=".15" transform="translate(10 12)"/><path d="M-150 -170H150L160 190H-160Z" fill="${P.linear('#d5b084', '#b98c5a')}"/>` +
  `<path d="M-150 -170H150V-140H-150Z" fill="#a97c4c"/><rect x="-112" y="-110" width="224" height="250" rx="40" fill="#f8f3ea" opacity=".55"/>`;

/** Spring onion and chilli slices (served views). */
const garnish = (rand, n = 10) => specks(rand, n, 120, 80, '#4f9a3a', 9) + specks(rand, Math.round(n / 2), 120, 80, '#d43a2a', 7);

/** Aromatics around a product (view 7): garlic, ginger slices, star anise. */
const aromatics = () =>
  at(-200, -190, 0, 1.7, `<ellipse rx="26" ry="24" fill="#f6efe2"/><path d="M0 -24Q6 0 0 24M-12 -20Q-16 0 -10 22" fill="none" stroke="#ddd0b8" stroke-width="2"/>`) +
  at(196, -196, 30, 1.7, `<ellipse rx="30" ry="18" fill="#e8cf8a"/><ellipse rx="22" ry="12" fill="#f3e2a8"/>`) +
  at(-206, 200, 0, 1.7, `<path d="M0 -22L6 -6L22 0L6 6L0 22L-6 6L-22 0L-6 -6Z" fill="#6e331a"/><circle r="4" fill="#9b5a2c"/>`) +
  at(200, 200, -20, 1.7, `<path d="M-30 0Q0 -12 30 0Q0 12 -30 0Z" fill="#5f9e3f"/><path d="M-26 0H26" stroke="#3f7a2a" stroke-width="1.5"/>`);

/** A cleaver beside the food (view 5). */
const cleaver = (P) => at(176, -196, 28, 1, `<rect x="-60" y="-34" width="104" height="68" rx="6" fill="${P.linear('#eef1f3', '#9aa4aa')}"/><rect x="44" y="-9" width="70" height="18" rx="7" fill="#4b3120"/><circle cx="-40" cy="-18" r="6" fill="#c5ccd0"/>`);

/**
 * One picture: the group's setting, then the drawing `draw(P, rand)` (box -100..100) placed for view
 * `view` (1-7). `rand` is seeded per product and view by the caller.
 */
export function compose(P, rand, group, view, draw) {
  const [x, y, k] = PLACE[group];
  const served = group === 'PANTRY' ? '#f1e9da' : '#ffffff';
  switch (view) {
    case 2:
      return setting(P, rand, group, true) + at(x + 10, y + 10, -14, k * 1.3, draw(P, rand));
    case 3: {
      const packed = group === 'DRIED-FOOD' || group === 'PANTRY'
        ? at(300, 320, 0, 1, pouch(P) + at(0, 20, 0, 1.05, draw(P, rand)))
        : at(300, 330, 0, 1, tray(P, 420, 320) + at(0, 0, 0, 1.25, draw(P, rand)) + film(420, 320));
      return setting(P, rand, group) + packed;
    }
    case 4:
      return setting(P, rand, group, true) + at(300, 330, 0, 1, `<ellipse cx="10" cy="16" rx="220" ry="200" fill="#000" opacity=".14"/><ellipse rx="220" ry="200" fill="${served}"/><ellipse rx="170" ry="152" fill="none" stroke="#e6e0d6" stroke-width="3"/>` +
        at(0, 0, 12, 1.2, draw(P, rand)) + garnish(rand));
    case 5:
      return setting(P, rand, group) + at(x - 40, y + 30, 8, k * 0.95, draw(P, rand)) + at(x, y, 0, 1, cleaver(P));
    case 6:
      return setting(P, rand, group) + at(x - 110, y - 20, -10, k * 0.62, draw(P, rand)) + at(x + 110, y + 30, 14, k * 0.62, draw(P, rand));
    case 7:
      return setting(P, rand, group, true) + at(x, y, 0, k * 0.9, draw(P, rand)) + at(x, y, 0, 1, aromatics());
    default:
      return setting(P, rand, group) + at(x, y, 0, k, draw(P, rand));
  }
}
