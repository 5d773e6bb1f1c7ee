/**
 * Flat, top-down food shapes for the recipe pictures and video frames (scripts/make-recipe-media.mjs).
 * Every shape is an SVG string drawn around (0, 0) and placed with `at(x, y, rotationDeg, scale)`;
 * sizes are in px of a dish about 200 px across. Vessels (plate, bowl, claypot) are drawn first,
 * toppings on top. `scatter` places toppings in a circle with a seeded generator, so a picture
 * comes out the same on every run.
 */

const r1 = (n) => Math.round(n * 10) / 10;

/** Wraps a shape: translate, rotate (degrees) and scale. */
export const at = (x, y, rot, scale, body) => `<g transform="translate(${r1(x)} ${r1(y)}) rotate(${r1(rot)}) scale(${r1(scale * 100) / 100})">${body}</g>`;

/** A deterministic generator in [0, 1) from a string (FNV-1a seed, mulberry32 steps). */
export function seeded(key) {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` copies of `shape` spread inside a circle of `radius` around (cx, cy), kept at least
 * `gap` px apart where possible; each turned at random and scaled by 0.85–1.15.
 */
export function scatter(rand, shape, { count, radius, gap, cx = 0, cy = 0, scale = 1 }) {
  const placed = [];
  for (let tries = 0; placed.length < count && tries < count * 60; tries++) {
    const a = rand() * Math.PI * 2;
    const d = Math.sqrt(rand()) * radius;
    const p = { x: cx + Math.cos(a) * d, y: cy + Math.sin(a) * d };
    if (tries < count * 50 && placed.some((q) => Math.hypot(q.x - p.x, q.y - p.y) < gap)) continue;
    placed.push(p);
  }
  return placed.map((p) => at(p.x, p.y, rand() * 360, scale * (0.85 + rand() * 0.3), shape)).join('');
}

// ── Vessels ──────────────────────────────────────────────────────────────────────────────────────

export const plate = (r, fill = '#fbf7ef', rim = '#e9e1d2') =>
  `<circle r="${r + 6}" fill="#000" opacity=".12" cy="6"/><circle r="${r}" fill="${rim}"/><circle r="${r * 0.8}" fill="${fill}"/>`;

export const ovalPlate = (rx, ry, fill = '#f7f3ea', rim = '#ddd4c2') =>
  `<ellipse rx="${rx + 6}" ry="${ry + 6}" cy="6" fill="#000" opacity=".12"/><ellipse rx="${rx}" ry="${ry}" fill="${rim}"/><ellipse rx="${rx - 14}" ry="${ry - 14}" fill="${fill}"/>`;

/** A bowl seen from above: rim, inner wall and the soup or rice inside (`inner`). */
export const bowl = (r, inner, rim = '#f4efe6', band = '#c0392b') =>
  `<circle r="${r + 6}" cy="7" fill="#000" opacity=".14"/><circle r="${r}" fill="${rim}"/><circle r="${r - 4}" fill="none" stroke="${band}" stroke-width="3" stroke-dasharray="10 6"/><circle r="${r * 0.86}" fill="${inner}"/>`;

export const claypot = (r, inner) =>
  `<circle r="${r + 8}" cy="8" fill="#000" opacity=".16"/><rect x="${-r - 26}" y="-10" width="30" height="20" rx="10" fill="#5b3a26"/><rect x="${r - 4}" y="-10" width="30" height="20" rx="10" fill="#5b3a26"/><circle r="${r}" fill="#6d4530"/><circle r="${r * 0.88}" fill="#3e2418"/><circle r="${r * 0.82}" fill="${inner}"/>`;

/** Soup surface ripples and a highlight over a bowl's contents. */
export const ripples = (r, color = '#fff') =>
  `<circle r="${r * 0.55}" fill="none" stroke="${color}" stroke-width="2" opacity=".12"/><ellipse cx="${-r * 0.35}" cy="${-r * 0.4}" rx="${r * 0.22}" ry="${r * 0.08}" transform="rotate(-30)" fill="${color}" opacity=".18"/>`;

// ── Toppings ─────────────────────────────────────────────────────────────────────────────────────

export const porkCube = `<rect x="-12" y="-12" width="24" height="24" rx="5" fill="#6e2d12"/><path d="M-12 -4H12M-12 5H12" stroke="#b8733f" stroke-width="3"/><rect x="-12" y="-12" width="24" height="5" rx="2" fill="#3d1708"/><ellipse cx="-4" cy="-1" rx="5" ry="2" fill="#fff" opacity=".3"/>`;
export const braisedEgg = `<ellipse rx="13" ry="10" fill="#8a5a2b"/><ellipse rx="10" ry="7.5" fill="#fdf6e8"/><circle r="4.8" fill="#f2a922"/>`;
export const egg = `<ellipse rx="13" ry="10" fill="#fffdf8" stroke="#eadfca"/><circle r="5.5" fill="#f5b324"/>`;
export const starAnise = `<path d="${Array.from({ length: 8 }, (_, i) => { const a = (i * Math.PI) / 4; return `M0 0L${r1(Math.cos(a - 0.25) * 4)} ${r1(Math.sin(a - 0.25) * 4)}L${r1(Math.cos(a) * 10)} ${r1(Math.sin(a) * 10)}L${r1(Math.cos(a + 0.25) * 4)} ${r1(Math.sin(a + 0.25) * 4)}Z`; }).join('')}" fill="#6b3b1c"/><circle r="2" fill="#c98a4b"/>`;
export const rib = `<rect x="-20" y="-8" width="40" height="16" rx="8" fill="#9b5a35"/><rect x="-14" y="-5" width="22" height="5" rx="2.5" fill="#b77650" opacity=".8"/><circle cx="21" r="6" fill="#efe3cc"/><circle cx="21" r="2.5" fill="#cbb894"/>`;
export const garlic = `<circle r="11" fill="#f3ead9"/><path d="M0 -11V11M-7 -8Q-3 0 -7 8M7 -8Q3 0 7 8" stroke="#d8c9ad" stroke-width="1.5" fill="none"/><circle r="2" fill="#b8a27e"/>`;
export const tofuPuff = `<rect x="-10" y="-10" width="20" height="20" rx="6" fill="#d99530"/><path d="M-6 -4Q0 -8 6 -3" stroke="#f3c46a" stroke-width="2" fill="none"/>`;
export const shiitake = `<circle r="13" fill="#5a3b22"/><circle r="10" fill="#6e4a2c"/><path d="M-7 -7L7 7M7 -7L-7 7" stroke="#e8d5b5" stroke-width="2.5" stroke-linecap="round"/>`;
export const coriander = `<g fill="#3f9a3a"><circle cx="-4" cy="-3" r="4"/><circle cx="4" cy="-3" r="4"/><circle cy="4" r="4"/></g><path d="M0 2V12" stroke="#6fbf55" stroke-width="1.5"/>`;
export const springOnion = `<g fill="none" stroke="#4caf50" stroke-width="2.2"><circle r="3.2"/><circle cx="9" cy="4" r="3"/><circle cx="-7" cy="6" r="2.8"/></g>`;
export const gingerStrips = `<path d="M-14 -3L12 -6M-12 2L14 0M-10 7L10 5" stroke="#f1cf6d" stroke-width="2.4" stroke-linecap="round"/>`;
export const dumpling = `<path d="M-24 6Q-22 -16 0 -18Q22 -16 24 6Q0 14 -24 6Z" fill="#f4e6c6"/><path d="M-24 6Q0 14 24 6Q0 20 -24 6Z" fill="#b8671f"/><path d="M-12 -14Q-10 -6 -12 0M-4 -17Q-2 -8 -4 0M4 -17Q6 -8 4 0M12 -14Q14 -6 12 0" stroke="#dccaa0" stroke-width="1.6" fill="none"/>`;
export const sauceDish = `<circle r="24" fill="#e9e1d2"/><circle r="18" fill="#3b1f12"/><circle cx="-6" cy="-4" r="2.5" fill="#d0342c"/><circle cx="5" cy="3" r="2" fill="#d0342c"/><circle cx="2" cy="-8" r="2" fill="#4caf50"/>`;
export const anchovy = `<path d="M-10 0Q-2 -3.2 8 -1L11 -3.5V3.5L8 1Q-2 3.2 -10 0Z" fill="#c48a3a"/><circle cx="-7" cy="-0.4" r="0.9" fill="#3a2412"/>`;
export const peanut = `<ellipse cx="-3" rx="4.5" ry="3.6" fill="#d59a5b"/><ellipse cx="3" rx="4.2" ry="3.4" fill="#c98a4b"/>`;
export const cucumber = `<circle r="12" fill="#2f6f34"/><circle r="10" fill="#d9eec1"/><g fill="#b9d99a"><circle cx="-3" cy="-3" r="1.4"/><circle cx="3" cy="-2" r="1.4"/><circle cx="0" cy="3" r="1.4"/></g>`;
export const sambalBlob = (r) => `<path d="M${-r} 0Q${-r} ${-r} 0 ${-r}Q${r * 1.1} ${-r * 0.9} ${r} 0Q${r * 0.9} ${r} 0 ${r}Q${-r * 1.1} ${r * 0.9} ${-r} 0Z" fill="#b5231a"/><path d="M${-r * 0.5} ${-r * 0.3}Q0 ${-r * 0.6} ${r * 0.5} ${-r * 0.2}" stroke="#e0553d" stroke-width="5" fill="none" opacity=".6"/>`;
export const chilli = `<path d="M-16 2Q-2 -10 14 -2" stroke="#d32f2f" stroke-width="6" stroke-linecap="round" fill="none"/><path d="M14 -2L19 -6" stroke="#3f8f3a" stroke-width="3" stroke-linecap="round"/>`;
export const driedChilli = `<path d="M-14 3Q-2 -6 12 -1" stroke="#8e1b12" stroke-width="5.5" stroke-linecap="round" fill="none"/><path d="M12 -1L16 -4" stroke="#6b5a2a" stroke-width="2.5" stroke-linecap="round"/>`;
export const chickenPiece = `<path d="M-13 -6Q-8 -13 4 -11Q14 -8 13 2Q10 12 -2 11Q-14 8 -13 -6Z" fill="#c98443"/><path d="M-6 -6Q2 -9 8 -3" stroke="#e5ad6c" stroke-width="2.5" fill="none"/>`;
export const choySum = `<ellipse cx="-6" rx="16" ry="8" fill="#2f8a3a"/><path d="M-20 0H26" stroke="#bfe3a0" stroke-width="3.5" stroke-linecap="round"/><path d="M-14 -4L-6 0M-8 5L-2 0" stroke="#5fb25a" stroke-width="1.4"/>`;
export const charSiu = `<rect x="-18" y="-9" width="36" height="18" rx="3" fill="#d98a5f"/><rect x="-18" y="-9" width="36" height="18" rx="3" fill="none" stroke="#a3162a" stroke-width="4"/><path d="M-12 -2H10" stroke="#f0b58f" stroke-width="2"/>`;
export const sweetSourChunk = `<path d="M-11 -8Q0 -13 10 -7Q14 3 6 10Q-6 13 -12 4Z" fill="#e27a20"/><ellipse cx="-2" cy="-3" rx="5" ry="2.5" fill="#ffd08a" opacity=".7"/>`;
export const pineapple = `<path d="M-9 -9H9L6 9H-6Z" fill="#f6d23f"/><path d="M-5 -5H5" stroke="#e3b81c" stroke-width="1.5"/>`;
export const pepperPiece = (fill) => `<rect x="-8" y="-8" width="16" height="16" rx="3" fill="${fill}"/><rect x="-5" y="-5" width="6" height="3" rx="1.5" fill="#fff" opacity=".35"/>`;
export const onionArc = `<path d="M-10 4Q0 -10 10 4" stroke="#f3eedb" stroke-width="3.5" fill="none" stroke-linecap="round"/>`;
export const sausageSlice = `<ellipse rx="10" ry="7" fill="#9e1f2b"/><g fill="#f4d7cf"><circle cx="-4" cy="-1" r="1.5"/><circle cx="3" cy="2" r="1.3"/><circle cx="2" cy="-3" r="1.1"/></g>`;
export const riceDome = (r) => `<circle r="${r}" fill="#fbf8f0"/>` + Array.from({ length: 26 }, (_, i) => { const a = i * 2.4; const d = (r - 6) * Math.sqrt((i + 0.5) / 26); return `<ellipse cx="${r1(Math.cos(a) * d)}" cy="${r1(Math.sin(a) * d)}" rx="3" ry="1.5" transform="rotate(${(i * 47) % 180} ${r1(Math.cos(a) * d)} ${r1(Math.sin(a) * d)})" fill="#ebe2cd"/>`; }).join('');
export const noodles = (r, color = '#f1d48b') => `<g fill="none" stroke="${color}" stroke-width="3.2" stroke-linecap="round">${Array.from({ length: 9 }, (_, i) => { const y = -r * 0.6 + (i * r * 1.2) / 8; const w = Math.sqrt(Math.max(0, r * r * 0.5 - y * y)); return `<path d="M${r1(-w)} ${r1(y)}q${r1(w / 3)} -7 ${r1((w * 2) / 3)} 0t${r1((w * 2) / 3)} 0t${r1((w * 2) / 3)} 0"/>`; }).join('')}</g>`;
export const fishball = `<circle r="9" fill="#f2efe6"/><circle cx="-3" cy="-3" r="3" fill="#fff"/><circle r="9" fill="none" stroke="#ddd6c4"/>`;
export const prawn = `<path d="M10 -12A14 14 0 1 0 8 12" fill="none" stroke="#ef6b37" stroke-width="10" stroke-linecap="round"/><path d="M8 12L16 8L14 18Z" fill="#d04e1f"/><circle cx="10" cy="-13" r="1.6" fill="#222"/>`;
export const lotusSlice = `<circle r="15" fill="#eadfc7"/><circle r="15" fill="none" stroke="#cdbb95" stroke-width="1.5"/><g fill="#b9a47b">${Array.from({ length: 7 }, (_, i) => { const a = (i * Math.PI * 2) / 7; return `<circle cx="${r1(Math.cos(a) * 8.5)}" cy="${r1(Math.sin(a) * 8.5)}" r="2.8"/>`; }).join('')}<circle r="3"/></g>`;
export const squidRing = `<circle r="10" fill="none" stroke="#f4ecdc" stroke-width="5"/><circle r="10" fill="none" stroke="#d9c9aa" stroke-width="1" opacity=".7"/>`;
export const goji = `<ellipse rx="3.6" ry="2.2" fill="#d8321f"/>`;
export const sesame = `<ellipse rx="1.6" ry="0.8" fill="#fff8e6"/>`;

/** Wisps of steam rising from a dish; `phase` in [0, 1) moves them up and fades them. */
export function steam(phase, { spread = 90, height = 80, y = 0 } = {}) {
  return [-1, 0, 1]
    .map((k, i) => {
      const p = (phase + i / 3) % 1;
      const dy = y - p * height;
      const opacity = Math.sin(p * Math.PI) * 0.5;
      const x = k * spread * 0.35;
      return `<path d="M${r1(x)} ${r1(dy + 30)}c-12 -10 12 -20 0 -30s12 -20 0 -30" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round" opacity="${r1(opacity * 100) / 100}"/>`;
    })
    .join('');
}
