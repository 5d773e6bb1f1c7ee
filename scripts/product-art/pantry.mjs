/**
 * Pantry drawings (lines NOODLES, SAUCES), keyed by the product's English name; each
 * `(P, rand) => svg` in the box -100..100 (see paint.mjs), standing on the pantry shelf (bottom at
 * about y = 100). Packs and bottles carry no label text: colour, shape and what shows through them
 * tell the products apart.
 */
import { at, dark, gloss, light, pile, r1, shadow, specks } from './paint.mjs';
import { chilli, oyster, riceStalk, saucer, scoop, seeds, soybeans } from './props.mjs';

/** A bottle standing on the shelf: body width `w`, height `h`, neck, cap and contents colour. */
function bottle(P, { w, h, neck = 14, neckH = 30, liquid, cap, shoulder = 20, glass = null }) {
  const top = 100 - h;
  const body = `M${-w / 2} 100V${top + shoulder + neckH}Q${-w / 2} ${top + neckH} ${-neck} ${top + neckH - 4}V${top + 8}H${neck}V${top + neckH - 4}Q${w / 2} ${top + neckH} ${w / 2} ${top + shoulder + neckH}V100Z`;
  return shadow(w / 2 + 8, 6, 6, 102) + `<path d="${body}" fill="${P.linear(light(liquid, 0.18), dark(liquid, 0.25), false, light(liquid, 0.05))}"/>` +
    (glass ? `<path d="${body}" fill="${glass}" opacity=".25"/>` : '') + `<rect x="${-neck - 3}" y="${top - 8}" width="${neck * 2 + 6}" height="20" rx="4" fill="${P.linear(light(cap, 0.2), dark(cap, 0.2))}"/>` +
    `<rect x="${-w / 2 + 4}" y="${top + shoulder + neckH + 14}" width="${w - 8}" height="${r1(h * 0.32)}" rx="3" fill="${P.linear('#fbf6ec', '#e8dfcf')}" opacity=".92"/>` +
    `<rect x="${-w / 2 + 4}" y="${top + shoulder + neckH + 14}" width="${w - 8}" height="8" fill="${cap}" opacity=".9"/>` +
    gloss(`M${-w / 2 + 10} ${top + shoulder + neckH + 4}V${90}`, 5, 0.35);
}

/** A glass jar with contents and a lid. */
const jar = (P, rand, { w = 110, h = 120, fill, lid, pieces = null }) =>
  shadow(w / 2 + 6, 6, 6, 102) + `<rect x="${-w / 2}" y="${100 - h}" width="${w}" height="${h}" rx="16" fill="${P.linear(light(fill, 0.15), dark(fill, 0.25), false)}"/>` +
  (pieces ? pieces : specks(rand, 30, w / 2 - 10, h / 2 - 12, dark(fill, 0.3), 4, 0, 100 - h / 2)) +
  `<rect x="${-w / 2 + 6}" y="${100 - h - 22}" width="${w - 12}" height="26" rx="6" fill="${P.linear(light(lid, 0.2), dark(lid, 0.2))}"/>` + gloss(`M${-w / 2 + 12} ${100 - h + 16}V86`, 6, 0.35);

/** A rice sack with its top rolled, grains spilling in front. */
const sack = (P, rand, { w, h, cloth, band, grain }) =>
  shadow(w / 2 + 10, 7, 6, 102) + `<path d="M${-w / 2} 100Q${-w / 2 - 8} ${100 - h / 2} ${-w / 2 + 6} ${100 - h}H${w / 2 - 6}Q${w / 2 + 8} ${100 - h / 2} ${w / 2} 100Z" fill="${P.linear(light(cloth, 0.1), dark(cloth, 0.15), false)}"/>` +
  `<path d="M${-w / 2 + 6} ${100 - h}Q0 ${100 - h - 26} ${w / 2 - 6} ${100 - h}Q0 ${100 - h + 16} ${-w / 2 + 6} ${100 - h}Z" fill="${P.radial('#ffffff', grain)}"/>` +
  `<rect x="${-w / 2 + 2}" y="${100 - h * 0.55}" width="${w - 4}" height="${r1(h * 0.18)}" fill="${band}"/>` +
  Array.from({ length: 26 }, () => at((rand() - 0.5) * w * 1.3, 96 + rand() * 8, rand() * 180, 1, `<ellipse rx="3.2" ry="1.4" fill="${grain}" stroke="${dark(grain, 0.2)}" stroke-width=".5"/>`)).join('');

/** A bundle or nest of noodles: many strands of `colour`, wavy when `wavy`. */
function strands(P, rand, { n, w, h, colour, width, wavy = 0, tie = null, cy = 40 }) {
  let d = '';
  for (let i = 0; i < n; i++) {
    const y = cy - h / 2 + (i / n) * h + (rand() - 0.5) * 4;
    d += wavy ? `M${-w / 2} ${r1(y)}q${w / 8} ${-wavy} ${w / 4} 0t${w / 4} 0t${w / 4} 0t${w / 4} 0` : `M${-w / 2} ${r1(y)}Q0 ${r1(y + (rand() - 0.5) * 6)} ${w / 2} ${r1(y)}`;
  }
  return shadow(w / 2, 6, 4, cy + h / 2 + 6) + `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="${dark(colour, 0.18)}" stroke-width="${r1(width * 0.35)}" opacity=".5" transform="translate(0 ${r1(width * 0.4)})"/>` +
    (tie ? `<rect x="-8" y="${cy - h / 2 - 4}" width="16" height="${h + 8}" rx="3" fill="${tie}"/>` : '');
}

/** A round nest of curly noodles (kolo mee, wantan mee). */
const nest = (P, rand, r, colour) => shadow(r, r * 0.25, 3, r * 0.7) + `<circle r="${r}" fill="${dark(colour, 0.1)}"/>` +
  Array.from({ length: 14 }, () => `<path d="M${r1((rand() - 0.5) * r * 1.4)} ${r1((rand() - 0.5) * r * 1.4)}q6 -10 12 0t12 0t12 0" fill="none" stroke="${light(colour, 0.2)}" stroke-width="2.4" stroke-linecap="round"/>`).join('');

/** Soaked noodles in a loose heap: curly translucent strands in an ellipse (rx, ry) on the shelf. */
function tangle(rand, rx, ry, colour) {
  let d = '';
  for (let i = 0; i < 22; i++) {
    const [x, y] = [(rand() - 0.5) * rx * 1.6, 100 - ry + rand() * ry * 0.9];
    d += `M${r1(x)} ${r1(y)}q${r1(8 + rand() * 10)} ${r1(-10 - rand() * 8)} ${r1(20 + rand() * 10)} 0t${r1(20 + rand() * 10)} 0`;
  }
  return shadow(rx, 6, 4, 100) + `<path d="${d}" fill="none" stroke="${colour}" stroke-width="3" stroke-linecap="round" opacity=".85"/><path d="${d}" fill="none" stroke="#ffffff" stroke-width="1" stroke-linecap="round" opacity=".7"/>`;
}

/** A bottle or jar (`draw`) moved to the left, with `prop` (what it is made of) in front on its right. */
const beside = (draw, prop, k = 1) => (P, rand) => at(-30, 0, 0, 1, draw(P, rand)) + at(58, 86, 0, k, prop(P, rand));

/** Draws `draw` `k` times larger, its bottom staying on the shelf (y = 100). */
const grow = (k, draw) => (P, rand) => at(0, 100 * (1 - k), 0, k, draw(P, rand));

/** A bowl on the shelf holding `inside` (drawn around its rim at y = 40). */
const bowl = (P, inside, colour = '#ffffff') => shadow(88, 7, 6, 102) + `<ellipse cy="40" rx="90" ry="20" fill="${dark(colour, 0.12)}"/>` + inside +
  `<path d="M-90 40Q-84 100 0 100Q84 100 90 40Q0 66 -90 40Z" fill="${P.linear(colour, dark(colour, 0.1))}"/><path d="M-70 80Q0 96 70 80" fill="none" stroke="#3a6ea5" stroke-width="3" opacity=".5"/>`;

export const PANTRY = {
  'Thai Fragrant Rice': (P, rand) => at(-10, 0, 0, 1, sack(P, rand, { w: 150, h: 170, cloth: '#f1e7cf', band: '#3e7d4a', grain: '#f8f3e6' })) + at(72, 34, 12, 0.8, riceStalk(P)),
  'Local White Rice': (P, rand) => sack(P, rand, { w: 176, h: 190, cloth: '#e9dcc0', band: '#b3332a', grain: '#fbf8f0' }) + at(36, 80, -8, 0.75, scoop(P)),
  'Glutinous Rice': grow(1.5, (P, rand) => bowl(P, `<ellipse cy="40" rx="84" ry="16" fill="${P.radial('#ffffff', '#e7e2d6')}"/>` + Array.from({ length: 40 }, () => `<ellipse cx="${r1((rand() - 0.5) * 150)}" cy="${r1(34 + rand() * 12)}" rx="3.5" ry="2" fill="#fdfcf8" stroke="#ddd6c6" stroke-width=".6"/>`).join(''), '#3f5f8a')),
  'Rice Vermicelli': grow(1.5, (P, rand) => [10, 58].map((y) => at(0, y, 0, 1, strands(P, rand, { n: 30, w: 170, h: 40, colour: '#f8f5ee', width: 1.6, tie: '#d8362a', cy: 20 }))).join('')),
  'Dried Wantan Mee': grow(1.5, (P, rand) => pile(rand, 4, { rx: 44, ry: 30, gap: 56, cy: 40 }, () => nest(P, rand, 32, '#e8c25a'), 0)),
  'Dried Kuey Teow': grow(1.5, (P, rand) => strands(P, rand, { n: 10, w: 180, h: 120, colour: '#fbf8f0', width: 9, wavy: 6, cy: 30 })),
  'Mee Sua': grow(1.5, (P, rand) => [-40, 0, 40].map((x, i) => at(x, 30 + (i % 2) * 10, 90, 1, strands(P, rand, { n: 26, w: 130, h: 30, colour: '#fffdf6', width: 1, tie: '#c0262a', cy: 0 }))).join('')),
  'Sarawak Kolo Mee': grow(1.5, (P, rand) => [[-56, 30], [0, 40], [56, 30], [-28, -12], [28, -12]].map(([x, y]) => at(x, y, 0, 1, nest(P, rand, 26, '#f0d070'))).join('')),
  'Glass Noodles': grow(1.5, (P, rand) => at(0, 2, 0, 1, strands(P, rand, { n: 24, w: 160, h: 44, colour: '#e6eef0', width: 1.8, wavy: 3, tie: '#6a8ac0', cy: 10 })) + tangle(rand, 70, 34, '#cfdce2')),

  'Light Soy Sauce': beside((P) => bottle(P, { w: 84, h: 200, liquid: '#7a3a14', cap: '#c8262a', glass: '#e0a060' }), (P, rand) => shadow(34, 5, 0, 10) + soybeans(P, rand, 10, 30, 8)),
  'Dark Soy Sauce': beside((P) => bottle(P, { w: 80, h: 196, liquid: '#1e0e08', cap: '#e6b82a' }), (P) => saucer(P, '#1e0e08')),
  'Oyster Sauce': beside((P) => bottle(P, { w: 118, h: 160, neck: 24, neckH: 20, shoulder: 26, liquid: '#3a2218', cap: '#1f6a3a' }), (P) => oyster(P)),
  'Pure Sesame Oil': beside((P) => bottle(P, { w: 70, h: 184, neck: 11, neckH: 44, liquid: '#b8741e', cap: '#2a2a2a', glass: '#f0c060' }), (P, rand) => shadow(36, 6, 0, 8) + `<ellipse cy="2" rx="34" ry="9" fill="#e8d6a8"/>` + seeds(rand, 40, 32, 8)),
  'Chilli Sauce': beside((P) => bottle(P, { w: 88, h: 176, neck: 13, neckH: 18, shoulder: 30, liquid: '#c8241a', cap: '#f4f0e8' }), (P) => at(-4, 0, -10, 1, chilli(P))),
  'Sambal Belacan': (P, rand) => jar(P, rand, { w: 140, fill: '#8e2414', lid: '#e6b82a', h: 130 }),
  'Bak Kut Teh Herb Pack': (P, rand) => shadow(90, 8, 4, 96) + pile(rand, 12, { rx: 76, ry: 40, gap: 24, cy: 50 }, (i) => [
    `<ellipse rx="16" ry="10" fill="#e8d8b0" stroke="#b89a62" stroke-width="2"/>`,
    `<path d="M0 -14L4 -4L14 0L4 4L0 14L-4 4L-14 0L-4 -4Z" fill="#6e331a"/>`,
    `<rect x="-24" y="-5" width="48" height="10" rx="5" fill="#9a5a2a"/>`,
    `<ellipse rx="8" ry="11" fill="#f2eadc"/>`,
  ][i % 4]),
  'Five Spice Powder': (P, rand) => shadow(88, 8, 4, 96) + `<path d="M-90 96Q-60 10 0 0Q60 10 90 96Z" fill="${P.radial('#b07a48', '#7a4a22', 0.5, 0.2, 0.9)}"/>` + specks(rand, 40, 60, 30, '#5a3216', 2, 0, 60) +
    at(60, -20, 20, 1, `<path d="M0 -18L5 -5L18 0L5 5L0 18L-5 5L-18 0L-5 -5Z" fill="#6e331a"/>`) + at(-64, -10, 0, 1, `<rect x="-26" y="-6" width="52" height="12" rx="6" fill="#9a5a2a"/>`),
  'Shaoxing Cooking Wine': (P) => shadow(60, 7, 6, 102) + `<path d="M-58 100Q-70 20 -40 -20Q-30 -34 -18 -40V-70H18V-40Q30 -34 40 -20Q70 20 58 100Z" fill="${P.radial('#a86a3a', '#4a2410', 0.35, 0.4, 0.8)}"/>` +
    `<path d="M-22 -78Q0 -96 22 -78V-66H-22Z" fill="#c8262a"/><path d="M-18 -70H18" stroke="#e6b82a" stroke-width="3"/>` + gloss('M-40 0Q-48 40 -40 80', 6, 0.3),
  'Red Fermented Bean Curd': (P, rand) => jar(P, rand, { w: 120, h: 150, fill: '#e9d9c2', lid: '#b3262c', pieces: [[-20, 10], [20, 10], [-20, 50], [20, 50]].map(([x, y]) => `<rect x="${x - 17}" y="${y - 17}" width="34" height="34" rx="5" fill="${P.radial('#e0503a', '#8e1a12')}"/>`).join('') }),
};

