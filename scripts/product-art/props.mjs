/**
 * Things laid beside a product to say what it is made of or how it differs from its neighbours
 * (chives by chive dumplings, a chilli by chilli sauce, an oyster shell by oyster sauce, sesame seeds
 * by sesame oil…). Each returns SVG in the box -100..100 (see paint.mjs) around its own centre, about
 * 40–150 units long at scale 1; the caller places it with `at`. Shapes and colours only, no text.
 */
import { dark, gloss, light, r1, shadow, smooth, tube } from './paint.mjs';

/** A bundle of chives: `n` long green stems, tied in the middle; about 160 units long. */
export function chives(P, rand, n = 9) {
  let d = '';
  for (let i = 0; i < n; i++) {
    const y = (i - n / 2) * 2.6;
    d += `M-80 ${r1(y + (rand() - 0.5) * 3)}Q0 ${r1(y * 1.6)} 80 ${r1(y * 2.4 + (rand() - 0.5) * 6)}`;
  }
  return shadow(76, 5, 0, 16) + `<path d="${d}" fill="none" stroke="#4f9a3a" stroke-width="3.2" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="#8cc96a" stroke-width="1" stroke-linecap="round" opacity=".8"/><rect x="-8" y="-14" width="16" height="28" rx="3" fill="#d8c080"/>`;
}

/** A napa cabbage leaf: a ruffled pale green blade on a broad white rib; about 150 × 90 units. */
export function cabbageLeaf(P, rand) {
  const edge = Array.from({ length: 14 }, (_, i) => {
    const a = Math.PI * (0.1 + (i / 13) * 0.8);
    const r = 1 + (i % 2 ? 0.06 : -0.04) + (rand() - 0.5) * 0.05;
    return [r1(-Math.cos(a) * 76 * r), r1(-Math.sin(a) * 46 * r + 8)];
  });
  return shadow(72, 6, 4, 30) + `<path d="${smooth([[-74, 26], ...edge, [74, 26], [0, 40]], true)}" fill="${P.radial('#dff0b4', '#a8cf72', 0.5, 0.3, 0.8)}" stroke="#8fbf5e" stroke-width="1.5"/>` +
    `<path d="${tube([[-70, 28], [-20, 18], [30, 14], [72, 20]], 10, 22)}" fill="${P.linear('#fbfdf2', '#e4efcf')}"/>` +
    `<path d="M-40 20Q-36 -8 -50 -28M0 14Q4 -14 -6 -38M40 14Q46 -10 40 -32" fill="none" stroke="#c8e2a0" stroke-width="2.5"/>`;
}

/** A chilli pod with its green cap; `colour` red or green; about 110 units long, tip to the left. */
export const chilli = (P, colour = '#d8261c') =>
  shadow(50, 5, 0, 12) + `<path d="${tube([[-52, 8], [-20, 0], [20, -4], [44, -2]], 4, 20)}" fill="${P.linear(light(colour, 0.2), dark(colour, 0.25))}"/>` +
  gloss('M-30 -2Q0 -8 30 -8', 3, 0.55) + `<path d="M44 -12Q56 -6 52 6Q44 10 40 0Z" fill="#3f7f2a"/><path d="M52 -4Q62 -8 66 -18" fill="none" stroke="#3f7f2a" stroke-width="4" stroke-linecap="round"/>`;

/** Sesame seeds: `n` small pale teardrops in an ellipse (rx, ry). */
export function seeds(rand, n, rx, ry, colour = '#f4e6c4') {
  let d = '';
  for (let i = 0; i < n; i++) {
    const a = rand() * Math.PI * 2;
    const k = Math.sqrt(rand());
    const [x, y] = [Math.cos(a) * rx * k, Math.sin(a) * ry * k];
    const t = rand() < 0.5 ? 1 : -1;
    d += `M${r1(x)} ${r1(y)}q${2 * t} -3 ${6 * t} 0q${-2 * t} 3 ${-6 * t} 0Z`;
  }
  return `<path d="${d}" fill="${colour}" stroke="${dark(colour, 0.25)}" stroke-width=".6"/>`;
}

/** An oyster on its half shell: rough grey shell, pearly inside, the plump oyster; about 90 × 70. */
export const oyster = (P) =>
  shadow(44, 6, 2, 30) + `<path d="M-46 4C-50 -24 -20 -38 10 -34C40 -30 52 -8 44 14C36 34 -4 38 -26 30C-40 24 -44 16 -46 4Z" fill="${P.radial('#b8b4ac', '#6e6a62')}" stroke="#5a564e" stroke-width="2"/>` +
  `<path d="M-36 2C-38 -18 -14 -28 8 -26C30 -22 40 -6 34 10C28 24 -2 28 -20 22C-32 18 -35 10 -36 2Z" fill="${P.radial('#ffffff', '#d8dce4')}"/>` +
  `<path d="M-26 2C-26 -12 -8 -18 8 -16C22 -12 26 0 20 10C12 18 -6 18 -16 14C-24 10 -26 6 -26 2Z" fill="${P.radial('#f2e4cc', '#c8a47a')}"/>` +
  `<path d="M-20 4Q0 -14 18 4" fill="none" stroke="#8a6a4a" stroke-width="2" opacity=".6"/>`;

/** Soybeans: `n` pale yellow beans with a dark eye, in an ellipse (rx, ry). */
export function soybeans(P, rand, n, rx, ry) {
  let out = '';
  for (let i = 0; i < n; i++) {
    const a = rand() * Math.PI * 2;
    const k = Math.sqrt(rand());
    const [x, y] = [r1(Math.cos(a) * rx * k), r1(Math.sin(a) * ry * k)];
    out += `<ellipse cx="${x}" cy="${y}" rx="9" ry="7" fill="${P.radial('#fbeec0', '#d9bf78')}" stroke="#c4a862" stroke-width=".8"/><path d="M${x - 3} ${r1(y - 4)}h6" stroke="#8a6a2a" stroke-width="1.6" stroke-linecap="round"/>`;
  }
  return out;
}

/** A small round sauce dish holding `sauce`, seen from above at a slant; about 80 × 40. */
export const saucer = (P, sauce) =>
  shadow(40, 6, 2, 18) + `<ellipse rx="40" ry="20" fill="${P.linear('#ffffff', '#dfe4e8')}" stroke="#c9d0d6" stroke-width="1.5"/>` +
  `<ellipse cy="1" rx="30" ry="13" fill="${P.radial(light(sauce, 0.3), sauce, 0.35, 0.3, 0.8)}"/>` + gloss('M-18 -4Q-6 -10 8 -8', 2.5, 0.6);

/** A bamboo skewer, `len` units long, lying across the origin. */
export const skewer = (len = 190) => `<path d="M${-len / 2} 0H${len / 2 - 6}L${len / 2} 0" stroke="#caa56a" stroke-width="4" stroke-linecap="round"/>`;

/** An ear of rice: a bent stalk with grains along it; about 120 units tall. */
export function riceStalk(P) {
  const grains = Array.from({ length: 9 }, (_, i) => {
    const t = i / 8;
    const [x, y] = [r1(-10 + t * 40), r1(-40 + t * 34)];
    return `<ellipse cx="${x + (i % 2 ? 7 : -7)}" cy="${y}" rx="4.5" ry="8" transform="rotate(${i % 2 ? 30 : -30} ${x + (i % 2 ? 7 : -7)} ${y})" fill="${P.radial('#f6dc8a', '#d2a548')}"/>`;
  }).join('');
  return `<path d="M-20 70Q-18 0 -10 -40Q4 -10 34 -4" fill="none" stroke="#8c8a3a" stroke-width="3" stroke-linecap="round"/>` + grains +
    `<path d="M-20 60Q-40 20 -36 -10Q-24 20 -18 40Z" fill="#7aa84a"/>`;
}

/** A wooden scoop holding a heap of white rice grains; about 120 × 60. */
export const scoop = (P) =>
  shadow(56, 6, 0, 26) + `<rect x="18" y="-6" width="64" height="12" rx="6" fill="${P.linear('#d6a86c', '#9a6a36')}"/>` +
  `<path d="M-54 -8Q-54 26 -20 28Q18 28 20 -8Z" fill="${P.linear('#d9ab70', '#a0703a')}"/><ellipse cx="-17" cy="-8" rx="37" ry="10" fill="#8e6030"/>` +
  `<path d="M-52 -8Q-36 -30 -17 -28Q6 -30 18 -8Z" fill="${P.radial('#ffffff', '#ece6d8')}"/>`;
