/**
 * Frozen food drawings (lines DUMPLINGS, BALLS, MARINATED), keyed by the product's English name;
 * each `(P, rand) => svg` in the box -100..100 (see paint.mjs).
 */
import { at, blob, dark, gloss, light, pile, r1, shadow, specks } from './paint.mjs';
import { chop } from './pork.mjs';
import { prawn } from './prawn.mjs';
import { cabbageLeaf, chives, skewer } from './props.mjs';

/** A crescent dumpling (jiaozi) with pleats; `inside` tints the filling showing through. */
const jiaozi = (P, inside, fried = false) =>
  `<path d="M-40 14C-36 -26 36 -26 40 14C20 24 -20 24 -40 14Z" fill="${P.radial('#fffaf0', '#eadcc0')}"/>` +
  `<path d="M-26 6C-22 -10 22 -10 26 6" fill="none" stroke="${inside}" stroke-width="10" opacity=".3"/>` +
  `<path d="M-24 -14q4 6 0 12M-10 -20q4 7 0 13M4 -21q4 7 0 13M18 -16q4 6 0 12" fill="none" stroke="#d9c6a0" stroke-width="2.4" stroke-linecap="round"/>` +
  (fried ? `<path d="M-40 14C-20 24 20 24 40 14L36 22C16 30 -16 30 -36 22Z" fill="#b8742e"/>` : '') + gloss('M-24 -4Q0 -16 22 -4', 2.5, 0.6);

/** A wonton with a gathered top and thin wrapper frills; `inside` is the filling colour. */
const wonton = (P, inside, tail) =>
  `<path d="M-34 6C-40 -6 -30 -20 -18 -14C-12 -30 12 -30 18 -14C30 -20 40 -6 34 6C20 24 -20 24 -34 6Z" fill="${P.radial('#fffdf6', '#eee3cc')}" opacity=".95"/>` +
  `<ellipse cx="0" cy="2" rx="16" ry="12" fill="${inside}" opacity=".55"/>` + (tail ? `<path d="M14 -8l16 -16l4 10Z" fill="#f0703a"/>` : '') + gloss('M-20 -8Q0 -18 20 -8', 2, 0.6);

/** A steamed bun, round and soft; `top` draws its top (pleats, split, dot). */
const bun = (P, r, top) => shadow(r, r * 0.2, 2, r * 0.75) + `<path d="M${-r} ${r * 0.45}C${-r} ${-r * 0.9} ${r} ${-r * 0.9} ${r} ${r * 0.45}C${r * 0.5} ${r * 0.75} ${-r * 0.5} ${r * 0.75} ${-r} ${r * 0.45}Z" fill="${P.radial('#ffffff', '#efe6d4', 0.4, 0.3, 0.8)}"/>` + top;

/** A round ball with highlight; `flecks` adds small dots of another colour. */
const ball = (P, rand, r, colour, flecks = null) =>
  shadow(r * 0.9, r * 0.25, 3, r * 0.85) + `<circle r="${r}" fill="${P.radial(light(colour, 0.35), dark(colour, 0.2), 0.35, 0.3, 0.8)}"/>` +
  (flecks ? specks(rand, 10, r * 0.75, r * 0.75, flecks, 2.6) : '') + `<ellipse cx="${r1(-r * 0.35)}" cy="${r1(-r * 0.4)}" rx="${r1(r * 0.25)}" ry="${r1(r * 0.14)}" fill="#fff" opacity=".55" transform="rotate(-30 ${r1(-r * 0.35)} ${r1(-r * 0.4)})"/>`;

/** A bamboo steamer basket seen from above (its rim and slats) around (0, 0); `leaf` lines it with a green leaf. */
const steamer = (P, leaf = false) => `<ellipse cx="4" cy="8" rx="100" ry="94" fill="#5b3d1d" opacity=".2"/><ellipse rx="100" ry="94" fill="${P.radial('#e6c48b', '#b88a4c')}"/><ellipse rx="86" ry="80" fill="${P.linear('#f1dfba', '#e1c793')}"/>` +
  `<path d="M-86 -20H86M-86 0H86M-86 20H86M-80 -40H80M-80 40H80" stroke="#c9a66a" stroke-width="1.5" opacity=".6"/><ellipse rx="78" ry="72" fill="#f7efe0" opacity=".5"/>` +
  (leaf ? `<path d="M-74 -10C-60 -64 60 -70 76 -8C70 50 20 72 -10 70C-50 64 -78 30 -74 -10Z" fill="${P.radial('#b8de8a', '#6fae4a')}"/><path d="M-60 40Q0 0 64 -40M-30 -40Q0 0 20 60" fill="none" stroke="#e4f4c8" stroke-width="2.5" opacity=".7"/>` : '');

/** A siew mai seen at a slant: a pleated yellow wrapper open at the top on pink filling and a dot of roe. */
const siewMai = (P) => shadow(26, 6, 2, 26) + `<path d="M-26 24V-10Q-28 -22 -18 -24H18Q28 -22 26 -10V24Q0 34 -26 24Z" fill="${P.linear('#f7d85a', '#d9a52a')}"/>` +
  `<path d="M-16 -18V24M-4 -20V28M8 -20V28M18 -18V24" stroke="#c99a28" stroke-width="1.6" opacity=".6"/>` +
  `<ellipse cy="-20" rx="22" ry="9" fill="${P.radial('#f2b8a4', '#cf7e6c')}"/><circle cy="-23" r="5.5" fill="#f06a1c"/>`;

/** A har gow: a translucent pleated crescent with the pink prawn showing through. */
const harGow = () => shadow(36, 6, 2, 20) + `<path d="M-38 18C-40 -28 40 -28 38 18C20 28 -20 28 -38 18Z" fill="#fbf6f0" opacity=".88" stroke="#e6dccd" stroke-width="1.5"/>` +
  `<path d="M-24 10C-20 -12 20 -12 24 10C10 16 -10 16 -24 10Z" fill="#f59a7e" opacity=".75"/>` +
  `<path d="M-30 -10q5 -8 10 0q5 -8 10 0q5 -8 10 0q5 -8 10 0q5 -8 10 0q5 -8 10 0" fill="none" stroke="#e8ddcd" stroke-width="3"/>` + gloss('M-24 0Q0 -16 24 0', 2.5, 0.7);

/** A pork belly cube braised in soy: dark glazed skin on top, amber fat and brown meat in layers down the front. */
const bellyCube = (P, s = 22) => shadow(s, 5, 3, s + 2) +
  `<path d="M${-s} ${-s * 0.4}L0 ${-s}L${s} ${-s * 0.4}L0 ${s * 0.2}Z" fill="${P.radial('#9c4a22', '#5a2410')}"/>` +
  `<path d="M${s} ${-s * 0.4}L0 ${s * 0.2}V${s}L${s} ${s * 0.4}Z" fill="#4a1e0c"/>` +
  [['#7a3416', 0], ['#e6b274', 0.22], ['#8a4a26', 0.4], ['#e2aa6a', 0.62], ['#7e3e1e', 0.76]].map(([c, t]) => `<path d="M${-s} ${r1(-s * 0.4 + t * s * 1.4)}L0 ${r1(s * 0.2 + t * s * 1.4)}V${s}L${-s} ${s * 0.4}Z" fill="${c}"/>`).join('') +
  gloss(`M${r1(-s * 0.6)} ${r1(-s * 0.45)}L${r1(-s * 0.1)} ${r1(-s * 0.75)}`, 3, 0.5);

const cubes = (P, rand, n, colour, top) => pile(rand, n, { rx: 66, ry: 52, gap: 38 }, () => shadow(20, 5, 3, 20) +
  `<rect x="-20" y="-18" width="40" height="36" rx="7" fill="${P.linear(light(colour, 0.1), dark(colour, 0.22))}"/><rect x="-20" y="-18" width="40" height="11" rx="5" fill="${top}"/>`, 24);

export const FROZEN = {
  'Pork & Cabbage Dumplings': (P, rand) => at(0, -54, -4, 0.8, cabbageLeaf(P, rand)) + pile(rand, 6, { rx: 62, ry: 36, gap: 40, cy: 26 }, () => jiaozi(P, '#9ccf86'), 30),
  'Pork & Chive Dumplings': (P, rand) => pile(rand, 6, { rx: 62, ry: 36, gap: 40, cy: -14 }, () => jiaozi(P, '#3f8f2e'), 30) + at(0, 64, -6, 0.9, chives(P, rand)),
  'Prawn Wonton': (P, rand) => pile(rand, 7, { rx: 64, ry: 52, gap: 40 }, () => wonton(P, '#f39a7d', true)),
  'Pork Wonton': (P, rand) => `<ellipse rx="96" ry="84" fill="${P.radial('#f3d9a4', '#d6a35a')}"/><ellipse rx="84" ry="72" fill="#f0cf8e" opacity=".6"/>` + pile(rand, 6, { rx: 54, ry: 44, gap: 40 }, () => wonton(P, '#d98b84', false)) + specks(rand, 18, 70, 60, '#4f9a3a', 5),
  'Pork Potstickers': (P) => `<ellipse cx="6" cy="10" rx="100" ry="92" fill="#000" opacity=".2"/><ellipse rx="98" ry="90" fill="${P.radial('#55595c', '#232527')}"/>` +
    Array.from({ length: 5 }, (_, i) => at(-52 + i * 26, -4 + (i % 2) * 8, 90, 0.9, jiaozi(P, '#c98b6a', true))).join(''),
  'Siew Mai': (P) => steamer(P) + [[-30, -30], [32, -26], [-30, 34], [34, 38]].map(([x, y]) => at(x, y, 0, 1.15, siewMai(P))).join(''),
  'Har Gow': (P) => steamer(P, true) + [[-34, -26, -8], [36, -22, 10], [0, 40, 0]].map(([x, y, a]) => at(x, y, a, 1.05, harGow())).join(''),
  'Char Siew Pau': (P, rand) => pile(rand, 6, { rx: 54, ry: 46, gap: 50 }, () => bun(P, 28, `<path d="M-10 -16L0 -8L10 -18L4 -4L12 2L-2 -2L-10 4L-6 -6Z" fill="#b23a32"/>`), 12),
  'Xiao Long Bao': (P) => steamer(P) + [[-32, -28], [34, -26], [-30, 36], [36, 38]].map(([x, y]) => at(x, y, 0, 1, bun(P, 30, Array.from({ length: 10 }, (_, i) => `<path d="M0 -14Q${r1(Math.cos(i * 0.63 + 0.4) * 14)} ${r1(Math.sin(i * 0.63 + 0.4) * 8 - 12)} ${r1(Math.cos(i * 0.63) * 24)} ${r1(Math.sin(i * 0.63) * 14 - 4)}" fill="none" stroke="#d8c6a4" stroke-width="2"/>`).join('') + `<circle cy="-14" r="4.5" fill="#e6d4b0"/>`))).join(''),
  'Big Pork Pau': (P) => [[-46, -30], [46, -30], [0, 40]].map(([x, y]) => at(x, y, 0, 1, bun(P, 44, `<circle cy="-16" r="5" fill="#d23a2e"/>`))).join(''),

  'Pork Balls': (P, rand) => pile(rand, 7, { rx: 62, ry: 50, gap: 36 }, () => ball(P, rand, 18, '#c8a894', '#8a6a58')) +
    at(56, 50, 0, 1, shadow(22, 5, 2, 16) + `<ellipse rx="23" ry="20" fill="${P.radial('#d6b8a4', '#9a7460')}"/><ellipse cy="-3" rx="19" ry="15" fill="${P.radial('#f4dcd0', '#e0b2a2')}"/>` + specks(rand, 14, 14, 10, '#b9786a', 2.6, 0, -3)),
  Fishballs: (P, rand) => `<ellipse rx="96" ry="86" fill="${P.radial('#ffffff', '#dfe6ea')}" stroke="#cfd8de" stroke-width="4"/>` + pile(rand, 10, { rx: 62, ry: 54, gap: 30 }, () => ball(P, rand, 16, '#f4f1ea')),
  'Fried Fish Cake': (P, rand) => pile(rand, 5, { rx: 56, ry: 48, gap: 52 }, () => shadow(30, 6, 3, 14) + `<ellipse rx="32" ry="22" fill="${P.radial('#f3c46a', '#b9782a')}"/>` + specks(rand, 8, 24, 14, '#8e5a1e', 3)),
  'Cuttlefish Balls': (P, rand) => [[-22, -30], [22, 34]].map(([x, y]) => at(x, y, -14, 1, skewer(200) + [-52, -10, 32].map((bx) => at(bx, 0, 0, 1, ball(P, rand, 20, '#eeeae4', '#6a6478'))).join(''))).join(''),
  'Fuzhou Fishballs': (P, rand) => pile(rand, 5, { rx: 54, ry: 46, gap: 48 }, () => ball(P, rand, 24, '#f7f4ee')) + at(60, 50, 0, 1, ball(P, rand, 24, '#f7f4ee') + `<path d="M-14 -4C-8 -14 10 -14 14 -4C10 8 -8 8 -14 -4Z" fill="#a66b52"/>`),
  'Prawn Balls': (P, rand) => pile(rand, 6, { rx: 46, ry: 44, gap: 36, cx: -30, cy: 10 }, () => ball(P, rand, 18, '#f3b08c', '#e0705a')) + at(60, -30, 10, 0.6, prawn(P, { shell: '#f09a72' })),
  'Fish Tofu': (P, rand) => cubes(P, rand, 8, '#e8b04e', '#f4d9a4'),
  'Mushroom Pork Balls': (P, rand) => pile(rand, 8, { rx: 64, ry: 54, gap: 34 }, () => ball(P, rand, 18, '#d0b6a2', '#3a2a20')) + at(70, -62, 20, 1, `<path d="M-18 0C-18 -18 18 -18 18 0Q0 4 -18 0Z" fill="#6b4326"/><rect x="-4" y="0" width="8" height="10" fill="#e6d6b8"/>`),
  'Crab Sticks': (P, rand) => pile(rand, 6, { rx: 40, ry: 50, gap: 22 }, () => `<rect x="-70" y="-9" width="140" height="18" rx="5" fill="#fbf5ee"/><path d="M-70 -9H70V1H-70Z" fill="${P.linear('#f2553a', '#c8321f', false)}"/>` + gloss('M-60 -5H60', 2, 0.5), 8),

  'Honey Char Siew': (P, rand) => at(0, -34, -6, 1, shadow(88, 8, 4, 30) + `<rect x="-90" y="-26" width="180" height="52" rx="18" fill="${P.linear('#d6483a', '#7a1a12')}" stroke="#4a1410" stroke-width="4" stroke-opacity=".55"/>` +
    specks(rand, 12, 80, 18, '#3a0e0a', 5) + gloss('M-74 -14Q0 -24 74 -14', 4, 0.55)) +
    [-52, -8, 36].map((x, i) => at(x, 42, -4 + i * 4, 1, shadow(22, 5, 3, 26) + `<rect x="-22" y="-24" width="44" height="48" rx="9" fill="#b8281e"/><rect x="-17" y="-19" width="34" height="38" rx="6" fill="${P.radial('#f2b0a0', '#d9796a')}"/>` +
      `<path d="M-12 -6h24M-10 6h20" stroke="#f7cfc2" stroke-width="2" opacity=".8"/>`)).join(''),
  'Siu Yuk Roast Pork': (P, rand) => pile(rand, 6, { rx: 64, ry: 48, gap: 44 }, () => shadow(22, 5, 3, 22) + `<rect x="-22" y="-20" width="44" height="40" rx="3" fill="${P.linear('#f4e2cc', '#d9a77c')}"/><rect x="-22" y="-6" width="44" height="8" fill="#fff0e0"/>` +
    `<rect x="-22" y="-22" width="44" height="12" rx="3" fill="${P.linear('#d98a2e', '#9b4e16')}"/>` + specks(rand, 6, 18, 3, '#f4c27a', 2.5, 0, -16), 14),
  'Marinated Pork Chops': (P, rand) => [[-40, -26, -14], [42, 30, 16]].map(([x, y, a]) => at(x, y, a, 1.05, chop(P, rand, '#a8532c', '#d49a5c') + specks(rand, 16, 34, 26, '#2a1a10', 3) + gloss('M-30 -30Q0 -44 30 -30', 3, 0.5))).join(''),
  'Black Pepper Pork Slices': (P, rand) => pile(rand, 8, { rx: 60, ry: 50, gap: 30 }, () => `<path d="M-34 -12Q0 -22 34 -10Q38 4 30 12Q0 20 -32 12Q-40 0 -34 -12Z" fill="${P.linear('#c98c74', '#95543c')}"/>` + specks(rand, 14, 28, 9, '#1c1410', 2.8), 40),
  'Lemongrass Pork Skewers': (P, rand) => [-36, 0, 36].map((y) => at(0, y, -10, 1, `<path d="M-100 0H96" stroke="#caa56a" stroke-width="4" stroke-linecap="round"/>` +
    [-54, -14, 26].map((x) => at(x, 0, 0, 1, `<rect x="-18" y="-14" width="36" height="28" rx="9" fill="${P.radial('#c98a52', '#8a4a22')}"/>` + specks(rand, 5, 12, 8, '#e0d070', 2.5))).join(''))).join(''),
  'Braised Pork Belly': (P, rand) => `<ellipse rx="98" ry="86" fill="${P.radial('#9a4e24', '#4c1c0a')}"/>` + [[-36, -34], [30, -40], [-44, 22], [20, 14], [54, 52]].map(([x, y]) => at(x, y, (rand() - 0.5) * 16, 1, bellyCube(P, 30))).join('') +
    at(-50, 64, 0, 1, `<ellipse rx="20" ry="14" fill="#f2e2c6"/><ellipse rx="10" ry="8" fill="#f0b43a"/>`) + gloss('M-70 -40Q-40 -70 0 -76', 4, 0.3),
  'Sweet & Sour Pork': (P, rand) => pile(rand, 10, { rx: 66, ry: 56, gap: 28 }, (i) => i % 4 === 3 ? `<path d="M-14 -10L14 -12L10 12L-12 10Z" fill="${i % 8 === 3 ? '#f2d03a' : '#4e9a36'}"/>`
    : `<path d="${blob(rand, 20, 16, 0.18, 7)}" fill="${P.radial('#f07a3a', '#b9361e')}"/>` + gloss('M-10 -8Q0 -14 10 -8', 2.5, 0.7)),
  'Bak Kut Teh Meal Pack': (P, rand) => `<ellipse cx="4" cy="8" rx="98" ry="90" fill="#000" opacity=".18"/><ellipse rx="96" ry="88" fill="#f3ede2"/><ellipse rx="80" ry="72" fill="${P.radial('#8a5a2c', '#4c2a10')}"/>` +
    pile(rand, 5, { rx: 46, ry: 40, gap: 34 }, () => `<rect x="-20" y="-10" width="40" height="20" rx="8" fill="#b87c5e"/><ellipse cx="-20" cy="0" rx="5" ry="7" fill="#f6ecdc"/>`) + specks(rand, 8, 60, 52, '#f4eee0', 8),
};
