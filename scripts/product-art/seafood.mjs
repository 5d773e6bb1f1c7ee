/**
 * Frozen seafood drawings (lines PRAWNS, FISH, SQUID), keyed by the product's English name; each
 * `(P, rand) => svg` in the box -100..100 (see paint.mjs), laid on the ice of the seafood setting.
 */
import { at, blob, dark, gloss, light, pile, r1, shadow, specks, tube } from './paint.mjs';
import { friedPrawn, prawn } from './prawn.mjs';

/**
 * A fish steak cut across: skin ring, flesh, bone in the middle, muscle rings. `thick` shows its
 * cut side below (a thick steak); `scales` marks the skin ring; `bloodline` draws the dark wedge of
 * red muscle by the spine (mackerels).
 */
const steak = (P, rand, { rx, ry, skin, flesh, bone = true, thick = 0, scales = false, bloodline = null }) => {
  const outline = blob(rand, rx, ry, 0.06, 9);
  return shadow(rx, ry * 0.3, 4, ry * 0.9 + thick) +
    (thick ? `<path d="${outline}" fill="${dark(skin, 0.15)}" transform="translate(0 ${thick})"/><rect x="${-rx + 1}" y="0" width="${rx * 2 - 2}" height="${thick}" fill="${P.linear(light(skin, 0.1), dark(skin, 0.2))}"/>` : '') +
    `<path d="${outline}" fill="${skin}"/>` + (scales ? `<path d="${outline}" fill="none" stroke="${dark(skin, 0.3)}" stroke-width="3" stroke-dasharray="2 4" opacity=".7"/>` : '') +
    `<path d="${blob(rand, rx - 5, ry - 5, 0.05, 9)}" fill="${P.radial(light(flesh, 0.3), flesh)}"/>` +
    `<path d="M${-rx * 0.6} 0Q0 ${-ry * 0.5} ${rx * 0.6} 0M${-rx * 0.5} ${ry * 0.3}Q0 ${-ry * 0.1} ${rx * 0.5} ${ry * 0.3}" fill="none" stroke="${dark(flesh, 0.1)}" stroke-width="1.4" opacity=".6"/>` +
    (bloodline ? `<path d="M0 -4L${r1(-rx * 0.35)} ${r1(-ry * 0.7)}Q0 ${r1(-ry * 0.85)} ${r1(rx * 0.35)} ${r1(-ry * 0.7)}Z" fill="${bloodline}" opacity=".85"/>` : '') +
    (bone ? `<circle r="5" fill="#f8f4ec" stroke="#ccc2b0"/>` : '');
};

/** A thick white fish portion at a slant: flaky top, its cut side, and the skin below. */
const loin = (P, { w, h, depth, flesh, skin }) =>
  shadow(w / 2 + 6, 8, 6, h / 2 + depth + 4) +
  `<rect x="${-w / 2}" y="${-h / 2 + depth}" width="${w}" height="${h}" rx="20" fill="${skin}"/>` +
  `<rect x="${-w / 2}" y="${-h / 2 + depth - 4}" width="${w}" height="${h}" rx="20" fill="${P.linear(dark(flesh, 0.04), dark(flesh, 0.14))}"/>` +
  `<rect x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h - depth}" rx="20" fill="${P.radial('#ffffff', flesh, 0.4, 0.3, 0.8)}"/>` +
  `<path d="${Array.from({ length: 5 }, (_, i) => `M${r1(-w / 2 + 18 + i * (w - 36) / 4)} ${r1(-h / 2 + 10)}q14 ${r1((h - depth) / 2 - 10)} 0 ${r1(h - depth - 20)}`).join('')}" fill="none" stroke="${dark(flesh, 0.1)}" stroke-width="2.4" stroke-linecap="round"/>` +
  `<path d="${Array.from({ length: 4 }, (_, i) => `M${r1(-w / 2 + 26 + i * (w - 36) / 4)} ${r1(-h / 2 + depth - 4 + h - depth + 2)}v${r1(depth - 4)}`).join('')}" stroke="${dark(flesh, 0.2)}" stroke-width="1.6" opacity=".6"/>` +
  gloss(`M${-w / 3} ${-h / 2 + 10}H${w / 4}`, 3, 0.6);

/** A mussel shell, pointed hinge at the top: green at the lip, dark at the hinge, growth lines; `open` shows the orange meat. */
const mussel = (P, open = false) =>
  `<path d="M0 -40C16 -36 26 0 20 30C14 46 -14 46 -20 30C-26 4 -14 -34 0 -40Z" fill="${P.linear('#2a3a26', '#3e8a3a')}" stroke="#7cc25a" stroke-width="2.5"/>` +
  (open ? `<path d="M0 -32C10 -28 16 0 12 24C8 36 -8 36 -12 24C-16 2 -10 -28 0 -32Z" fill="${P.radial('#f7a868', '#d8682e')}"/><path d="M-4 -20Q6 0 -2 26" fill="none" stroke="#b8501e" stroke-width="2"/>`
    : `<path d="M-12 12Q0 18 12 12M-15 24Q0 30 15 24M-8 -4Q0 0 8 -4" fill="none" stroke="#9ad27a" stroke-width="1.6" opacity=".6"/>`);

/** A lala clam: a rounded triangle with growth rings and purple rays on cream. */
const clam = (P) =>
  `<path d="M0 -16C10 -16 22 -2 22 8C22 16 12 18 0 18C-12 18 -22 16 -22 8C-22 -2 -10 -16 0 -16Z" fill="${P.radial('#f6ecd8', '#cdb48e')}" stroke="#8a6a4e" stroke-width="1.6"/>` +
  `<path d="M0 -15L-12 16M0 -15L0 18M0 -15L12 16" stroke="#7a5a8a" stroke-width="3" opacity=".45"/><path d="M-16 4Q0 -4 16 4M-19 11Q0 4 19 11" fill="none" stroke="#a08060" stroke-width="1.2" opacity=".7"/>`;

/** A scallop on its fan shell: ribbed pink-orange fan with its hinge ears, the white meat on it. */
const scallopShell = (P) =>
  shadow(40, 6, 2, 36) + `<path d="M0 34L-10 40H10Z" fill="#d99a6a"/><path d="M0 36L-40 -6C-34 -36 34 -36 40 -6Z" fill="${P.radial('#ffd2b0', '#e0885a', 0.5, 0.3, 0.8)}" stroke="#c86a40" stroke-width="2"/>` +
  `<path d="${[-30, -18, -6, 6, 18, 30].map((x) => `M0 34L${x} ${r1(-24 - Math.cos(x / 20) * 4)}`).join('')}" stroke="#c86a40" stroke-width="1.6" opacity=".6"/>` +
  `<ellipse cy="-2" rx="19" ry="15" fill="${P.radial('#fffaf2', '#e6d6bc')}"/><ellipse cy="-6" rx="14" ry="8" fill="#fff" opacity=".6"/>`;

/** An octopus: a round head, eyes, and eight curling arms with suckers. */
function octopus(P, rand, colour) {
  const arms = Array.from({ length: 8 }, (_, i) => {
    const a = Math.PI * (0.1 + (i / 7) * 0.8);
    const pts = [0, 1, 2, 3].map((k) => [Math.cos(a) * (8 + k * 12) + Math.sin(k * 1.2 + i) * 4 * k, 8 + Math.sin(a) * (8 + k * 12)]);
    const [ex, ey] = pts[3];
    pts.push([ex + (i < 4 ? 8 : -8), ey + 2]);
    return `<path d="${tube(pts, 9, 3)}"/>`;
  }).join('');
  return shadow(40, 6, 2, 40) + `<g fill="${P.linear(light(colour, 0.15), dark(colour, 0.15))}">${arms}</g>` + specks(rand, 18, 34, 16, light(colour, 0.45), 2.4, 0, 30) +
    `<path d="M-18 6C-26 -30 26 -30 18 6Z" fill="${P.radial(light(colour, 0.3), dark(colour, 0.15))}"/><circle cx="-7" cy="0" r="3" fill="#2a1a20"/><circle cx="7" cy="0" r="3" fill="#2a1a20"/>` + gloss('M-10 -16Q-4 -22 4 -20', 2.5, 0.6);
}

/** A fillet: skin side edge and flesh lines. */
const fillet = (P, rand, { w, h, flesh, lines, skin = null }) =>
  shadow(w / 2, 8, 4, h / 2 + 4) + (skin ? `<path d="${blob(rand, w / 2 + 3, h / 2 + 3, 0.05, 10)}" fill="${skin}"/>` : '') +
  `<path d="${blob(rand, w / 2, h / 2, 0.05, 10)}" fill="${P.radial(light(flesh, 0.2), dark(flesh, 0.08))}"/>` +
  Array.from({ length: 6 }, (_, i) => `<path d="M${r1(-w / 2 + 16 + i * (w - 32) / 6)} ${r1(-h / 2 + 8)}q12 ${r1(h / 2 - 6)} 0 ${r1(h - 16)}" fill="none" stroke="${lines}" stroke-width="2.4" opacity=".8"/>`).join('') + gloss(`M${-w / 3} ${-h / 3}H${w / 4}`, 3, 0.4);

export const SEAFOOD = {
  // Raw white prawns lie straight in a row; vannamei are heaped, curled; tiger prawns are large and banded.
  'White Prawns (Medium)': (P) => [-54, -18, 18, 54].map((y, i) => at(i % 2 ? 0 : -12, y + 18, -90 + (i % 2 ? 3 : -3), 0.62, prawn(P, { shell: '#f2b096', curl: 0.5, raw: true }))).join(''),
  'Tiger Prawns (Large)': (P) => at(-40, -6, -8, 0.82, prawn(P, { shell: '#ec8a58', stripes: '#3a3346' })) + at(46, 40, 8, -0.82, prawn(P, { shell: '#e47f4e', stripes: '#3a3346' }), 0.82),
  'Peeled Prawns': (P) => [[-44, -38, -20], [46, -34, 15], [-40, 44, 10], [50, 46, -25], [4, 4, 40]].map(([x, y, a]) => at(x, y, a, 1, prawn(P, { shell: '#fbd3c0', stripes: '#f2875a', whole: false, peeled: true, tail: '#e4572e', len: 0.56 }))).join(''),
  'Vannamei Prawns': (P, rand) => pile(rand, 5, { rx: 52, ry: 42, gap: 54, cy: 18 }, () => prawn(P, { shell: '#f09a72', len: 0.56 }), 35),
  'Small Prawns': (P, rand) => shadow(92, 16, 4, 70) + `<ellipse cx="0" cy="8" rx="94" ry="80" fill="${P.radial('#ffffff', '#cfe0ea', 0.4, 0.3, 0.8)}" stroke="#b9cfdc" stroke-width="4"/>` +
    pile(rand, 8, { rx: 58, ry: 46, gap: 36, cy: 8 }, () => prawn(P, { shell: '#f5a384', len: 0.36 })),
  'Breaded Butterfly Prawns': (P, rand) => [-54, -18, 18, 54].map((y, i) => at(i % 2 ? 8 : -8, y, i % 2 ? -6 : 6, 0.95, friedPrawn(P, rand, {}))).join(''),
  'Slipper Lobster': (P, rand) => [[-44, -6, -20], [44, 10, 16]].map(([x, y, a]) => at(x, y, a, 1, shadow(34, 8, 2, 76) +
    `<path d="M-34 -62Q0 -80 34 -62Q44 -40 30 -26H-30Q-44 -40 -34 -62Z" fill="${P.radial('#d4956a', '#8a4a26')}"/>` +
    [-20, -6, 8, 22, 36].map((yy, i) => `<path d="M${-28 + i * 2} ${yy}H${28 - i * 2}V${yy + 12}H${-28 + i * 2}Z" fill="${P.linear('#c4865a', '#8a4a26')}" stroke="#6a3418" stroke-width="1.4"/>`).join('') +
    `<path d="M-18 48L-26 78H26L18 48Z" fill="#b0683e"/><path d="M-22 -70L-34 -86M22 -70L34 -86" stroke="#8a4a26" stroke-width="5" stroke-linecap="round"/>` + specks(rand, 10, 24, 12, '#f4c89a', 2.6, 0, -50))).join(''),
  'Salmon Fillet': (P, rand) => fillet(P, rand, { w: 180, h: 86, flesh: '#f2895a', lines: '#ffd9c2', skin: '#8d9aa2' }),
  'Threadfin Steaks': (P, rand) => [[-42, -16], [44, 20]].map(([x, y]) => at(x, y, 0, 1, steak(P, rand, { rx: 46, ry: 38, skin: '#d6d2c4', flesh: '#f8f0dc', thick: 9 }))).join(''),
  'Red Snapper Steaks': (P, rand) => [[-44, 14], [44, -14]].map(([x, y]) => at(x, y, 0, 1, steak(P, rand, { rx: 44, ry: 36, skin: '#d9483a', flesh: '#f6ece6', scales: true }))).join(''),
  'Spanish Mackerel Steaks': (P, rand) => [[-56, -6, -8], [0, 6, 0], [56, -4, 8]].map(([x, y, a]) => at(x, y, a, 1, steak(P, rand, { rx: 30, ry: 40, skin: '#6d8190', flesh: '#eadcd2', bloodline: '#8a3a3a' }))).join(''),
  'Dory Fillet': (P, rand) => [-26, 26].map((y, i) => at(0, y, i ? 6 : -6, 1, fillet(P, rand, { w: 170, h: 46, flesh: '#f8f1ec', lines: '#e8dcd4' }))).join(''),
  'Cod Fillet': (P) => at(0, -10, -6, 1, loin(P, { w: 150, h: 110, depth: 26, flesh: '#f4efe6', skin: '#5f6b70' })),
  'White Pomfret': (P) => shadow(80, 10, 4, 62) + `<path d="M-70 0C-50 -70 50 -70 70 0C50 70 -50 70 -70 0Z" fill="${P.radial('#f4f6f8', '#a8b2ba')}"/><path d="M70 0L100 -30L96 0L100 30Z" fill="#b6bfc6"/>` +
    `<circle cx="-46" cy="-10" r="7" fill="#fff"/><circle cx="-46" cy="-10" r="3.5" fill="#1a1a1a"/><path d="M-30 -30Q-40 0 -30 30" fill="none" stroke="#9aa4ac" stroke-width="2"/>` + gloss('M-30 -40Q10 -52 40 -30', 4, 0.6),
  'Saba Mackerel Fillet': (P, rand) => [-26, 28].map((y, i) => at(0, y, i ? 4 : -4, 1, shadow(86, 6, 4, 22) + `<path d="${blob(rand, 86, 22, 0.05, 10)}" fill="${P.linear('#3d5566', '#c9d3d8')}"/>` +
    Array.from({ length: 7 }, (_, j) => `<path d="M${-60 + j * 18} -18q6 8 0 16" fill="none" stroke="#1e2e3a" stroke-width="3"/>`).join(''))).join(''),
  'Red Snapper Fish Head': (P) => shadow(84, 10, 4, 62) + `<path d="M-80 -10C-70 -70 40 -76 80 -40V50C40 70 -70 60 -80 -10Z" fill="${P.radial('#f07c66', '#b8301f')}"/><path d="M80 -40V50" stroke="#f4e6e0" stroke-width="12"/>` +
    `<circle cx="-30" cy="-24" r="13" fill="#fff"/><circle cx="-30" cy="-24" r="6" fill="#1a1a1a"/><path d="M-80 -10Q-60 6 -76 22" fill="none" stroke="#7a1e12" stroke-width="4"/><path d="M10 -50Q-6 0 10 50" fill="none" stroke="#9c2a1c" stroke-width="3"/>`,

  'Cleaned Squid': (P) => [[-36, 0, -8], [36, 10, 10]].map(([x, y, a]) => at(x, y, a, 1, shadow(26, 8, 2, 82) + `<path d="M0 -86C26 -60 26 20 22 60H-22C-26 20 -26 -60 0 -86Z" fill="${P.linear('#fbf3ee', '#e8d0c6', false)}"/>` +
    `<path d="M0 -86L-24 -50L-6 -44ZM0 -86L24 -50L6 -44Z" fill="#efd9d0"/>` + gloss('M-10 -50V30', 3, 0.6))).join(''),
  'Squid Rings': (P, rand) => pile(rand, 11, { rx: 66, ry: 56, gap: 28 }, () => `<ellipse rx="17" ry="13" fill="none" stroke="${P.linear('#fffaf4', '#e6d2c6')}" stroke-width="7"/>`),
  'Baby Octopus': (P, rand) => [[-46, -34, -10], [44, -30, 12], [0, 36, 0]].map(([x, y, a]) => at(x, y, a, 0.95, octopus(P, rand, '#c4607a'))).join(''),
  'Lala Clams': (P, rand) => pile(rand, 10, { rx: 64, ry: 54, gap: 36 }, () => clam(P), 30),
  'Green Mussels': (P, rand) => pile(rand, 6, { rx: 58, ry: 48, gap: 42 }, (i) => mussel(P, i % 3 === 0), 50),
  Scallops: (P, rand) => [[-40, -26, -12], [42, -22, 12]].map(([x, y, a]) => at(x, y, a, 1.05, scallopShell(P))).join('') +
    pile(rand, 4, { rx: 60, ry: 16, gap: 34, cy: 46 }, () => shadow(16, 4, 2, 10) + `<ellipse cy="4" rx="17" ry="13" fill="#e8dcc6"/><ellipse rx="17" ry="13" fill="${P.radial('#fffaf2', '#efe4d0')}"/>`, 10),
  'Flower Crab': (P, rand) => shadow(80, 10, 4, 44) + [-1, 1].map((s) => [0, 1, 2].map((i) => `<path d="M${s * 50} ${-4 + i * 14}q${s * 30} -8 ${s * 44} ${10 + i * 6}" fill="none" stroke="#3f5f8a" stroke-width="6" stroke-linecap="round"/>`).join('') +
    `<path d="M${s * 40} -30q${s * 30} -30 ${s * 16} -56" fill="none" stroke="#3f5f8a" stroke-width="9" stroke-linecap="round"/><ellipse cx="${s * 56}" cy="-84" rx="12" ry="16" fill="#5a7aa6"/>`).join('') +
    `<path d="M-80 -4C-60 -44 60 -44 80 -4C60 30 -60 30 -80 -4Z" fill="${P.radial('#7d9cc6', '#2e4e78')}"/>` + specks(rand, 30, 60, 20, '#dfe8f4', 4),
  Cuttlefish: (P, rand) => shadow(62, 10, 4, 86) + `<path d="${blob(rand, 66, 76, 0.04, 12, 0, -14)}" fill="#ecdce2" opacity=".95"/>` +
    `<path d="${blob(rand, 54, 68, 0.03, 12, 0, -14)}" fill="${P.radial('#e8ccb8', '#9a6a5e')}"/>` + specks(rand, 40, 44, 56, '#7a4a44', 6, 0, -16, 0.55) + specks(rand, 30, 44, 56, '#f4e4dc', 3, 0, -16, 0.8) +
    `<g fill="#d8b8b0">${Array.from({ length: 8 }, (_, i) => `<path d="${tube([[-14 + i * 4, 56], [-18 + i * 5.2, 72], [-22 + i * 6.4, 84]], 7, 3)}"/>`).join('')}</g>` +
    `<path d="M-6 58Q-20 90 -34 98M6 58Q20 90 34 98" fill="none" stroke="#d8b8b0" stroke-width="3.5" stroke-linecap="round"/>` +
    `<path d="M-26 56Q0 40 26 56Q26 70 0 72Q-26 70 -26 56Z" fill="${P.radial('#e0c0b4', '#b08878')}"/><circle cx="-16" cy="56" r="6" fill="#2a2a2a"/><circle cx="16" cy="56" r="6" fill="#2a2a2a"/>` + gloss('M-30 -60Q0 -80 30 -60', 4, 0.5),
};
