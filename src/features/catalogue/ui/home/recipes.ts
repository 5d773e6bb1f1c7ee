/**
 * The home page's recipe media (coverage.md §1 content: recipe videos and images; §2 Home: six recipe
 * videos and eight recipe images as slideshows). The files are local, drawn and encoded by
 * scripts/make-recipe-media.mjs:
 *   videos  public/media/recipes/{slug}.webm (VP9) and .mp4 (H.264), 640×360, silent, 6 s,
 *           poster public/media/recipes/{slug}-poster.webp;
 *   images  public/images/recipes/{slug}.svg, 800×600.
 * Titles and one-line descriptions are messages `recipe_{key}_title` / `recipe_{key}_desc`
 * (EN, ZH, AR). `line` is the product line whose ingredients the recipe uses ("Shop ingredients").
 *
 * Type-only imports and no path aliases: plain Node (type stripping) imports this file from the script.
 */
import type { MessageKey } from '../../../../i18n/messages';

export type Recipe = {
  /** File name stem, e.g. 'braised-pork-belly'. */
  slug: string;
  /** Message key stem, e.g. 'braised_pork_belly' for recipe_braised_pork_belly_title. */
  key: string;
  /** Product line code of the main ingredient. */
  line: string;
};

/** Width and height of the recipe videos and their posters, in px (16:9). */
export const RECIPE_VIDEO_SIZE = { width: 640, height: 360 } as const;
/** Width and height of the recipe images, in px (4:3). */
export const RECIPE_IMAGE_SIZE = { width: 800, height: 600 } as const;

const recipe = (slug: string, line: string): Recipe => ({ slug, key: slug.replace(/-/g, '_'), line });

/** The six recipe videos, in slideshow order. */
export const RECIPE_VIDEOS: readonly Recipe[] = [
  recipe('braised-pork-belly', 'PORK-CUTS'),
  recipe('bak-kut-teh', 'PORK-RIBS'),
  recipe('pan-fried-dumplings', 'DUMPLINGS'),
  recipe('sambal-anchovies', 'ANCHOVY'),
  recipe('steamed-fish-ginger', 'FISH'),
  recipe('mushroom-chicken-rice', 'MUSHROOMS'),
];

/** The eight recipe images, in slideshow order. */
export const RECIPE_IMAGES: readonly Recipe[] = [
  recipe('honey-char-siu', 'MARINATED'),
  recipe('sweet-sour-pork', 'PORK-CUTS'),
  recipe('lap-cheong-claypot-rice', 'SAUSAGE'),
  recipe('fishball-noodle-soup', 'BALLS'),
  recipe('sambal-prawns', 'PRAWNS'),
  recipe('lotus-root-rib-soup', 'PORK-RIBS'),
  recipe('steamed-minced-pork', 'PORK-MINCE'),
  recipe('dried-chilli-squid', 'SQUID'),
];

/** The message keys of a recipe's title and description. */
export function recipeMessages(r: Recipe): { title: MessageKey; desc: MessageKey } {
  return { title: `recipe_${r.key}_title` as MessageKey, desc: `recipe_${r.key}_desc` as MessageKey };
}

/** Public URLs of a recipe video's files. */
export function recipeVideo(r: Recipe): { webm: string; mp4: string; poster: string } {
  const base = `/media/recipes/${r.slug}`;
  return { webm: `${base}.webm`, mp4: `${base}.mp4`, poster: `${base}-poster.webp` };
}

/** Public URL of a recipe image. */
export function recipeImage(r: Recipe): string {
  return `/images/recipes/${r.slug}.svg`;
}
