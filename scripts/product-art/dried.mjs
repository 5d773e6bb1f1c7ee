/**
 * Dried food drawings (lines MUSHROOMS, ANCHOVY, SAUSAGE), keyed by the product's English name;
 * each `(P, rand) => svg` in the box -100..100 (see paint.mjs), laid in the basket or on kraft paper.
 */
import { at, blob, dark, gloss, light, pile, r1, shadow, specks, tube } from './paint.mjs';
import { prawn } from './prawn.mjs';
import { chilli } from './props.mjs';

/** A dried mushroom cap seen from above; `crackle` draws the white flower pattern. */
const cap = (P, rand, r, colour, crackle = false) =>
  shadow(r, r * 0.25, 3, r * 0.8) + `<path d="${blob(rand, r, r * 0.9, 0.08, 8)}" fill="${P.radial(light(colour, 0.2), dark(colour, 0.3))}"/>` +
  (crackle ? Array.from({ length: 7 }, () => `<path d="M${r1((rand() - 0.5) * r * 1.2)} ${r1((rand() - 0.5) * r)}l${r1(6 + rand() * 8)} ${r1((rand() - 0.5) * 10)}l${r1(4 + rand() * 6)} ${r1((rand() - 0.5) * 10)}" fill="none" stroke="#f4e8d2" stroke-width="2.2" stroke-linecap="round"/>`).join('')
    : `<path d="M${-r * 0.5} ${-r * 0.3}q${r * 0.4} ${-r * 0.3} ${r * 0.9} 0" fill="none" stroke="${dark(colour, 0.45)}" stroke-width="1.5" opacity=".7"/>`);

/** A small dried fish (anchovy); `split` shows it halved without a head. */
const anchovy = (P, len = 1, split = false) =>
  `<path d="M${-22 * len} 0C${-12 * len} -6 ${14 * len} -6 ${22 * len} 0C${14 * len} 6 ${-12 * len} 6 ${-22 * len} 0Z" fill="${P.linear('#e3e6e2', '#a7aea8')}"/>` +
  `<path d="M${-18 * len} 0H${18 * len}" stroke="${split ? '#c9a07a' : '#7d8a86'}" stroke-width="${split ? 2.5 : 1.2}"/>` +
  `<path d="M${22 * len} 0l${8 * len} -5v10Z" fill="#b8beb9"/>` + (split ? '' : `<circle cx="${-16 * len}" cy="-1" r="1.4" fill="#222"/>`);

/** A dried shrimp, a small curled orange piece. */
const driedShrimp = (P, k) => `<path d="M${-10 * k} ${-6 * k}C${4 * k} ${-14 * k} ${16 * k} ${-2 * k} ${8 * k} ${10 * k}C${2 * k} ${4 * k} ${-4 * k} ${2 * k} ${-10 * k} ${-6 * k}Z" fill="${P.radial('#f6a36e', '#c8522a')}"/>` +
  `<path d="M${-4 * k} ${-8 * k}l${2 * k} ${4 * k}M${4 * k} ${-6 * k}l${-1 * k} ${5 * k}" stroke="#a5401e" stroke-width="1" opacity=".7"/>`;

/** A link of sausage with twine at the ends; `colour` of the casing. */
const link = (P, rand, colour, len = 140, fatDots = '#f4c7b2') =>
  shadow(len / 2, 6, 4, 16) + `<rect x="${-len / 2}" y="-13" width="${len}" height="26" rx="13" fill="${P.linear(light(colour, 0.15), dark(colour, 0.25))}"/>` +
  specks(rand, 16, len / 2 - 12, 7, fatDots, 3.4) + gloss(`M${-len / 2 + 12} -6H${len / 2 - 12}`, 3, 0.4) +
  `<path d="M${-len / 2} 0h-10M${len / 2} 0h10" stroke="#e8d5ab" stroke-width="3" stroke-linecap="round"/>`;

/** A sheet of bak kwa: rounded square, glazed, with a darker charred rim. */
const kwa = (P, rand, s, colour, extra = '') =>
  shadow(s, 6, 4, s + 2) + `<path d="M${-s} ${-s + 8}Q${-s} ${-s} ${-s + 8} ${-s}H${s - 8}Q${s} ${-s} ${s} ${-s + 8}V${s - 8}Q${s} ${s} ${s - 8} ${s}H${-s + 8}Q${-s} ${s} ${-s} ${s - 8}Z" fill="${P.radial(light(colour, 0.15), dark(colour, 0.35))}"/>` +
  specks(rand, 18, s * 0.8, s * 0.8, dark(colour, 0.4), 3) + extra + gloss(`M${-s * 0.6} ${-s * 0.6}L${s * 0.2} ${-s * 0.7}`, 3, 0.45);

export const DRIED = {
  'Dried Shiitake Mushrooms': (P, rand) => pile(rand, 8, { rx: 64, ry: 54, gap: 38 }, () => cap(P, rand, 22, '#6e4424')),
  'Flower Mushrooms': (P, rand) => pile(rand, 6, { rx: 58, ry: 50, gap: 44 }, () => cap(P, rand, 26, '#5a3820', true)),
  'Black Fungus': (P, rand) => pile(rand, 7, { rx: 62, ry: 54, gap: 38 }, () => `<path d="${blob(rand, 26, 20, 0.3, 9)}" fill="${P.radial('#4a3a36', '#141010')}"/>` + gloss('M-12 -6q10 -8 18 0', 2, 0.35)),
  'Snow Fungus': (P, rand) => shadow(70, 12, 4, 64) + Array.from({ length: 14 }, (_, i) => {
    const a = (i / 14) * Math.PI * 2;
    return `<path d="${blob(rand, 30, 20, 0.3, 7, Math.cos(a) * (i % 2 ? 36 : 20), Math.sin(a) * (i % 2 ? 30 : 16))}" fill="${P.radial('#fffbe8', '#e8d9a4')}" stroke="#d8c488" stroke-width="1.4"/>`;
  }).join('') + `<circle r="14" fill="#e2c47a"/>`,
  'Dried Lily Flowers': (P, rand) => pile(rand, 14, { rx: 56, ry: 52, gap: 14 }, () => `<path d="M-40 0Q0 -6 40 0" fill="none" stroke="${P.linear('#e8b04a', '#b77a22', false)}" stroke-width="6" stroke-linecap="round"/><path d="M32 -2l10 -4" stroke="#9a6420" stroke-width="3"/>`),
  'Bamboo Fungus': (P, rand) => pile(rand, 4, { rx: 36, ry: 44, gap: 30 }, () => `<rect x="-76" y="-14" width="152" height="28" rx="12" fill="#fff8e8" stroke="#e4d3a8" stroke-width="2"/>` +
    `<path d="M-70 -10L70 10M-70 10L70 -10M-40 -14V14M-10 -14V14M20 -14V14M50 -14V14" stroke="#dcc79a" stroke-width="1.5" fill="none"/>`, 10),
  'Tea Tree Mushrooms': (P, rand) => pile(rand, 10, { rx: 40, ry: 46, gap: 14 }, () => `<path d="M-70 0Q0 -6 64 0" fill="none" stroke="#d9b98e" stroke-width="6" stroke-linecap="round"/><ellipse cx="70" rx="9" ry="8" fill="${P.radial('#a77a4e', '#5e3c1e')}"/>`, 14),
  'Sliced Shiitake': (P, rand) => pile(rand, 12, { rx: 64, ry: 56, gap: 26 }, () => `<path d="M-18 4C-18 -16 18 -16 18 4Z" fill="#7a4a26"/><path d="M-18 4H18L16 8H-16Z" fill="#e6cfa8"/><path d="M-3 8V18H3V8Z" fill="#e6cfa8"/>`),
  'Cordyceps Flower': (P, rand) => pile(rand, 26, { rx: 60, ry: 54, gap: 10 }, () => `<path d="M-24 0Q0 ${r1((rand() - 0.5) * 10)} 24 0" fill="none" stroke="${P.linear('#ffa53a', '#e26a12', false)}" stroke-width="4" stroke-linecap="round"/>`),

  'Anchovies Grade A': (P, rand) => pile(rand, 26, { rx: 70, ry: 60, gap: 14 }, () => anchovy(P, 1)),
  'Split Anchovies': (P, rand) => pile(rand, 30, { rx: 70, ry: 60, gap: 12 }, () => anchovy(P, 0.8, true)),
  'Dried Shrimp': (P, rand) => pile(rand, 40, { rx: 72, ry: 62, gap: 10 }, () => driedShrimp(P, 0.8)),
  'Large Dried Shrimp': (P, rand) => pile(rand, 9, { rx: 62, ry: 54, gap: 40 }, () => prawn(P, { shell: '#f08a4e', tail: '#d8582a', whole: false, len: 0.4 }), 180),
  'Dried Scallops': (P, rand) => pile(rand, 12, { rx: 64, ry: 56, gap: 26 }, () => shadow(14, 4, 2, 12) + `<circle r="15" fill="${P.radial('#f0c27a', '#b4782e')}"/><path d="M-10 -6q10 -6 20 0M-11 2q11 -6 22 0M-9 9q9 -5 18 0" fill="none" stroke="#9a6424" stroke-width="1.2"/>`),
  'Salted Threadfin': (P, rand) => [[-6, -30, -4], [6, 34, 5]].map(([x, y, a]) => at(x, y, a, 1, shadow(86, 7, 4, 26) + `<path d="M-86 -22H74Q86 0 74 22H-86Q-92 0 -86 -22Z" fill="${P.linear('#d9b47a', '#9a6a36')}"/>` +
    `<path d="M-86 -22H74Q78 -14 76 -8H-88Z" fill="#8c8a84"/><path d="M-40 -14Q-30 0 -40 14M0 -14Q10 0 0 14M40 -14Q50 0 40 14" fill="none" stroke="#8a5a2a" stroke-width="1.6" opacity=".6"/>` +
    specks(rand, 24, 70, 16, '#ffffff', 2.6))).join(''),
  'Belacan Shrimp Paste': (P) => shadow(78, 10, 4, 46) + `<path d="M-96 -40L70 -70L98 40L-74 70Z" fill="${P.linear('#e9d8b4', '#c9ad7e')}"/><path d="M-96 -40L-74 70" stroke="#b89a68" stroke-width="2"/>` + `<path d="M-76 -30L-40 -52H76L40 -30Z" fill="#7a4c44"/><path d="M40 -30L76 -52V22L40 44Z" fill="#3e2220"/><rect x="-76" y="-30" width="116" height="74" fill="${P.linear('#6a3a34', '#4a2420')}"/>` +
    `<path d="M-76 -30H40V44H-76Z" fill="none" stroke="#c9b48a" stroke-width="2" opacity=".4"/>`,
  'Dried Squid': (P) => [[-34, 0, -6], [36, 8, 8]].map(([x, y, a]) => at(x, y, a, 1, shadow(34, 6, 2, 84) + `<path d="M0 -88C30 -70 34 20 26 60H-26C-34 20 -30 -70 0 -88Z" fill="${P.linear('#e8c48e', '#b9854a', false)}"/>` +
    `<path d="M-20 60l-6 30M-8 60l-2 30M8 60l2 30M20 60l6 30" stroke="#c8985c" stroke-width="5" stroke-linecap="round"/>`)).join(''),
  'Dried Oysters': (P, rand) => pile(rand, 6, { rx: 56, ry: 48, gap: 46 }, () => shadow(24, 5, 2, 16) + `<path d="${blob(rand, 28, 20, 0.22, 12)}" fill="${P.radial('#9a5a2a', '#4a2610')}" stroke="#3a1e0c" stroke-width="2" stroke-dasharray="4 3"/>` +
    `<path d="${blob(rand, 18, 12, 0.12, 9, 2, -1)}" fill="${P.radial('#f0b870', '#b87434')}"/>` + gloss('M-8 -6q8 -6 16 0', 2.5, 0.55), 60),

  'Chinese Sausage': (P, rand) => [-40, -12, 16, 44].map((y) => at(0, y, -12, 1, link(P, rand, '#b3262c'))).join(''),
  'Liver Sausage': (P, rand) => [-34, -4].map((y) => at(-8, y, 8, 1, link(P, rand, '#4a2420', 150, '#7a4a3c'))).join('') +
    [[-40, 50], [-6, 56], [28, 50], [60, 40]].map(([x, y]) => at(x, y, 0, 1, shadow(15, 4, 2, 12) + `<ellipse rx="15" ry="12" fill="#3a1a16"/><ellipse rx="12" ry="9.5" fill="${P.radial('#7a4236', '#4a2018')}"/>` + specks(rand, 5, 8, 6, '#c89a82', 2.4))).join(''),
  'Waxed Pork Belly': () => [-24, 24].map((y, i) => at(0, y, i ? 4 : -6, 1, shadow(84, 6, 4, 20) + `<rect x="-84" y="-18" width="168" height="36" rx="4" fill="#7a3a1a"/><rect x="-84" y="-12" width="168" height="8" fill="#e9b77a"/><rect x="-84" y="4" width="168" height="6" fill="#e9b77a"/>` +
    `<rect x="-84" y="-18" width="168" height="5" fill="#5a2410"/><path d="M-84 0H84" stroke="#a9542a" stroke-width="3"/>`)).join(''),
  'Sliced Bak Kwa': (P, rand) => [[-36, -30, -8], [34, -14, 10], [-10, 36, 4]].map(([x, y, a]) => at(x, y, a, 1, kwa(P, rand, 42, '#a8321e'))).join(''),
  'Minced Bak Kwa': (P, rand) => [[-40, -20, 6], [40, 0, -10], [-2, 40, 14]].map(([x, y, a]) => at(x, y, a, 1, kwa(P, rand, 36, '#b84a2a', `<path d="${blob(rand, 30, 30, 0.2, 9)}" fill="none" stroke="#7a2412" stroke-width="1.4" opacity=".5"/>`))).join(''),
  'Chilli Bak Kwa': (P, rand) => [[-30, -24, 6], [30, 20, -8]].map(([x, y, a]) => at(x, y, a, 1, kwa(P, rand, 46, '#9c1e12', specks(rand, 20, 36, 36, '#f0401e', 4.5)))).join('') + at(-44, 62, -20, 0.7, chilli(P)) + at(56, -64, 150, 0.6, chilli(P)),
  'Pork Floss': (P, rand) => {
    const d = ['', ''];
    for (let i = 0; i < 170; i++) {
      const a = rand() * Math.PI * 2;
      const k = Math.sqrt(rand());
      d[rand() < 0.5 ? 0 : 1] += `M${r1(Math.cos(a) * 72 * k)} ${r1(Math.sin(a) * 54 * k - 6)}q${r1(4 + rand() * 6)} ${r1(-3 - rand() * 5)} ${r1(9 + rand() * 8)} ${r1((rand() - 0.5) * 6)}`;
    }
    return `<ellipse cx="4" cy="12" rx="96" ry="84" fill="#000" opacity=".15"/><ellipse rx="94" ry="82" fill="#f6f1e6"/><ellipse rx="80" ry="68" fill="none" stroke="#3a6ea5" stroke-width="2" opacity=".35"/>` +
      `<path d="${blob(rand, 76, 58, 0.12, 10, 0, -6)}" fill="${P.radial('#efc27c', '#b97a36')}"/>` +
      `<path d="${d[0]}" fill="none" stroke="#f6d59a" stroke-width="2.2" stroke-linecap="round"/><path d="${d[1]}" fill="none" stroke="#9e6228" stroke-width="1.8" stroke-linecap="round" opacity=".8"/>`;
  },
  'Waxed Duck': (P) => shadow(84, 10, 4, 88) + `<path d="M0 -100V-66" stroke="#c8a060" stroke-width="3"/><path d="M-6 -104Q0 -112 6 -104" fill="none" stroke="#8a8a8a" stroke-width="4"/>` +
    [-1, 1].map((s) => `<path d="${tube([[s * 34, 50], [s * 58, 70], [s * 76, 88]], 24, 12)}" fill="${P.linear('#d08a40', '#8a4a1a')}"/><ellipse cx="${s * 80}" cy="92" rx="9" ry="7" fill="#f2e2c0"/>`).join('') +
    `<path d="${tube([[0, -40], [-2, -60], [2, -74]], 20, 14)}" fill="${P.linear('#c8823c', '#8a4a1a')}"/><ellipse cx="3" cy="-74" rx="12" ry="9" fill="#9a5422"/>` +
    `<path d="M-70 -36Q-72 -52 -50 -52H50Q72 -52 70 -36L48 50Q40 66 0 68Q-40 66 -48 50Z" fill="${P.linear('#e2a050', '#9a5420')}" stroke="#6a3410" stroke-width="2" stroke-linejoin="round"/>` +
    `<path d="M-54 -40Q-34 0 -40 46M54 -40Q34 0 40 46" fill="none" stroke="#7a3a12" stroke-width="3" opacity=".55"/>` +
    `<path d="M-22 -44V56M-8 -44V62M8 -44V62M22 -44V56" stroke="#f6d098" stroke-width="2.5" opacity=".45"/>` + gloss('M-52 -42H10', 5, 0.5),
  'Bak Kwa Gift Box': (P, rand) => shadow(92, 10, 4, 80) + `<rect x="-92" y="-76" width="184" height="152" rx="8" fill="${P.linear('#d02a22', '#8a1410')}"/><rect x="-80" y="-64" width="160" height="128" rx="4" fill="#f4e2b8"/>` +
    [[-38, -28], [38, -28], [-38, 28], [38, 28]].map(([x, y]) => at(x, y, 0, 1, kwa(P, rand, 30, '#a8321e'))).join('') + `<path d="M0 -76V76M-92 0H92" stroke="#e6b83a" stroke-width="6" opacity=".9"/><circle r="12" fill="#e6b83a"/>`,
};
