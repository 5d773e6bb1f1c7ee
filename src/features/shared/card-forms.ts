/**
 * The product cards' two forms (issue "HTML diet"): a page holds up to 40 cards, so instead of a
 * favourite form and an add-to-cart form in each card, the page has one of each (CardForms.astro,
 * in BaseLayout) and every card's button names it with `form="…"` and carries the product as its
 * own `name="product_code" value="P0011"`. Without JavaScript the button posts that shared form to
 * the Action like the per-card form did; with it, the card scripts read the button from the submit
 * event's `submitter`.
 */

/** Id of the page's favourite form of the cards (`favourites.toggle`). */
export const CARD_FAVOURITE_FORM = 'card-fav';
/** Id of the page's add-to-cart form of the cards (`cart.add`). */
export const CARD_CART_FORM = 'card-cart';

/** The product's name as its card shows it (browser side): the card's heading, '' outside a card. */
export function cardProductName(element: Element): string {
  return element.closest('[data-product-card]')?.querySelector('h3')?.textContent?.trim() ?? '';
}

/**
 * The form data of a post from a card: the shared form's fields plus the card button's
 * `product_code`, and `extra` fields (e.g. the favourite's `op`) over them.
 */
export function cardFormData(form: HTMLFormElement, button: HTMLButtonElement, extra: Record<string, string> = {}): FormData {
  const data = new FormData(form);
  data.set(button.name, button.value);
  for (const [k, v] of Object.entries(extra)) data.set(k, v);
  return data;
}
