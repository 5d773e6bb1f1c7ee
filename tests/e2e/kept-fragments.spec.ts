/**
 * Parts of pages rendered once and reused (src/components/CachedFragment.astro, ADR 47): the header,
 * footer, icon sprite and product cards come from memory after their first render, yet each page
 * still carries what is its own: language links to itself, its search text, the cards' script
 * once, and the same card on every page that shows that product in that language.
 */
import { expect, test } from './test';

/** The parts of the page at `path` these tests read. */
async function parts(request: import('@playwright/test').APIRequestContext, path: string) {
  const res = await request.get(path);
  expect(res.status()).toBe(200);
  const html = await res.text();
  const langLinks = Object.fromEntries([...html.matchAll(/<a href="([^"]*)" lang="(en|zh|ar)"/g)].map((m) => [m[2], m[1].replaceAll('&amp;', '&')]));
  const searchValue = /<input id="site-search"[^>]*value="([^"]*)"/.exec(html)?.[1] ?? /<input id="site-search"[^>]*>/.exec(html)?.[0];
  const cards = Object.fromEntries([...html.matchAll(/<article class="pcard" data-product-card="([^"]+)">[\s\S]*?<\/article>/g)].map((m) => [m[1], m[0]]));
  return { html, langLinks, searchValue, cards };
}

test('the reused header links each page to itself in every language and shows its own search text', async ({ request }) => {
  // The same header (Chinese, its categories and hours) serves all three pages.
  const product = await parts(request, '/zh/product/P0002');
  const category = await parts(request, '/zh/category/PORK-CUTS?sort=latest');
  const search = await parts(request, '/zh/search-products?keyword=pork');
  expect(product.langLinks).toEqual({ en: '/product/P0002', zh: '/zh/product/P0002', ar: '/ar/product/P0002' });
  expect(category.langLinks).toEqual({ en: '/category/PORK-CUTS?sort=latest', zh: '/zh/category/PORK-CUTS?sort=latest', ar: '/ar/category/PORK-CUTS?sort=latest' });
  expect(search.langLinks.ar).toBe('/ar/search-products?keyword=pork');
  expect(search.searchValue).toBe('pork');
  expect(product.searchValue).not.toContain('pork');
  // Suggestions everywhere but on the search page itself.
  expect(product.html).toContain('role="combobox"');
  expect(search.html).not.toContain('role="combobox"');
  for (const page of [product, category, search]) {
    expect(page.html.match(/<header /g)).toHaveLength(1);
    expect(page.html.match(/<footer /g)).toHaveLength(1);
    expect(page.html).toMatch(/^<!DOCTYPE html>/i);
    expect(page.html).not.toContain('fragment-hole');
  }
});

test('a product shows the same card on every page of its language, and each page loads the cards’ script once', async ({ request }) => {
  const first = await parts(request, '/ar/category/PORK-CUTS');
  const again = await parts(request, '/ar/category/PORK-CUTS?sort=price_high');
  const english = await parts(request, '/category/PORK-CUTS?sort=price_high');
  const codes = Object.keys(first.cards);
  expect(codes.length).toBeGreaterThan(3);
  // The same card, but for its picture's loading, eager for the first four of a list (the first screen).
  const lazy = (card: string | undefined) => card?.replace(' loading="eager"', ' loading="lazy"');
  for (const code of codes) expect(lazy(again.cards[code]), code).toBe(lazy(first.cards[code]));
  for (const page of [first, again]) expect(Object.values(page.cards).map((card) => card.includes('loading="eager"'))).toEqual(codes.map((_, i) => i < 4));
  // Another language is another card.
  expect(english.cards[codes[0]!]).not.toBe(first.cards[codes[0]!]);
  expect(english.cards[codes[0]!]).toContain('Add to cart');
  for (const page of [first, again, english]) {
    expect(page.html.match(/CardScripts\.astro_astro_type_script[^"]*\.js/g)).toHaveLength(1);
    // The script comes before the first card, which needs it.
    expect(page.html.indexOf('CardScripts.astro_astro_type_script')).toBeLessThan(page.html.indexOf('data-product-card'));
  }
});
