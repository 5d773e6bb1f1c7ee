/**
 * Text-free site pictures of scripts/make-images.mjs: header banners (1600×500), promotion banners
 * (800×400), product line icons (200×200), voucher cards (400×200) and the placeholder (600×600).
 * Banner texts are HTML laid over these pictures (coverage.md §3 Header banner `alt`, Promotion banner
 * name), so each banner keeps its start side (left; mirrored by CSS in Arabic) calm and dark enough
 * for white text, and puts its food on the end side.
 */
import { drawingOf, svgDoc } from './index.mjs';
import { at, dark, light, Paint, seeded, specks } from './paint.mjs';

/** A dish of foods (English product names) on a round plate at (x, y), radius r. */
function platter(P, rand, foods, x, y, r, plate = '#ffffff') {
  const spots = foods.length === 1 ? [[0, 0, 1]] : foods.length === 2 ? [[-0.36, -0.1, 0.62], [0.36, 0.14, 0.62]] : [[-0.38, -0.22, 0.55], [0.38, -0.2, 0.55], [0, 0.34, 0.55]];
  return `<circle cx="${x + 14}" cy="${y + 20}" r="${r}" fill="#000" opacity=".22"/><circle cx="${x}" cy="${y}" r="${r}" fill="${P.radial(plate, dark(plate, 0.1), 0.4, 0.35, 0.75)}"/>` +
    `<circle cx="${x}" cy="${y}" r="${r * 0.8}" fill="none" stroke="${dark(plate, 0.08)}" stroke-width="3"/>` +
    foods.map((en, i) => at(x + spots[i][0] * r, y + spots[i][1] * r, 0, (r / 100) * spots[i][2] * 0.95, drawingOf(en)(P, rand))).join('');
}

/** Soft dots of the accent colour, a quiet pattern for the banner's text side. */
const dots = (rand, w, h, colour) => specks(rand, 40, w * 0.5, h * 0.5, colour, 6, w * 0.4, h * 0.5, 0.12);

/** Header banner: the group's colour, foods on a plate at the end side, a darker start side for HTML text. */
export function headerBanner(b, key) {
  const P = new Paint();
  const rand = seeded(key);
  return svgDoc(1600, 500, P,
    `<rect width="1600" height="500" fill="${P.linear(dark(b.bg, 0.35), light(b.bg, 0.05), false)}"/>` + dots(rand, 1600, 500, b.accent) +
    `<circle cx="1230" cy="250" r="330" fill="${b.accent}" opacity=".16"/>` + platter(P, rand, b.foods, 1230, 250, 215) +
    at(960, 420, -20, 1, `<path d="M-60 0Q0 -24 60 0Q0 24 -60 0Z" fill="#5f9e3f"/><path d="M-54 0H54" stroke="#3f7a2a" stroke-width="2"/>`) +
    at(1500, 80, 30, 1, `<path d="M0 -26L7 -7L26 0L7 7L0 26L-7 7L-26 0L-7 -7Z" fill="${dark(b.accent, 0.5)}" opacity=".8"/>`));
}

/** Promotion banner: foods on a plate at the end side over the banner colour, calm start side. */
export function promoBanner(b, key) {
  const P = new Paint();
  const rand = seeded(key);
  return svgDoc(800, 400, P,
    `<rect width="800" height="400" fill="${P.linear(dark(b.bg, 0.3), b.bg, false)}"/>` + dots(rand, 800, 400, b.accent) +
    `<circle cx="590" cy="210" r="190" fill="${b.accent}" opacity=".9"/>` + platter(P, rand, b.foods, 590, 210, 150));
}

/** Line icon: the line's first product on a disc of the line's colour. */
export function lineIcon(line, en, key) {
  const P = new Paint();
  return svgDoc(200, 200, P, `<circle cx="100" cy="100" r="96" fill="${line.bg}"/><circle cx="100" cy="100" r="80" fill="#fff" opacity=".6"/>` + at(100, 100, 0, 0.72, drawingOf(en)(P, seeded(key))));
}

/** Voucher card: a ticket in the voucher's colour with a gift (larger for more off), a cake or a per cent sign; the value is HTML. */
export function voucherCard(v) {
  const P = new Paint();
  const c = v.isBirthday ? '#d81b60' : v.vcAmount.endsWith('%') ? '#1565c0' : '#c62828';
  const emblem = v.isBirthday
    ? `<rect x="-46" y="-4" width="92" height="54" rx="8" fill="#fff"/><rect x="-46" y="12" width="92" height="10" fill="${c}" opacity=".35"/><path d="M-24 -4V-28M0 -4V-28M24 -4V-28" stroke="#fff" stroke-width="6"/><circle cx="-24" cy="-36" r="6" fill="#ffd54f"/><circle cy="-36" r="6" fill="#ffd54f"/><circle cx="24" cy="-36" r="6" fill="#ffd54f"/>`
    : v.vcAmount.endsWith('%')
      ? `<circle cx="-26" cy="-26" r="16" fill="none" stroke="#fff" stroke-width="10"/><circle cx="26" cy="26" r="16" fill="none" stroke="#fff" stroke-width="10"/><path d="M34 -40L-34 40" stroke="#fff" stroke-width="11" stroke-linecap="round"/>`
      : `<rect x="-50" y="-20" width="100" height="64" rx="8" fill="#fff"/><rect x="-56" y="-38" width="112" height="24" rx="6" fill="#fff"/><path d="M0 -38V44" stroke="${c}" stroke-width="12" opacity=".45"/><path d="M0 -38C-30 -70 -50 -44 0 -38C50 -44 30 -70 0 -38Z" fill="none" stroke="#fff" stroke-width="7"/>`;
  // A larger gift for a larger amount off (RM 5 → 0.98, RM 10 → 1.1, at most 1.25).
  const size = v.isBirthday || v.vcAmount.endsWith('%') ? 1 : Math.min(1.25, 0.85 + Number(v.vcAmount) / 40);
  return svgDoc(400, 200, P,
    `<mask id="m"><rect width="400" height="200" rx="18" fill="#fff"/><circle cx="290" cy="0" r="16"/><circle cx="290" cy="200" r="16"/></mask>` +
    `<rect width="400" height="200" rx="18" fill="${P.linear(light(c, 0.12), dark(c, 0.2), false)}" mask="url(#m)"/>` +
    `<path d="M290 24V176" stroke="#fff" stroke-width="3" stroke-dasharray="8 8" opacity=".7"/>` + at(145, 104, 0, size, emblem) +
    at(345, 100, 0, 1, `<circle r="26" fill="#fff" opacity=".92"/><path d="M-8 -12q14 -4 16 10q-14 4 -16 -10Z" fill="#8bc34a"/><circle cy="6" r="8" fill="${c}"/>`));
}

/** The placeholder for a product without pictures: a grey frame with a mountain and sun. */
export function placeholder() {
  const P = new Paint();
  return svgDoc(600, 600, P, `<rect width="600" height="600" fill="#f2f3f5"/><rect x="200" y="200" width="200" height="160" rx="18" fill="none" stroke="#c3c8cf" stroke-width="10"/>` +
    `<circle cx="256" cy="250" r="18" fill="#c3c8cf"/><path d="M214 346L280 278L322 320L348 296L386 346Z" fill="#c3c8cf"/>`);
}
