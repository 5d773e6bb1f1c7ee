/**
 * Fresh pork drawings (lines PORK-CUTS, PORK-MINCE, PORK-RIBS, PORK-OFFAL), keyed by the product's
 * English name. Each entry is `(P, rand) => svg` drawn in the box -100..100 (see paint.mjs): the raw
 * piece as a butcher lays it out, shaded with the picture's gradients `P`.
 */
import { at, blob, dark, gloss, light, pile, r1, shadow, smooth, specks, tube } from './paint.mjs';

const MEAT = '#d8656c';
const FAT = '#f7e6da';
/** Pork skin (rind) seen from above, and its edge on a cut face. */
const SKIN = '#f2cf98';
const RIND = '#d9a064';

/**
 * A slab seen from the front and top: stacked layers on the cut face (top to bottom), each
 * [colour, thickness], under a top face of colour `top`. `rind` draws the top as skin (pores, and a
 * darker edge where skin meets the cut face); otherwise a few meat streaks show through the fat.
 */
function slab(P, rand, { w = 170, layers, depth = 34, top = FAT, skew = 26, rind = false }) {
  const h = layers.reduce((s, l) => s + l[1], 0);
  const y0 = -h / 2 + depth / 2;
  const x0 = -w / 2 - skew / 2;
  let y = y0;
  let face = '';
  for (const [c, t] of layers) {
    const wave = (rand() - 0.5) * 6;
    face += `<path d="M${r1(x0)} ${r1(y)}Q${r1(x0 + w / 2)} ${r1(y + wave)} ${r1(x0 + w)} ${r1(y)}V${r1(y + t + 1)}H${r1(x0)}Z" fill="${P.linear(light(c, 0.08), dark(c, 0.08))}"/>`;
    if (c === MEAT || c === dark(MEAT, 0.05)) {
      let fib = '';
      for (let i = 0; i < 7; i++) fib += `M${r1(x0 + 8 + rand() * (w - 40))} ${r1(y + 3 + rand() * (t - 5))}h${r1(10 + rand() * 22)}`;
      face += `<path d="${fib}" stroke="${dark(c, 0.18)}" stroke-width="1.2" opacity=".5"/>`;
    }
    y += t;
  }
  const topD = `M${r1(x0)} ${r1(y0)}L${r1(x0 + skew)} ${r1(y0 - depth)}H${r1(x0 + w + skew)}L${r1(x0 + w)} ${r1(y0)}Z`;
  const [tx, ty] = [x0 + (w + skew) / 2, y0 - depth / 2];
  const topFace = `<path d="${topD}" fill="${P.linear(light(top, 0.2), top)}" stroke="${dark(top, 0.3)}" stroke-width="1.5" stroke-linejoin="round"/>` + (rind
    ? specks(rand, 40, w / 2 - 12, depth / 2 - 5, dark(top, 0.3), 1.8, tx, ty, 0.6) + `<path d="M${r1(x0)} ${r1(y0)}H${r1(x0 + w)}" stroke="${dark(top, 0.35)}" stroke-width="3"/>`
    : Array.from({ length: 3 }, (_, i) => `<path d="M${r1(x0 + 24 + i * (w / 3) + rand() * 10)} ${r1(y0 - 5)}q${r1(skew / 2 + 8)} ${r1(-depth / 2)} ${r1(skew * 0.8)} ${r1(-depth + 10)}" fill="none" stroke="${light(MEAT, 0.35)}" stroke-width="${r1(7 + rand() * 4)}" stroke-linecap="round" opacity=".45"/>`).join(''));
  const side = `<path d="M${r1(x0 + w)} ${r1(y0)}L${r1(x0 + w + skew)} ${r1(y0 - depth)}V${r1(y0 - depth + h)}L${r1(x0 + w)} ${r1(y0 + h)}Z" fill="${dark(layers.at(-1)[0], 0.18)}" stroke="${dark(layers.at(-1)[0], 0.35)}" stroke-width="1.5" stroke-linejoin="round"/>`;
  return shadow(w / 2 + 14, 10, 8, y0 + h + 2) + side + face + topFace + gloss(`M${r1(x0 + 20)} ${r1(y0 - 6)}L${r1(x0 + w * 0.5)} ${r1(y0 - 6)}`, 3, 0.5);
}

/** Marbling: thin pale veins over a shape. */
const marble = (rand, rx, ry, n = 6, cx = 0, cy = 0) =>
  Array.from({ length: n }, () => {
    const x = cx + (rand() * 2 - 1) * rx * 0.7;
    const y = cy + (rand() * 2 - 1) * ry * 0.7;
    return `<path d="M${r1(x)} ${r1(y)}q${r1(8 + rand() * 10)} ${r1(-6 + rand() * 12)} ${r1(18 + rand() * 14)} ${r1(-4 + rand() * 8)}" fill="none" stroke="${FAT}" stroke-width="${r1(1.5 + rand() * 2.5)}" stroke-linecap="round" opacity=".85"/>`;
  }).join('');

/** A chunk of meat seen from above: outline, fat edge, marbling; `slices` thick slices cut from it lean in front. */
function chunk(P, rand, { rx, ry, colour = MEAT, fatEdge = 0, veins = 6, wobble = 0.12, slices = 0 }) {
  const d = blob(rand, rx, ry, wobble, 10);
  const cut = Array.from({ length: slices }, (_, i) => at(rx * 0.35 + i * 26, ry * 0.75 - i * 4, -18 + i * 8, 1,
    shadow(24, 6, 4, 30) + `<ellipse rx="26" ry="34" fill="${P.radial(FAT, '#e3c3aa')}"/><ellipse cx="2" cy="3" rx="21" ry="28" fill="${P.radial(light(colour, 0.2), dark(colour, 0.15))}"/>` +
    `<path d="M-10 -12q8 4 16 -2M-12 6q10 4 22 -2" fill="none" stroke="${dark(colour, 0.2)}" stroke-width="1.4" opacity=".6"/>`)).join('');
  return shadow(rx, ry * 0.35, 6, ry * 0.8) +
    (fatEdge ? `<path d="${blob(rand, rx + fatEdge, ry + fatEdge, wobble * 0.6, 10)}" fill="${P.radial(FAT, '#e9cdb8')}"/>` : '') +
    `<path d="${d}" fill="${P.radial(light(colour, 0.15), dark(colour, 0.2))}"/>` + marble(rand, rx, ry, veins) +
    gloss(`M${r1(-rx * 0.5)} ${r1(-ry * 0.55)}q${r1(rx * 0.3)} ${r1(-ry * 0.2)} ${r1(rx * 0.6)} 0`, 3, 0.35) + cut;
}

/** A pork chop: fat rim (`rim` colour), eye of meat and a piece of rib bone; also the marinated chops' shape. */
export const chop = (P, rand, colour = MEAT, rim = FAT) =>
  `<path d="M-46 -30C-40 -58 30 -62 50 -30C66 -6 52 40 10 46C-30 50 -58 14 -46 -30Z" fill="${P.radial(rim, dark(rim, 0.08))}"/>` +
  `<path d="M-36 -24C-30 -46 24 -50 40 -26C52 -6 42 30 8 36C-24 38 -46 10 -36 -24Z" fill="${P.radial(light(colour, 0.15), dark(colour, 0.2))}"/>` +
  marble(rand, 34, 28, 4) + `<path d="M-52 -34L-62 -48Q-58 -56 -48 -52L-40 -40Z" fill="${P.linear('#fbf4e8', '#e2d3bd')}"/>`;

/** A rib bone end (cream, rounded). */
const boneEnd = (P, x, y, r = 7) => `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r}" ry="${r1(r * 0.8)}" fill="${P.radial('#fffaf0', '#d9c6a6')}"/>`;

/**
 * A rack of ribs seen from above: meat band with `n` bones showing at one edge, or (`boneSide`)
 * turned over, the bones running across it and standing out below.
 */
function rack(P, rand, { n = 6, w = 180, h = 96, colour = MEAT, curve = 0, glaze = null, boneSide = false }) {
  let bones = '';
  for (let i = 0; i < n; i++) {
    const x = -w / 2 + ((i + 0.5) * w) / n;
    bones += boneSide
      ? `<rect x="${r1(x - 7)}" y="${r1(-h / 2 + 2)}" width="14" height="${h + 10}" rx="6" fill="${P.linear('#fffaf0', '#dccaa8', false)}" stroke="#c9b48e" stroke-width="1.2"/>`
      : `<path d="M${r1(x)} ${r1(-h / 2 + 6)}V${r1(h / 2 - 4)}" stroke="${dark(colour, 0.22)}" stroke-width="3" opacity=".55"/>` + boneEnd(P, x, h / 2 - 2 + Math.sin((i / n) * Math.PI) * curve, 8);
  }
  const top = `M${-w / 2} ${-h / 2}Q0 ${-h / 2 - curve} ${w / 2} ${-h / 2}`;
  return shadow(w / 2 + 6, 12, 6, h / 2 + 12) +
    `<path d="${top}L${w / 2} ${h / 2}Q0 ${h / 2 + curve} ${-w / 2} ${h / 2}Z" fill="${P.radial(light(colour, 0.15), dark(colour, 0.22))}" stroke="${FAT}" stroke-width="6" stroke-linejoin="round"/>` +
    marble(rand, w / 2, h / 2, 7) + (glaze ? `<path d="${top}L${w / 2} ${h / 2}Q0 ${h / 2 + curve} ${-w / 2} ${h / 2}Z" fill="${glaze}" opacity=".35"/>` : '') + bones;
}

/**
 * Fresh mince: a mound of small curls (one path per shade, to keep the file small); `block` presses
 * it into a wide slab (a bulk pack).
 */
function mince(P, rand, { rx = 88, ry = 62, colour = '#dd7278', fat = 0.5, coarse = 1, block = false }) {
  const shades = { [FAT]: '', [light(colour, 0.12)]: '', [dark(colour, 0.12)]: '' };
  for (let i = 0; i < (block ? 220 : 150) / coarse; i++) {
    const a = rand() * Math.PI * 2;
    const k = Math.sqrt(rand()) * 0.9;
    const [x, y] = block ? [(rand() * 2 - 1) * rx * 0.9, (rand() * 2 - 1) * ry * 0.85] : [Math.cos(a) * rx * k, Math.sin(a) * ry * k];
    const c = rand() < fat * 0.5 ? FAT : rand() < 0.5 ? light(colour, 0.12) : dark(colour, 0.12);
    shades[c] += `M${r1(x)} ${r1(y)}q${r1(3 * coarse)} ${r1(-4 * coarse)} ${r1(7 * coarse)} 0`;
  }
  const curls = Object.entries(shades).filter(([, d]) => d).map(([c, d]) => `<path d="${d}" fill="none" stroke="${c}" stroke-width="${r1(2.6 * coarse)}" stroke-linecap="round"/>`).join('');
  const base = block
    ? `<rect x="${-rx}" y="${-ry}" width="${rx * 2}" height="${ry * 2}" rx="22" fill="${P.radial(light(colour, 0.1), dark(colour, 0.25))}"/>`
    : `<path d="${blob(rand, rx, ry, 0.1, 11)}" fill="${P.radial(light(colour, 0.1), dark(colour, 0.25))}"/>`;
  return shadow(rx, ry * 0.3, 6, ry * 0.85) + base + curls;
}

/** Mince with the cut it was minced from beside it (smaller, at the top right), so a shopper sees which. */
const minceOf = (P, rand, opts, cut) => at(-16, 14, 0, 0.85, mince(P, rand, opts)) + at(56, -52, -10, 0.6, cut(P, rand));

/** A trotter: skin-coloured foot with two toes and a cut end. */
const trotter = (P, x, y, rot) =>
  at(x, y, rot, 1,
    `<path d="M-70 -20C-40 -34 30 -30 56 -16L74 -22Q90 -12 80 0Q90 12 74 22L56 16C30 30 -40 34 -70 20Z" fill="${P.radial('#f5d6b6', '#d49d76')}"/>` +
    `<path d="M56 -16Q66 0 56 16" fill="none" stroke="#b9805a" stroke-width="3"/><path d="M74 -22Q82 0 74 22" fill="none" stroke="#a06a48" stroke-width="2"/>` +
    `<ellipse cx="-70" cy="0" rx="10" ry="20" fill="${P.radial(MEAT, dark(MEAT, 0.2))}"/><ellipse cx="-70" cy="0" rx="4" ry="7" fill="#f7eee0"/>` +
    gloss('M-40 -18Q0 -26 40 -14', 3, 0.4));

/** Offal: a glossy organ outline with colour and optional detail. */
const organ = (P, rand, { rx, ry, colour, wobble = 0.12, detail = '' }) =>
  shadow(rx, ry * 0.3, 5, ry * 0.85) + `<path d="${blob(rand, rx, ry, wobble, 9)}" fill="${P.radial(light(colour, 0.25), dark(colour, 0.25))}"/>` + detail +
  gloss(`M${r1(-rx * 0.55)} ${r1(-ry * 0.4)}q${r1(rx * 0.3)} ${r1(-ry * 0.35)} ${r1(rx * 0.65)} ${r1(-ry * 0.15)}`, 5, 0.5);

const cube = (P, s, colour) =>
  `<path d="M${-s} ${-s * 0.4}L0 ${-s}L${s} ${-s * 0.4}L0 ${s * 0.2}Z" fill="${light(colour, 0.18)}"/><path d="M${-s} ${-s * 0.4}L0 ${s * 0.2}V${s}L${-s} ${s * 0.4}Z" fill="${colour}"/><path d="M${s} ${-s * 0.4}L0 ${s * 0.2}V${s}L${s} ${s * 0.4}Z" fill="${dark(colour, 0.2)}"/>`;

export const PORK = {
  // With its skin: a golden rind on top and down the cut face. Skinless: two strips, white fat on top.
  'Pork Belly': (P, rand) => slab(P, rand, { w: 176, depth: 44, layers: [[RIND, 12], [FAT, 15], [MEAT, 15], [FAT, 10], [MEAT, 17], [FAT, 8], [MEAT, 14]], top: SKIN, rind: true }),
  'Skinless Pork Belly': (P, rand) => [[-8, -34], [8, 34]].map(([x, y]) => at(x, y, 0, 1, slab(P, rand, { w: 158, depth: 30, skew: 22, layers: [[FAT, 12], [MEAT, 14], [FAT, 6], [dark(MEAT, 0.05), 14]], top: '#fbf1e8' }))).join(''),
  'Pork Shoulder Butt': (P, rand) => chunk(P, rand, { rx: 84, ry: 66, colour: '#cf5a62', veins: 16, fatEdge: 6, wobble: 0.16 }),
  'Pork Loin': (P) => at(0, 0, -8, 1, shadow(96, 10, 6, 40) + `<rect x="-96" y="-38" width="192" height="76" rx="34" fill="${P.linear(FAT, '#ead2bf')}"/><rect x="-92" y="-18" width="184" height="54" rx="26" fill="${P.linear(light(MEAT, 0.15), dark(MEAT, 0.2))}"/>` +
    `<ellipse cx="-92" cy="4" rx="12" ry="34" fill="${P.radial(light(MEAT, 0.2), MEAT)}"/><ellipse cx="-92" cy="-20" rx="10" ry="10" fill="${FAT}"/>` + gloss('M-60 -28H60', 4, 0.5)),
  'Pork Tenderloin': (P, rand) => shadow(92, 10, 0, 34) + `<path d="${tube([[-80, 10], [-40, 0], [0, -4], [40, -4]], 22, 52)}" fill="${P.linear(light('#c9505a', 0.15), dark('#c9505a', 0.25))}"/>` +
    `<path d="M-70 6Q-10 -12 40 -16" fill="none" stroke="#f2dcd2" stroke-width="3" opacity=".75"/>` + gloss('M-60 0Q-10 -14 30 -18', 3, 0.4) + specks(rand, 10, 50, 8, '#b03b46', 2, -10, 0) +
    [[72, 6], [96, 16]].map(([x, y]) => at(x, y, 0, 1, `<ellipse rx="13" ry="24" fill="${dark('#c9505a', 0.2)}"/><ellipse cx="-2" rx="11" ry="20" fill="${P.radial(light('#d4646c', 0.2), '#c24652')}"/>`)).join(''),
  'Pork Leg Meat': (P, rand) => at(-16, -8, 0, 1, chunk(P, rand, { rx: 76, ry: 54, colour: '#c8434f', veins: 3, fatEdge: 4, wobble: 0.08, slices: 2 })),
  'Pork Chops': (P, rand) => [[-50, -34, -20], [40, -40, 14], [-40, 40, 10], [48, 36, -16]].map(([x, y, a]) => at(x, y, a, 0.78, chop(P, rand))).join(''),
  'Pork Knuckle': (P) => shadow(86, 12, 0, 52) +
    `<path d="M-88 -12C-90 -34 -52 -38 -10 -42C30 -48 60 -50 78 -44V44C60 50 30 48 -10 42C-52 38 -90 34 -88 12Z" fill="${P.linear('#f7dcc0', '#d29a6e')}" stroke="#b9825c" stroke-width="1.5"/>` +
    `<path d="M-60 -34Q-50 0 -62 32M-30 -40Q-18 0 -32 38M4 -44Q14 0 2 44" fill="none" stroke="#c08a62" stroke-width="2.5" opacity=".55"/>` +
    `<ellipse cx="80" rx="22" ry="46" fill="${P.radial('#f3d2b0', '#d9a67c')}"/><ellipse cx="82" rx="17" ry="38" fill="${P.radial(light(MEAT, 0.15), dark(MEAT, 0.2))}"/>` +
    `<ellipse cx="84" cy="-4" rx="8" ry="13" fill="${P.radial('#fffaf0', '#d9c6a6')}"/><ellipse cx="84" cy="-4" rx="3" ry="5" fill="#c98e7c"/>` + gloss('M-70 -28Q-20 -40 40 -40', 5, 0.5),
  'Pork Belly Slices for Hotpot': (P, rand) => Array.from({ length: 7 }, (_, i) => at(-66 + i * 22, -4 + (i % 2) * 6, -8, 1,
    `<path d="M-12 -60Q-20 0 -12 60H14Q6 0 14 -60Z" fill="${P.linear(light(MEAT, 0.1), dark(MEAT, 0.12))}"/><path d="M-12 -60Q-20 0 -12 60H-6Q-14 0 -6 -60ZM1 -60Q-6 0 1 60H5Q-2 0 5 -60Z" fill="${FAT}"/>` +
    `<ellipse cx="1" cy="-60" rx="13" ry="5" fill="${light(MEAT, 0.25)}"/>`)).join('') + specks(rand, 0, 1, 1, '#fff'),
  'Pork Skin': (P, rand) => [[-30, -26, -10], [26, 6, 8], [-4, 40, -4]].map(([x, y, a]) => at(x, y, a, 1, shadow(66, 8, 4, 30) + `<path d="M-70 -24Q0 -34 70 -24L66 22Q0 30 -66 22Z" fill="#fbf1e4"/>` +
    `<path d="M-70 -24Q0 -34 70 -24L68 -6Q0 -14 -68 -6Z" fill="${P.linear('#f6cfb0', '#e3a987')}"/>` + specks(rand, 26, 60, 6, '#c98d6a', 1.6, 0, -18))).join(''),

  'Minced Pork': (P, rand) => mince(P, rand, {}),
  'Lean Minced Pork': (P, rand) => minceOf(P, rand, { colour: '#c2444f', fat: 0.12 }, (Q, r) => chunk(Q, r, { rx: 60, ry: 44, colour: '#c0404c', veins: 1, slices: 1 })),
  'Minced Pork Value Pack': (P, rand) => mince(P, rand, { rx: 96, ry: 64, colour: '#d86a70', block: true }),
  'Hand-chopped Minced Pork': (P, rand) => mince(P, rand, { colour: '#cc5a63', coarse: 2.2, rx: 80, ry: 56 }) +
    at(40, -64, -20, 1, `<rect x="-40" y="-22" width="80" height="44" rx="4" fill="${P.linear('#e4e8ea', '#9aa3a8')}"/><rect x="40" y="-6" width="46" height="12" rx="5" fill="#5b3a24"/>`),
  'Seasoned Dumpling Filling': (P, rand) => mince(P, rand, { colour: '#d98a82', fat: 0.3 }) + specks(rand, 60, 70, 46, '#4f9a3a', 4) + specks(rand, 30, 70, 46, '#eef3d0', 3),
  'Pork Patties': (P, rand) => [[-44, -36], [44, -36], [-44, 40], [44, 40]].map(([x, y]) => at(x, y, 0, 1, `<rect x="-40" y="-34" width="80" height="70" rx="4" fill="#f8f4ea" opacity=".9"/>` + shadow(32, 7, 2, 16) +
    `<ellipse cy="5" rx="33" ry="22" fill="${dark('#c45a62', 0.12)}"/><ellipse rx="33" ry="22" fill="${P.radial('#e89598', '#c45a62')}"/>` + specks(rand, 18, 26, 15, '#f6d2c8', 2.4) + specks(rand, 10, 26, 15, '#a8404a', 2.2))).join(''),
  'Minced Pork Belly': (P, rand) => minceOf(P, rand, { colour: '#e89a9a', fat: 1.2 }, (Q, r) => slab(Q, r, { w: 150, depth: 36, layers: [[RIND, 10], [FAT, 14], [MEAT, 14], [FAT, 9], [MEAT, 14]], top: SKIN, rind: true })),
  'Minced Pork Shoulder': (P, rand) => minceOf(P, rand, { colour: '#d5646c', fat: 0.7, rx: 80, ry: 64 }, (Q, r) => chunk(Q, r, { rx: 64, ry: 50, colour: '#cf5a62', veins: 12, fatEdge: 5 })),

  'Spare Ribs': (P, rand) => rack(P, rand, { n: 6, boneSide: true }),
  'Prime Ribs': (P, rand) => [-48, -16, 16, 48].map((y, i) => at((i % 2) * 8 - 4, y, (rand() - 0.5) * 6, 1, shadow(84, 5, 4, 16) + `<rect x="-80" y="-14" width="160" height="28" rx="12" fill="${P.linear(light(MEAT, 0.12), dark(MEAT, 0.22))}" stroke="${FAT}" stroke-width="3"/>` +
    `<path d="M-70 -2h40M-10 4h50" stroke="${FAT}" stroke-width="2" opacity=".8"/><rect x="78" y="-7" width="18" height="14" rx="6" fill="${P.linear('#fffaf0', '#d9c6a6')}"/>`)).join(''),
  'Soft Bone Ribs': (P, rand) => pile(rand, 9, { rx: 70, ry: 56, gap: 34 }, () => `<rect x="-20" y="-14" width="40" height="28" rx="9" fill="${P.radial(light(MEAT, 0.15), dark(MEAT, 0.2))}"/><rect x="-20" y="-5" width="40" height="9" rx="4" fill="${P.linear('#fbfbf3', '#dfe3d6')}"/>`),
  'Baby Back Ribs': (P, rand) => rack(P, rand, { n: 9, w: 186, h: 80, curve: 26, colour: '#d06a6e' }),
  'Pork Bones for Soup': (P, rand) => pile(rand, 6, { rx: 64, ry: 48, gap: 44 }, () => `<path d="M-30 -8C-44 -26 -18 -32 -14 -14H14C18 -32 44 -26 30 -8C44 8 18 24 14 6H-14C-18 24 -44 8 -30 -8Z" fill="${P.radial('#fbf1e2', '#d7bd98')}"/><path d="M-14 -10H14V4H-14Z" fill="#d98b86" opacity=".6"/>`),
  'Pork Tail': (P, rand) => [[-12, -34, 4], [14, 30, -4]].map(([x, y, a]) => at(x, y, a, 1, shadow(84, 6, 0, 16) +
    `<path d="${tube([[-86, 0], [-30, -4], [30, -2], [70, 6], [90, -8]], 26, 7)}" fill="${P.linear('#f8e0cc', '#e0b294')}" stroke="#c99a7c" stroke-width="1.5"/>` +
    Array.from({ length: 8 }, (_, i) => `<path d="M${-66 + i * 18} ${-11 + i * 0.8}q3 ${r1(11 - i * 0.6)} 0 ${r1(22 - i * 1.6)}" fill="none" stroke="#cf9f82" stroke-width="1.6" opacity=".7"/>`).join('') +
    `<ellipse cx="-88" cy="0" rx="6" ry="13" fill="${P.radial(MEAT, dark(MEAT, 0.2))}"/><circle cx="-88" r="3.5" fill="#f7eee0"/>` + specks(rand, 0, 1, 1, '#000'))).join(''),
  'Pork Trotters': (P) => shadow(90, 12, 6, 56) + trotter(P, -4, -24, -10) + trotter(P, 8, 30, 8),
  'Pork Leg Bone': (P) => shadow(94, 10, 4, 40) + at(0, 0, -14, 1, `<path d="M-66 -8C-96 -44 -56 -58 -48 -26H48C56 -58 96 -44 66 -8C96 28 56 42 48 10H-48C-56 42 -96 28 -66 -8Z" fill="${P.radial('#fff8ec', '#d4b892')}"/>` +
    `<path d="M-48 -26H48V10H-48Z" fill="${P.linear('#e7a29a', '#c97a74')}" opacity=".55"/><ellipse cx="-4" cy="-8" rx="14" ry="12" fill="#c14f4f" opacity=".7"/>`),
  'Bak Kut Teh Ribs': (P, rand) => rack(P, rand, { n: 5, w: 150, h: 84 }) +
    at(-70, -66, 0, 1, `<path d="M0 -14L4 -4L14 0L4 4L0 14L-4 4L-14 0L-4 -4Z" fill="#7a3a1e"/>`) + at(76, -60, 20, 1, `<ellipse rx="12" ry="14" fill="#f4eee0"/><path d="M0 -14Q4 0 0 14" stroke="#d9cdb4" fill="none"/>`) +
    at(70, 70, -30, 1, `<rect x="-26" y="-5" width="52" height="10" rx="5" fill="#a0643c"/>`),

  'Pork Liver': (P, rand) => organ(P, rand, { rx: 90, ry: 56, colour: '#6e2430', wobble: 0.2, detail: `<path d="M-10 -50Q0 0 -16 50" fill="none" stroke="#4b1820" stroke-width="3"/>` }),
  'Pork Kidney': (P, rand) => [[-44, 0, -20], [44, 6, 24]].map(([x, y, a]) => at(x, y, a, 1, shadow(34, 8, 2, 40) + `<path d="M-28 -40C-6 -54 34 -40 32 -4C30 30 4 52 -24 40C-42 30 -24 10 -20 0C-16 -10 -46 -28 -28 -40Z" fill="${P.radial('#b25a4e', '#6c2a24')}"/>` + gloss('M-20 -36Q6 -46 22 -26', 4, 0.5))).join('') + specks(rand, 0, 1, 1, '#000'),
  'Pork Heart': (P) => shadow(70, 10, 6, 70) + `<path d="M0 74C-70 30 -84 -20 -56 -50C-34 -72 -8 -60 0 -40C8 -60 34 -72 56 -50C84 -20 70 30 0 74Z" fill="${P.radial('#b2434b', '#5e1a22')}"/>` +
    `<path d="M-46 -44Q0 -30 50 -46L54 -60Q0 -48 -50 -58Z" fill="${FAT}"/><rect x="-18" y="-92" width="20" height="40" rx="9" fill="#e4a3a0"/><rect x="8" y="-86" width="16" height="34" rx="8" fill="#d08788"/>` + gloss('M-44 -20Q-36 -40 -18 -40', 5, 0.5),
  'Pork Stomach': (P) => shadow(88, 12, 6, 60) + `<path d="M-86 -6C-90 -52 -30 -66 10 -52C40 -64 92 -50 90 -6C88 40 40 64 -4 58C-50 62 -84 36 -86 -6Z" fill="${P.radial('#fbe3d2', '#d9a48c')}"/>` +
    `<path d="M-60 -24Q-30 -44 0 -24T60 -24M-66 6Q-34 -14 0 6T66 6M-52 34Q-20 18 12 34T56 32" fill="none" stroke="#c98e78" stroke-width="2.5" opacity=".7"/>` +
    `<ellipse cx="-82" cy="-4" rx="10" ry="16" fill="#e8b8a2" stroke="#c98e78" stroke-width="2"/><ellipse cx="84" cy="-10" rx="8" ry="12" fill="#e8b8a2" stroke="#c98e78" stroke-width="2"/>` + gloss('M-56 -44Q-20 -60 20 -48', 5, 0.5),
  'Cleaned Pork Intestine': (P) => shadow(86, 12, 6, 64) + `<path d="${smooth([[-80, 40], [-60, -30], [0, -56], [60, -30], [70, 30], [10, 56], [-40, 30], [-30, -10], [20, -20], [30, 16]])}" fill="none" stroke="${P.linear('#f7e1cf', '#dbb293')}" stroke-width="30" stroke-linecap="round"/>` +
    `<path d="${smooth([[-80, 40], [-60, -30], [0, -56], [60, -30], [70, 30], [10, 56], [-40, 30], [-30, -10], [20, -20], [30, 16]])}" fill="none" stroke="#fff" stroke-width="4" stroke-dasharray="6 14" opacity=".45"/>`,
  'Pork Tongue': (P, rand) => shadow(88, 10, 6, 40) + `<path d="M-90 -4C-90 -34 40 -40 86 -14C100 -4 96 16 80 22C40 34 -90 30 -90 -4Z" fill="${P.radial('#ecb2ac', '#c27c78')}"/>` + specks(rand, 70, 70, 18, '#f6d0ca', 2.4, 6, -4) + `<path d="M-50 -2Q10 -8 70 2" fill="none" stroke="#b86e6a" stroke-width="2"/>`,
  'Pork Blood Curd': (P, rand) => pile(rand, 7, { rx: 62, ry: 46, gap: 40 }, () => cube(P, 22, '#5a1a20') + gloss('M-14 -10L-2 -16', 3, 0.6), 20),
  'Pork Lungs': (P) => shadow(80, 12, 4, 76) + `<path d="M-6 -60V-96M6 -60V-96" stroke="#ecc8c2" stroke-width="10" stroke-linecap="round"/><path d="M-10 -94H10M-10 -84H10M-10 -74H10" stroke="#d8a8a2" stroke-width="2"/>` +
    [-1, 1].map((s) => `<path d="M${s * 8} -56C${s * 40} -74 ${s * 84} -40 ${s * 82} 14C${s * 80} 60 ${s * 44} 80 ${s * 14} 66C${s * 6} 30 ${s * 6} -20 ${s * 8} -56Z" fill="${P.radial('#f9c2c6', '#d77e88', 0.5, 0.3, 0.8)}" stroke="#c66a76" stroke-width="2"/>` +
      `<path d="M${s * 8} -52Q${s * 26} -30 ${s * 34} 10M${s * 20} -30Q${s * 46} -20 ${s * 60} 0" fill="none" stroke="#e0a0a8" stroke-width="3" opacity=".8"/>`).join('') + gloss('M-60 -30Q-50 -54 -28 -58', 5, 0.5),
  'Pork Ears': (P, rand) => at(-26, -16, -20, 1.1, shadow(40, 8, 4, 60) + `<path d="M2 -76C34 -44 58 6 42 42C28 66 -26 66 -42 42C-58 8 -30 -44 2 -76Z" fill="${P.radial('#fbe1cc', '#dca384')}" stroke="#c98d6c" stroke-width="2"/>` +
    `<path d="M0 -52C20 -28 32 8 22 36C12 48 -12 48 -22 36C-32 8 -20 -28 0 -52Z" fill="#f4c7ae" opacity=".8"/>` +
    `<path d="M-2 -40Q6 0 -4 40M-14 -10Q-10 14 -16 36M12 -16Q18 12 12 38" fill="none" stroke="#d09070" stroke-width="2.2" opacity=".8"/>` + gloss('M-26 -10Q-18 -40 0 -56', 4, 0.5)) +
    pile(rand, 6, { rx: 34, ry: 26, gap: 18, cx: 52, cy: 56 }, () => `<rect x="-24" y="-5" width="48" height="10" rx="4" fill="#f2cdb2" stroke="#d4a286" stroke-width="1"/><path d="M-20 0H20" stroke="#fffaf0" stroke-width="2.5"/>`, 40),
};
