/**
 * Prawns for every picture that shows one (frozen prawns, prawn balls and wontons, dried shrimp),
 * drawn in the box -100..100 (see paint.mjs). Shapes only: the caller places, turns and scales them
 * with `at`.
 *
 *   prawn(P, opts)        seen from the side, curled into a C of six shell plates with a tail fan;
 *                         whole, it has a head with a rostrum, an eye, legs and long antennae. Head
 *                         at the top left facing left, back arching on the right, tail tucked under
 *                         with its fan pointing left; about 130 × 110 units at len 1 (antennae not
 *                         counted).
 *   friedPrawn(P, rand)   a crumbed, butterflied prawn lying straight, its red tail fan bare; about
 *                         170 × 60 units at len 1, tail to the right.
 *   tailFan(P, at, way)   the five blades of a prawn's tail, opening from `at` towards `way`.
 */
import { dark, light, mix, r1, smooth } from './paint.mjs';

const RAD = Math.PI / 180;
/** Centre and radius of the arc the body's centre line follows (len 1). */
const [CX, CY, R] = [8, 0, 42];
/** Angles (°, y up) along the body: the head's front, the tail's end, the borders of the six plates. */
const FRONT = 114;
const TAIL = -106;
const PLATES = [74, 44, 14, -16, -46, -76, TAIL];

/** Body thickness at angle `deg`: 34 behind the head, 12 at the tail (len 1). */
const thick = (deg) => 12 + ((deg - TAIL) / (FRONT - TAIL)) * 22;
/** A point `d` units from `p` in SVG direction `deg` (0 = right, 90 = down). */
const toward = ([x, y], deg, d) => [r1(x + Math.cos(deg * RAD) * d), r1(y + Math.sin(deg * RAD) * d)];

/**
 * Where the body lies for a prawn of size `len` and `curl` (1: curled into a C; 0.5: nearly straight,
 * head up, tail down, as a raw prawn lies): the same body on a wider arc through fewer degrees.
 *   on(deg, off)         the point at body angle `deg` on the centre line, `off` units towards the back
 *   rim(deg, side, in)   the back (`side` 1) or the belly (-1) at `deg`, `in` units inside the outline
 *   ahead(deg)           the SVG heading of the body at `deg`, towards the head
 */
function frame(len, curl) {
  const radius = R / curl;
  const cx = CX + R - radius;
  const turn = (deg) => (4 + (deg - 4) * curl) * RAD;
  const on = (deg, off = 0) => [r1((cx + Math.cos(turn(deg)) * (radius + off)) * len), r1((CY - Math.sin(turn(deg)) * (radius + off)) * len)];
  return { on, rim: (deg, side, inset = 0) => on(deg, side * (thick(deg) / 2 - inset)), ahead: (deg) => 270 - turn(deg) / RAD };
}
const pt = (p) => p.join(' ');

/** The tail fan: a middle blade and two pairs of side blades opening from `from` towards SVG heading `way`. */
export function tailFan(P, from, way, colour, len = 1) {
  const blade = (turn, l, bw) => {
    const tip = toward(from, way + turn, l * len);
    const side = (s) => toward(toward(from, way + turn, l * len * 0.6), way + turn + 90 * s, bw * len);
    return `M${pt(from)}Q${pt(side(-1))} ${pt(tip)}Q${pt(side(1))} ${pt(from)}Z`;
  };
  const d = [blade(-46, 32, 10), blade(46, 32, 10), blade(-22, 40, 11), blade(22, 40, 11), blade(0, 42, 9)].join('');
  return `<path d="${d}" fill="${P.linear(light(colour, 0.12), dark(colour, 0.25))}" stroke="${dark(colour, 0.32)}" stroke-width="${r1(1.3 * len)}" stroke-linejoin="round"/>`;
}

/**
 * One curled prawn.
 *   shell    body colour (the shell of a whole prawn; the flesh of a peeled one)
 *   tail     tail fan colour (default: `shell` turned redder)
 *   stripes  colour of tiger bands across the plates, or null
 *   whole    head, legs, swimmerets and antennae (false: headless, as peeled prawns and dried shrimp)
 *   peeled   smooth flesh: faint plate borders and a deeper coloured back
 *   raw      the dark vein along the back shows through the shell
 *   len      size (1 ≈ 130 units across)
 *   curl     1 curled into a C (cooked, frozen); 0.5 nearly straight, head up (lay it down with `at`)
 */
export function prawn(P, { shell, tail = null, stripes = null, whole = true, peeled = false, raw = false, len = 1, curl = 1 }) {
  const { on, rim, ahead: heading } = frame(len, curl);
  const edge = dark(shell, peeled ? 0.18 : 0.32);
  const w = (n) => r1(n * len);
  const span = [FRONT - 40, 60, 30, 0, -30, -60, -88, TAIL + 6, TAIL];

  // The abdomen: back and belly outlines from behind the head to the tail (both ends rounded).
  const back = span.map((d) => rim(d, 1));
  const belly = span.map((d) => rim(d, -1)).reverse();
  const nape = whole ? [] : [on(FRONT - 34)];
  const body = `<path d="${smooth([...nape, ...back, on(TAIL - 6), ...belly], true)}" fill="${P.radial(light(shell, peeled ? 0.45 : 0.32), dark(shell, 0.14), 0.55, 0.25, 0.9)}" stroke="${edge}" stroke-width="${w(1.5)}" stroke-linejoin="round"/>`;
  const fan = tailFan(P, on(TAIL), heading(TAIL) + 180, tail ?? mix(shell, '#c8321e', 0.35), len);

  // Plate borders across the body, curving towards the tail; tiger bands; a peeled prawn's back.
  const plates = `<path d="${PLATES.slice(1, -1).map((d) => `M${pt(rim(d + 2, 1, 0.5))}Q${pt(on(d - 5))} ${pt(rim(d, -1, 0.5))}`).join('')}" fill="none" stroke="${edge}" stroke-width="${w(peeled ? 1.6 : 2.2)}" stroke-linecap="round" opacity="${peeled ? 0.45 : 0.85}"/>`;
  const bands = stripes ? `<path d="${PLATES.slice(0, -1).flatMap((d) => [7, 18].map((o) => `M${pt(rim(d - o, 1, 1))}L${pt(rim(d - o - 5, 1, 1))}L${pt(rim(d - o - 7, -1, 1))}L${pt(rim(d - o - 3, -1, 1))}Z`)).join('')}" fill="${stripes}" stroke="${dark(stripes, 0.3)}" stroke-width="${w(0.8)}" opacity=".75"/>` : '';
  // A raw prawn's dark vein along its back, showing through the shell between the plates.
  const vein = raw ? `<path d="${smooth(span.slice(0, -1).map((d) => rim(d, 1, 5.5)))}" fill="none" stroke="${dark(shell, 0.45)}" stroke-width="${w(2)}" stroke-dasharray="${w(6)} ${w(4)}" opacity=".5"/>` : '';
  const ridge = peeled ? `<path d="${smooth(span.slice(0, -1).map((d) => rim(d, 1, 5)))}" fill="none" stroke="${mix(shell, '#d8401e', 0.45)}" stroke-width="${w(8)}" stroke-linecap="round" opacity=".7"/>` : '';
  const shine = `<path d="${smooth([FRONT - 44, 70, 30, -5].map((d) => rim(d, 1, 5)))}" fill="none" stroke="#fff" stroke-width="${w(3.2)}" stroke-linecap="round" opacity=".55"/>`;
  if (!whole) return fan + body + bands + ridge + vein + plates + shine;

  // Swimmerets under the belly; the head: a carapace, its rostrum spike, an eye, legs and antennae.
  // A small prawn (len under 0.4) leaves out what would not show: swimmerets, legs, the head's groove.
  const small = len < 0.4;
  const swimmerets = small ? '' : `<path d="${PLATES.slice(0, -2).map((d) => {
    const base = rim(d - 12, -1, 2);
    return `M${pt(base)}L${pt(toward(base, heading(d - 12) - 65, 11 * len))}`;
  }).join('')}" stroke="${edge}" stroke-width="${w(2.2)}" stroke-linecap="round"/>`;
  const ahead = heading(FRONT); // SVG heading out of the head's front
  const nose = toward(on(FRONT), ahead, 10 * len);
  const top = rim(FRONT, 1, 2);
  const chin = rim(FRONT, -1, 2);
  const carapace = smooth([rim(FRONT - 44, 1, -1), rim(FRONT - 20, 1, -1.5), top, toward(top, ahead, 9 * len), nose, toward(chin, ahead, 6 * len), chin, rim(FRONT - 20, -1, -1.5), rim(FRONT - 44, -1, -1)], true);
  const base = toward(top, ahead, 7 * len);
  const rostrum = `M${pt(base)}L${pt(toward(base, ahead + 36, 40 * len))}L${pt(toward(base, ahead + 100, 7 * len))}Z`;
  const eye = toward(on(FRONT - 4, 5), ahead, 8 * len);
  const legs = [0, 1, 2, 3].map((i) => `M${pt(rim(FRONT - 8 - i * 9, -1, 3))}q${w(-8)} ${w(10)} ${w(-8 + i * 2)} ${w(24)}`).join('');
  const from = toward(nose, ahead, 2 * len);
  const feelers = `M${pt(from)}C${pt(toward(from, ahead + 15, 45 * len))} ${pt(toward(from, ahead + 75, 95 * len))} ${pt(toward(from, ahead + 118, 110 * len))}` +
    `M${pt(from)}C${pt(toward(from, ahead + 35, 60 * len))} ${pt(toward(from, ahead + 80, 80 * len))} ${pt(toward(from, ahead + 100, 75 * len))}` +
    `M${pt(from)}q${pt(toward([0, 0], ahead + 10, 20 * len))} ${pt(toward([0, 0], ahead + 40, 32 * len))}`;
  const head = `<path d="${feelers}" fill="none" stroke="${dark(shell, 0.4)}" stroke-width="${w(1.8)}" stroke-linecap="round"/>` +
    (small ? '' : `<path d="${legs}" fill="none" stroke="${dark(shell, 0.22)}" stroke-width="${w(2.6)}" stroke-linecap="round"/>`) +
    `<path d="${rostrum}" fill="${dark(shell, 0.12)}" stroke="${edge}" stroke-width="${w(1)}" stroke-linejoin="round"/>` +
    `<path d="${carapace}" fill="${P.radial(light(shell, 0.28), dark(shell, 0.18), 0.4, 0.3, 0.85)}" stroke="${edge}" stroke-width="${w(1.5)}"/>` +
    (small ? '' : `<path d="M${pt(rim(FRONT - 36, 1, 4))}Q${pt(on(FRONT - 18, 2))} ${pt(rim(FRONT - 10, -1, 6))}" fill="none" stroke="${edge}" stroke-width="${w(1.4)}" opacity=".6"/>`) +
    `<circle cx="${eye[0]}" cy="${eye[1]}" r="${w(4)}" fill="#1a1414"/><circle cx="${r1(eye[0] - len)}" cy="${r1(eye[1] - 1.2 * len)}" r="${w(1.2)}" fill="#fff"/>`;
  return swimmerets + fan + body + bands + vein + plates + shine + head;
}

/**
 * A crumbed, butterflied prawn lying straight (tail to the right): a golden body with a bumpy
 * crumb outline and crumbs on top, its red tail fan bare. `coat` is the crumb colour.
 */
export function friedPrawn(P, rand, { coat = '#e3a544', tail = '#e0502a', len = 1 }) {
  const pts = [];
  // Wide where it is opened flat (left), narrowing to the tail; the crumbs make the outline bumpy.
  const half = (i) => 24 - i * 1.3 + (rand() - 0.5) * 4;
  for (let i = 0; i <= 12; i++) pts.push([-76 + i * 11, -half(i) - 2]);
  for (let i = 12; i >= 0; i--) pts.push([-76 + i * 11, half(i) - 2]);
  pts.push([-90, -2]);
  const outline = smooth(pts.map(([x, y]) => [x * len, y * len]), true);
  let crumbs = '';
  for (let i = 0; i < 46; i++) crumbs += `M${r1((-76 + rand() * 132) * len)} ${r1((-16 + rand() * 26) * len)}h.1`;
  return tailFan(P, [r1(54 * len), r1(-2 * len)], 0, tail, 0.8 * len) +
    `<path d="${outline}" fill="${P.radial(light(coat, 0.3), dark(coat, 0.25), 0.4, 0.3, 0.85)}" stroke="${dark(coat, 0.3)}" stroke-width="${r1(1.5 * len)}"/>` +
    `<path d="${crumbs}" stroke="${dark(coat, 0.25)}" stroke-width="${r1(5 * len)}" stroke-linecap="round" opacity=".55"/>` +
    `<path d="${crumbs.replace(/M(-?[\d.]+) (-?[\d.]+)/g, (m, x, y) => `M${r1(+x + 3 * len)} ${r1(+y - 3 * len)}`)}" stroke="${light(coat, 0.5)}" stroke-width="${r1(3 * len)}" stroke-linecap="round" opacity=".7"/>` +
    `<path d="M${r1(-64 * len)} ${r1(-16 * len)}Q${r1(-10 * len)} ${r1(-28 * len)} ${r1(40 * len)} ${r1(-18 * len)}" fill="none" stroke="#fff" stroke-width="${r1(3 * len)}" stroke-linecap="round" opacity=".35"/>`;
}
