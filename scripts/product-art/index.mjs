/**
 * The product pictures of scripts/make-images.mjs: one drawing per product, keyed by its English
 * name (the catalogue's product rows stay untouched), placed in its group's setting for each view
 * of its gallery. No text, names, weights or prices are drawn: those are HTML on the page.
 *
 *   productPicture(en, group, view, key) → SVG string, 600×600 px
 *
 * `view` is the picture's 1-based place in the gallery (see scenes.mjs); `key` seeds the arrangement
 * (the product code and view, so two products never share a layout). Throws when `en` has no drawing.
 */
import { DRIED } from './dried.mjs';
import { FROZEN } from './frozen.mjs';
import { Paint, seeded } from './paint.mjs';
import { PANTRY } from './pantry.mjs';
import { PORK } from './pork.mjs';
import { compose, SIZE } from './scenes.mjs';
import { SEAFOOD } from './seafood.mjs';

/** Every drawing by English product name. */
export const DRAWINGS = { ...PORK, ...FROZEN, ...SEAFOOD, ...DRIED, ...PANTRY };

/** The drawing of a product, `(P, rand) => svg` in the box -100..100; throws for an unknown name. */
export function drawingOf(en) {
  const draw = DRAWINGS[en];
  if (!draw) throw new Error(`No drawing for product "${en}": add one in scripts/product-art/`);
  return draw;
}

/** An SVG document of `w`×`h` px with the gradients of `P` and `body`. */
export const svgDoc = (w, h, P, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${P.defs()}${body}</svg>\n`;

/** A product picture (600×600 SVG) of product `en` in group `group`, gallery view `view`. */
export function productPicture(en, group, view, key) {
  const P = new Paint();
  const body = `<g data-food="${view}">${compose(P, seeded(key), group, view, drawingOf(en))}</g>`;
  return svgDoc(SIZE, SIZE, P, body);
}
