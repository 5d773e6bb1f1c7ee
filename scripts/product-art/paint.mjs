/**
 * Drawing kit for the product pictures (scripts/make-images.mjs): colours, a seeded generator,
 * gradients collected per picture, organic outlines and scattering. Every shape is an SVG string in
 * a box from -100 to 100 around the origin (1 unit = 1 px at scale 1); light comes from the top
 * left, so highlights sit up-left and shadows fall down-right. No text, no fonts, no randomness
 * beyond the seeded generator: the same key gives the same picture on every run.
 */

/** Rounds to one decimal place (keeps the SVG small). */
export const r1 = (n) => Math.round(n * 10) / 10;

/** Mixes two #rrggbb colours; t = 0 gives a, t = 1 gives b. */
export function mix(a, b, t) {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  return `#${pa.map((v, i) => Math.round(v + (pb[i] - v) * t).toString(16).padStart(2, '0')).join('')}`;
}
/** Darker colour (t = share of black). */
export const dark = (c, t = 0.25) => mix(c, '#000000', t);
/** Lighter colour (t = share of white). */
export const light = (c, t = 0.25) => mix(c, '#ffffff', t);

/** A deterministic generator in [0, 1) from a string key: the recipe pictures' own. */
export { seeded } from '../recipe-art/primitives.mjs';

/** Number in [a, b) from a generator. */
export const between = (rand, a, b) => a + rand() * (b - a);

/** Wraps a shape: translate, rotate (degrees), scale (sx, optional sy). */
export const at = (x, y, rot, sx, body, sy = sx) =>
  `<g transform="translate(${r1(x)} ${r1(y)})${rot ? ` rotate(${r1(rot)})` : ''}${sx !== 1 || sy !== 1 ? ` scale(${r1(sx * 100) / 100} ${r1(sy * 100) / 100})` : ''}">${body}</g>`;

/**
 * Gradients of one picture. `radial(a, b)` and `linear(a, b)` return a `url(#id)` paint and keep the
 * definition for `defs()`; the same colours and geometry share one definition.
 */
export class Paint {
  constructor() {
    this.list = new Map();
  }

  #add(key, make) {
    if (!this.list.has(key)) this.list.set(key, make(`g${this.list.size}`));
    return `url(#${this.list.get(key).id})`;
  }

  /** Radial gradient from `a` (light spot at fx, fy in 0..1 of the box) to `b` at the rim. */
  radial(a, b, fx = 0.35, fy = 0.3, r = 0.75) {
    return this.#add(`r${a}${b}${fx}${fy}${r}`, (id) => ({ id, svg: `<radialGradient id="${id}" cx="${fx}" cy="${fy}" r="${r}"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></radialGradient>` }));
  }

  /** Linear gradient from `a` to `b`, top to bottom (vertical) or left to right. */
  linear(a, b, vertical = true, mid = null) {
    return this.#add(`l${a}${b}${vertical}${mid}`, (id) => ({
      id,
      svg: `<linearGradient id="${id}" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}"><stop offset="0" stop-color="${a}"/>${mid ? `<stop offset=".5" stop-color="${mid}"/>` : ''}<stop offset="1" stop-color="${b}"/></linearGradient>`,
    }));
  }

  /** The <defs> element holding every gradient used so far. */
  defs() {
    return this.list.size ? `<defs>${[...this.list.values()].map((g) => g.svg).join('')}</defs>` : '';
  }
}

/**
 * A smooth closed outline through `n` points on an ellipse (rx, ry) whose radius wobbles by up to
 * `wobble` (share of the radius); returns the path data (Catmull-Rom turned into cubic Béziers).
 */
export function blob(rand, rx, ry, wobble = 0.15, n = 9, cx = 0, cy = 0) {
  const pts = Array.from({ length: n }, (_, i) => {
    const a = (i / n) * Math.PI * 2;
    const k = 1 + (rand() * 2 - 1) * wobble;
    return [cx + Math.cos(a) * rx * k, cy + Math.sin(a) * ry * k];
  });
  return smooth(pts, true);
}

/** Path data of a smooth line through points [[x, y]…] (closed when `closed`). */
export function smooth(pts, closed = false) {
  const n = pts.length;
  const p = (i) => (closed ? pts[(i + n) % n] : pts[Math.max(0, Math.min(n - 1, i))]);
  let d = `M${r1(pts[0][0])} ${r1(pts[0][1])}`;
  for (let i = 0; i < (closed ? n : n - 1); i++) {
    const [p0, p1, p2, p3] = [p(i - 1), p(i), p(i + 1), p(i + 2)];
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${r1(c1[0])} ${r1(c1[1])} ${r1(c2[0])} ${r1(c2[1])} ${r1(p2[0])} ${r1(p2[1])}`;
  }
  return closed ? `${d}Z` : d;
}

/**
 * The outline of a tube along the points [[x, y]…] whose width runs from `w0` at the first point to
 * `w1` at the last, both ends rounded: path data for tails, tentacles, chillies and tenderloins.
 */
export function tube(pts, w0, w1) {
  const n = pts.length;
  const sides = [[], []];
  pts.forEach(([x, y], i) => {
    const [px, py] = pts[Math.max(0, i - 1)];
    const [nx, ny] = pts[Math.min(n - 1, i + 1)];
    const len = Math.hypot(nx - px, ny - py) || 1;
    const half = (w0 + (w1 - w0) * (i / (n - 1))) / 2;
    const [ox, oy] = [(-(ny - py) / len) * half, ((nx - px) / len) * half];
    sides[0].push([x + ox, y + oy]);
    sides[1].push([x - ox, y - oy]);
  });
  const cap = (i, dir, half) => {
    const [x, y] = pts[i];
    const [qx, qy] = pts[i + dir];
    const len = Math.hypot(x - qx, y - qy) || 1;
    return [x + ((x - qx) / len) * half * 0.9, y + ((y - qy) / len) * half * 0.9];
  };
  return smooth([cap(0, 1, w0 / 2), ...sides[0], cap(n - 1, -1, w1 / 2), ...sides[1].reverse()], true);
}

/**
 * Up to `count` points inside an ellipse (rx, ry) around (cx, cy), kept `gap` apart where possible,
 * sorted back to front (by y) so nearer pieces overlap farther ones.
 */
export function spread(rand, count, { rx, ry = rx, gap, cx = 0, cy = 0 }) {
  const placed = [];
  for (let tries = 0; placed.length < count && tries < count * 80; tries++) {
    const a = rand() * Math.PI * 2;
    const d = Math.sqrt(rand());
    const q = { x: cx + Math.cos(a) * d * rx, y: cy + Math.sin(a) * d * ry };
    if (tries < count * 70 && placed.some((o) => Math.hypot(o.x - q.x, o.y - q.y) < gap)) continue;
    placed.push(q);
  }
  return placed.sort((a, b) => a.y - b.y);
}

/** `count` copies of `piece(i)` at spread points, each turned by up to ±`turn` degrees and scaled 0.9–1.1. */
export function pile(rand, count, opts, piece, turn = 180) {
  return spread(rand, count, opts)
    .map((q, i) => at(q.x, q.y, (rand() * 2 - 1) * turn, 0.9 + rand() * 0.2, piece(i)))
    .join('');
}

/** A soft contact shadow under a shape (ellipse, dark, translucent). */
export const shadow = (rx, ry, cx = 0, cy = 0, o = 0.18) =>
  `<ellipse cx="${r1(cx + rx * 0.06)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(ry)}" fill="#3a2a1a" opacity="${o}"/>`;

/** A glossy highlight stroke along a short arc (white, translucent). */
export const gloss = (d, w = 4, o = 0.45) => `<path d="${d}" fill="none" stroke="#fff" stroke-width="${w}" stroke-linecap="round" opacity="${o}"/>`;

/** Small specks (pepper, herbs, frost) scattered in an ellipse. */
export function specks(rand, count, rx, ry, colour, size = 1.6, cx = 0, cy = 0, o = 1) {
  let d = '';
  for (let i = 0; i < count; i++) {
    const a = rand() * Math.PI * 2;
    const k = Math.sqrt(rand());
    d += `M${r1(cx + Math.cos(a) * rx * k)} ${r1(cy + Math.sin(a) * ry * k)}h.1`;
  }
  return `<path d="${d}" stroke="${colour}" stroke-width="${size}" stroke-linecap="round"${o < 1 ? ` opacity="${o}"` : ''}/>`;
}
