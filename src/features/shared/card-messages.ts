/**
 * The product card's texts that name the product (issue "Fast at the origin" HTML diet): the
 * favourite button's labels and the toasts after adding to favourites or to the cart. A page holds
 * up to 40 cards, so instead of five sentences per card the page's <body> carries each sentence
 * once with the slot NAME_SLOT (`cardMessageAttributes`, in BaseLayout), and the card's scripts
 * fill in the product's name (`namedMessage`). Forms outside cards (product page, quick view) keep
 * their own sentences in their data attributes, which win.
 */
import type { MessageKey, Translate } from '../../i18n/messages';

/** Stands for the product's name in a template: '"{name}" added to cart'. */
export const NAME_SLOT = '{name}';

/** The body's data attribute (camelCase, as in `dataset`) → the message it holds. */
const TEMPLATES = {
  cardFavouriteAdd: 'favourite_add_named',
  cardFavouriteRemove: 'favourite_remove_named',
  cardFavouriteAdded: 'added_to_favourites',
  cardFavouriteRemoved: 'removed_from_favourites',
  cardCartAdded: 'added_to_cart',
} as const satisfies Record<string, MessageKey>;

export type CardMessage = keyof typeof TEMPLATES;

/**
 * The <body> attributes carrying the card sentences in the page's language, e.g.
 * { 'data-card-cart-added': '"{name}" added to cart', … } (server side, BaseLayout).
 */
export function cardMessageAttributes(t: Translate): Record<`data-${string}`, string> {
  const attributes: Record<`data-${string}`, string> = {};
  for (const [key, message] of Object.entries(TEMPLATES)) {
    attributes[`data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`] = t(message, { name: NAME_SLOT });
  }
  return attributes;
}

/**
 * A card sentence with the product's name filled in (browser side): `own` when the form carries
 * its own sentence, else the body's template. Example: ('cardCartAdded', 'Pork Belly') →
 * '"Pork Belly" added to cart'. '' when the page has no such template.
 */
export function namedMessage(key: CardMessage, name: string, own?: string): string {
  if (own !== undefined) return own;
  return (document.body.dataset[key] ?? '').replace(NAME_SLOT, name);
}
