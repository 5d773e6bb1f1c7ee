/**
 * For a component whose form posts to an Action without JavaScript (the server side is
 * src/features/shared/form-action.ts):
 * - `formTarget`: where the form posts: the page it is on, with its language prefix and query kept,
 *   plus the Action's `?_action=` (`action={actions.x.y}` alone is `?_action=x.y`, which drops the
 *   page's own query: a search's keyword, a list's page);
 * - `postedValue`: a field of the form that was posted, so that of the many forms of one Action on
 *   a page (a card grid) only the one that was used shows the failure.
 */
import type { AstroGlobal } from 'astro';
import { href } from '../../domain/paths';
import { splitLocale } from '../../i18n/messages';

/** '/ar/search-products?keyword=pork&_action=cart.add' for `actions.cart.add` on that page. */
export function formTarget(astro: Pick<AstroGlobal, 'url' | 'locals'>, action: { queryString: string }): string {
  const query = new URLSearchParams(astro.url.search);
  for (const [k, v] of new URLSearchParams(action.queryString)) query.set(k, v);
  return `${href(astro.locals.locale, splitLocale(astro.url.pathname).path)}?${query}`;
}

/** The value of field `name` in the request's posted form; null for a GET or a body that is not a form. */
export async function postedValue(astro: Pick<AstroGlobal, 'request'>, name: string): Promise<string | null> {
  if (astro.request.method !== 'POST') return null;
  try {
    const value = (await astro.request.clone().formData()).get(name);
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}
