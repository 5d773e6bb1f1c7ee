/**
 * Frozen seafood drawings (lines PRAWNS, FISH, SQUID), keyed by the product's English name; each
 * `(P, rand) => svg` in the box -100..100 (see paint.mjs), laid on the ice of the seafood setting.
 */
import { at, blob, dark, gloss, light, pile, r1, shadow, smooth, specks } from './paint.mjs';

/** A whole prawn curled on its side: body colour, shell bands, optional stripes and tail. */
function prawn(P, { colour, stripes = null, len = 1, peeled = false, head = true }) {
  const segs = Array.from({ length: 6 }, (_, i) => {
    const a = (200 - i * 26) * (Math.PI / 180);
    return [Math.cos(a) * 30 * len, Math.sin(a) * 30 * len];
  });
  const body = `<path d="${smooth(segs)}" fill="none" stroke="${P.linear(light(colour, 0.2), dark(colour, 0.15))}" stroke-width="${r1(22 * len)}" stroke-linecap="round"/>`;
  const bands = peeled ? '' : segs.slice(1, 5).map(([x, y]) => `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(11 * len)}" fill="none" stroke="${dark(colour, 0.2)}" stroke-width="1.6" opacity=".6"/>`).join('');
  const stripe = stripes ? segs.slice(1, 5).map(([x, y]) => `<path d="M${r1(x - 6)} ${r1(y - 8)}l10 14" stroke="${stripes}" stroke-width="4" stroke-linecap="round"/>`).join('') : '';
  const [tx, ty] = segs.at(-1);
  const tail = `<path d="M${r1(tx)} ${r1(ty)}l${r1(14 * len)} ${r1(6 * len)}l${r1(-2 * len)} ${r1(12 * len)}Z" fill="${peeled ? '#e8643a' : dark(colour, 0.1)}"/>`;
  const [hx, hy] = segs[0];
  const headShape = head && !peeled ? `<ellipse cx="${r1(hx - 6 * len)}" cy="${r1(hy + 2)}" rx="${r1(16 * len)}" ry="${r1(12 * len)}" fill="${P.radial(light(colour, 0.15), dark(colour, 0.2))}"/><circle cx="${r1(hx - 12 * len)}" cy="${r1(hy - 3)}" r="2.5" fill="#1a1a1a"/>` +
    `<path d="M${r1(hx - 18 * len)} ${r1(hy)}q-30 -20 -20 -50M${r1(hx - 16 * len)} ${r1(hy - 4)}q-14 -24 6 -44" fill="none" stroke="${dark(colour, 0.25)}" stroke-width="1.4"/>` : '';
  return headShape + body + bands + stripe + tail;
}

/** A fish steak cut across: skin ring, flesh, bone in the middle, muscle rings. */
const steak = (P, rand, { rx, ry, skin, flesh, bone = true }) =>
  shadow(rx, ry * 0.3, 4, ry * 0.9) + `<path d="${blob(rand, rx, ry, 0.06, 9)}" fill="${skin}"/><path d="${blob(rand, rx - 5, ry - 5, 0.05, 9)}" fill="${P.radial(light(flesh, 0.3), flesh)}"/>` +
  `<path d="M${-rx * 0.6} 0Q0 ${-ry * 0.5} ${rx * 0.6} 0M${-rx * 0.5} ${ry * 0.3}Q0 ${-ry * 0.1} ${rx * 0.5} ${ry * 0.3}" fill="none" stroke="${dark(flesh, 0.1)}" stroke-width="1.4" opacity=".6"/>` +
  (bone ? `<circle r="5" fill="#f8f4ec" stroke="#ccc2b0"/>` : '');

/** A fillet: skin side edge and flesh lines. */
const fillet = (P, rand, { w, h, flesh, lines, skin = null }) =>
  shadow(w / 2, 8, 4, h / 2 + 4) + (skin ? `<path d="${blob(rand, w / 2 + 3, h / 2 + 3, 0.05, 10)}" fill="${skin}"/>` : '') +
  `<path d="${blob(rand, w / 2, h / 2, 0.05, 10)}" fill="${P.radial(light(flesh, 0.2), dark(flesh, 0.08))}"/>` +
  Array.from({ length: 6 }, (_, i) => `<path d="M${r1(-w / 2 + 16 + i * (w - 32) / 6)} ${r1(-h / 2 + 8)}q12 ${r1(h / 2 - 6)} 0 ${r1(h - 16)}" fill="none" stroke="${lines}" stroke-width="2.4" opacity=".8"/>`).join('') + gloss(`M${-w / 3} ${-h / 3}H${w / 4}`, 3, 0.4);

/** A bivalve shell; `c` main colour, `rim` edge colour. */
const shell = (P, rx, ry, c, rim, ribs = true) =>
  `<path d="M0 ${ry}C${-rx * 1.1} ${ry * 0.6} ${-rx} ${-ry} 0 ${-ry}C${rx} ${-ry} ${rx * 1.1} ${ry * 0.6} 0 ${ry}Z" fill="${P.radial(light(c, 0.3), c)}" stroke="${rim}" stroke-width="3"/>` +
  (ribs ? `<path d="M0 ${ry}L${-rx * 0.6} ${-ry * 0.6}M0 ${ry}L0 ${-ry}M0 ${ry}L${rx * 0.6} ${-ry * 0.6}" stroke="${dark(c, 0.2)}" stroke-width="1.4" opacity=".6"/>` : '');

export const SEAFOOD = {
  'White Prawns (Medium)': (P, rand) => pile(rand, 5, { rx: 50, ry: 44, gap: 40 }, () => prawn(P, { colour: '#c9c7c2' }), 60),
  'Tiger Prawns (Large)': (P, rand) => pile(rand, 3, { rx: 40, ry: 40, gap: 56 }, () => prawn(P, { colour: '#6f7560', stripes: '#2a2e24', len: 1.45 }), 30),
  'Peeled Prawns': (P, rand) => pile(rand, 9, { rx: 62, ry: 54, gap: 32 }, () => prawn(P, { colour: '#f6d2c2', peeled: true, len: 0.7 })),
  'Vannamei Prawns': (P, rand) => pile(rand, 8, { rx: 62, ry: 54, gap: 34 }, () => prawn(P, { colour: '#b9aaa2', len: 0.8 })),
  'Small Prawns': (P, rand) => pile(rand, 16, { rx: 70, ry: 60, gap: 22 }, () => prawn(P, { colour: '#d8b9a6', len: 0.45, head: false })),
  'Breaded Butterfly Prawns': (P, rand) => pile(rand, 6, { rx: 56, ry: 50, gap: 40 }, () => `<path d="M-28 -6C-30 -26 28 -26 28 -6C26 18 8 24 0 14C-8 24 -26 18 -28 -6Z" fill="${P.radial('#f3c46a', '#c07a24')}"/>` +
    specks(rand, 16, 22, 14, '#e29a3a', 3) + `<path d="M0 14l-8 16h16Z" fill="#e8532a"/>`),
  'Slipper Lobster': (P, rand) => [[-44, -6, -20], [44, 10, 16]].map(([x, y, a]) => at(x, y, a, 1, shadow(34, 8, 2, 76) +
    `<path d="M-34 -62Q0 -80 34 -62Q44 -40 30 -26H-30Q-44 -40 -34 -62Z" fill="${P.radial('#d4956a', '#8a4a26')}"/>` +
    [-20, -6, 8, 22, 36].map((yy, i) => `<path d="M${-28 + i * 2} ${yy}H${28 - i * 2}V${yy + 12}H${-28 + i * 2}Z" fill="${P.linear('#c4865a', '#8a4a26')}" stroke="#6a3418" stroke-width="1.4"/>`).join('') +
    `<path d="M-18 48L-26 78H26L18 48Z" fill="#b0683e"/><path d="M-22 -70L-34 -86M22 -70L34 -86" stroke="#8a4a26" stroke-width="5" stroke-linecap="round"/>` + specks(rand, 10, 24, 12, '#f4c89a', 2.6, 0, -50))).join(''),
  'Salmon Fillet': (P, rand) => fillet(P, rand, { w: 180, h: 86, flesh: '#f2895a', lines: '#ffd9c2', skin: '#8d9aa2' }),
  'Threadfin Steaks': (P, rand) => [[-44, -10], [46, 16]].map(([x, y]) => at(x, y, 0, 1, steak(P, rand, { rx: 46, ry: 40, skin: '#b9c2c6', flesh: '#f4eee4' }))).join(''),
  'Red Snapper Steaks': (P, rand) => [[-44, 14], [44, -14]].map(([x, y]) => at(x, y, 0, 1, steak(P, rand, { rx: 44, ry: 36, skin: '#d9483a', flesh: '#f6ece6' }))).join(''),
  'Spanish Mackerel Steaks': (P, rand) => [[-56, 0], [0, 12], [56, 0]].map(([x, y]) => at(x, y, 0, 1, steak(P, rand, { rx: 30, ry: 36, skin: '#6d8190', flesh: '#eadcd2' }))).join(''),
  'Dory Fillet': (P, rand) => [-26, 26].map((y, i) => at(0, y, i ? 6 : -6, 1, fillet(P, rand, { w: 170, h: 46, flesh: '#f8f1ec', lines: '#e8dcd4' }))).join(''),
  'Cod Fillet': (P, rand) => fillet(P, rand, { w: 140, h: 96, flesh: '#fbf7f0', lines: '#e6ddd0', skin: '#5f6b70' }),
  'White Pomfret': (P) => shadow(80, 10, 4, 62) + `<path d="M-70 0C-50 -70 50 -70 70 0C50 70 -50 70 -70 0Z" fill="${P.radial('#f4f6f8', '#a8b2ba')}"/><path d="M70 0L100 -30L96 0L100 30Z" fill="#b6bfc6"/>` +
    `<circle cx="-46" cy="-10" r="7" fill="#fff"/><circle cx="-46" cy="-10" r="3.5" fill="#1a1a1a"/><path d="M-30 -30Q-40 0 -30 30" fill="none" stroke="#9aa4ac" stroke-width="2"/>` + gloss('M-30 -40Q10 -52 40 -30', 4, 0.6),
  'Saba Mackerel Fillet': (P, rand) => [-26, 28].map((y, i) => at(0, y, i ? 4 : -4, 1, shadow(86, 6, 4, 22) + `<path d="${blob(rand, 86, 22, 0.05, 10)}" fill="${P.linear('#3d5566', '#c9d3d8')}"/>` +
    Array.from({ length: 7 }, (_, j) => `<path d="M${-60 + j * 18} -18q6 8 0 16" fill="none" stroke="#1e2e3a" stroke-width="3"/>`).join(''))).join(''),
  'Red Snapper Fish Head': (P) => shadow(84, 10, 4, 62) + `<path d="M-80 -10C-70 -70 40 -76 80 -40V50C40 70 -70 60 -80 -10Z" fill="${P.radial('#f07c66', '#b8301f')}"/><path d="M80 -40V50" stroke="#f4e6e0" stroke-width="12"/>` +
    `<circle cx="-30" cy="-24" r="13" fill="#fff"/><circle cx="-30" cy="-24" r="6" fill="#1a1a1a"/><path d="M-80 -10Q-60 6 -76 22" fill="none" stroke="#7a1e12" stroke-width="4"/><path d="M10 -50Q-6 0 10 50" fill="none" stroke="#9c2a1c" stroke-width="3"/>`,

  'Cleaned Squid': (P) => [[-36, 0, -8], [36, 10, 10]].map(([x, y, a]) => at(x, y, a, 1, shadow(26, 8, 2, 82) + `<path d="M0 -86C26 -60 26 20 22 60H-22C-26 20 -26 -60 0 -86Z" fill="${P.linear('#fbf3ee', '#e8d0c6', false)}"/>` +
    `<path d="M0 -86L-24 -50L-6 -44ZM0 -86L24 -50L6 -44Z" fill="#efd9d0"/>` + gloss('M-10 -50V30', 3, 0.6))).join(''),
  'Squid Rings': (P, rand) => pile(rand, 11, { rx: 66, ry: 56, gap: 28 }, () => `<ellipse rx="17" ry="13" fill="none" stroke="${P.linear('#fffaf4', '#e6d2c6')}" stroke-width="7"/>`),
  'Baby Octopus': (P, rand) => pile(rand, 4, { rx: 46, ry: 42, gap: 50 }, () => Array.from({ length: 6 }, (_, i) => `<path d="M0 0q${r1(Math.cos(i) * 22)} 20 ${r1(Math.cos(i * 1.1) * 30)} 34" fill="none" stroke="#b4556a" stroke-width="5" stroke-linecap="round"/>`).join('') +
    `<ellipse cy="-12" rx="16" ry="20" fill="${P.radial('#e28a9c', '#9a3a52')}"/>`),
  'Lala Clams': (P, rand) => pile(rand, 12, { rx: 68, ry: 58, gap: 26 }, () => shell(P, 15, 12, '#d9c7a8', '#8a6a4e') + `<path d="M-10 -4H10M-12 2H12" stroke="#6e5a8a" stroke-width="2" opacity=".6"/>`),
  'Green Mussels': (P, rand) => pile(rand, 6, { rx: 58, ry: 50, gap: 38 }, () => `<path d="M-10 -34C16 -34 24 20 10 34C-4 40 -22 20 -18 -4Z" fill="${P.linear('#3c7a3a', '#1f3a22')}"/><path d="M-4 -26C10 -20 14 10 6 24" fill="none" stroke="#8dc26a" stroke-width="3" opacity=".7"/>`, 40),
  Scallops: (P, rand) => pile(rand, 7, { rx: 56, ry: 50, gap: 36 }, () => shadow(18, 5, 2, 14) + `<ellipse rx="19" ry="15" fill="${P.radial('#fffaf2', '#e8dcc6')}"/><ellipse cy="-4" rx="14" ry="8" fill="#fff" opacity=".6"/>`),
  'Flower Crab': (P, rand) => shadow(80, 10, 4, 44) + [-1, 1].map((s) => [0, 1, 2].map((i) => `<path d="M${s * 50} ${-4 + i * 14}q${s * 30} -8 ${s * 44} ${10 + i * 6}" fill="none" stroke="#3f5f8a" stroke-width="6" stroke-linecap="round"/>`).join('') +
    `<path d="M${s * 40} -30q${s * 30} -30 ${s * 16} -56" fill="none" stroke="#3f5f8a" stroke-width="9" stroke-linecap="round"/><ellipse cx="${s * 56}" cy="-84" rx="12" ry="16" fill="#5a7aa6"/>`).join('') +
    `<path d="M-80 -4C-60 -44 60 -44 80 -4C60 30 -60 30 -80 -4Z" fill="${P.radial('#7d9cc6', '#2e4e78')}"/>` + specks(rand, 30, 60, 20, '#dfe8f4', 4),
  Cuttlefish: (P) => shadow(62, 10, 4, 86) + `<ellipse cy="-8" rx="66" ry="84" fill="#efe4ea" opacity=".9"/><ellipse cy="-8" rx="54" ry="76" fill="${P.radial('#f1e6ec', '#b99aae')}"/>` +
    `<path d="M-44 -60Q0 -48 44 -60M-52 -36Q0 -22 52 -36M-54 -10Q0 4 54 -10M-50 16Q0 30 50 16M-40 42Q0 54 40 42" fill="none" stroke="#7a5a6e" stroke-width="5" stroke-linecap="round" opacity=".55"/>` +
    Array.from({ length: 6 }, (_, i) => `<path d="M${-20 + i * 8} 64q${(i - 2.5) * 3} 14 ${(i - 2.5) * 6} 26" fill="none" stroke="#d8c4d0" stroke-width="6" stroke-linecap="round"/>`).join('') +
    `<circle cx="-18" cy="60" r="6" fill="#2a2a2a"/><circle cx="18" cy="60" r="6" fill="#2a2a2a"/>`,
};
