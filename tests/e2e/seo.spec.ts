/** Search engines and link previews: titles, canonical and hreflang, Open Graph, robots.txt and sitemap.xml. */
import { expect, test } from './test';

test('pages carry title, canonical, hreflang alternates and Open Graph tags', async ({ page }) => {
  await page.goto('/zh/product/P0001');
  await expect(page).toHaveTitle(/ — XS 鲜市$/);
  const head = page.locator('head');
  await expect(head.locator('link[rel=canonical]')).toHaveAttribute('href', /\/zh\/product\/P0001$/);
  await expect(head.locator('link[rel=alternate][hreflang=ar]')).toHaveAttribute('href', /\/ar\/product\/P0001$/);
  await expect(head.locator('link[rel=alternate][hreflang=en]')).toHaveAttribute('href', /\/product\/P0001$/);
  await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', /XS 鲜市/);
  await expect(head.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http/);
  await expect(head.locator('meta[name=description]')).toHaveAttribute('content', /.{20,}/);
});

test('robots.txt closes member pages and names the sitemap; the sitemap lists products in every language', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /account');
  expect(robots).toMatch(/Sitemap: http.*\/sitemap\.xml/);
  const res = await request.get('/sitemap.xml');
  expect(res.headers()['content-type']).toContain('xml');
  const xml = await res.text();
  for (const path of ['/product/P0001', '/zh/product/P0001', '/ar/category/PORK-CUTS']) expect(xml).toContain(`${path}</loc>`);
});

test('product pictures come through the image pipeline as WebP with a srcset', async ({ page, request }) => {
  await page.goto('/category/PORK-CUTS');
  const card = page.locator('[data-product-card]').first();
  // One <img> with its WebP srcset: no <picture>, no AVIF source (ADR 22).
  const img = card.locator('img');
  // At their short addresses: /_p/<file>/<w>x<h>.webp, the card's box (300 px) as src and twice it for dense screens.
  await expect(img).toHaveAttribute('src', /^\/_p\/P\d+-1\.[\w-]+\.svg\/300x300\.webp$/);
  await expect(img).toHaveAttribute('srcset', /^\/_p\/P\d+-1\.[\w-]+\.svg\/600x600\.webp 2x$/);
  await expect(card.locator('picture, source')).toHaveCount(0);
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  const src = new URL(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).pathname;
  expect(src).toMatch(/\.webp$/);
  const webp = await request.get(src);
  expect(webp.headers()['content-type']).toBe('image/webp');
  // The image endpoint's own URL for the same picture is the same file.
  const [, file, w, h] = /^\/_p\/([^/]+)\/(\d+)x(\d+)\.webp$/.exec(src)!;
  const long = await request.get(`/_image?href=${encodeURIComponent(`/_astro/${file}`)}&w=${w}&h=${h}&f=webp`);
  expect((await long.body()).equals(await webp.body())).toBe(true);
  // Only the sizes and formats the pages use are made (ADR 22): an AVIF or another width is refused.
  expect((await request.get(src.replace(/\.webp$/, '.avif'))).status()).toBe(400);
  expect((await request.get(src.replace(/\/\d+x\d+\./, '/4000x4000.'))).status()).toBe(400);
  expect((await request.get('/_p/..%2F..%2Fetc%2Fpasswd/300x300.webp')).status()).toBe(404);
  // The API's picture paths still work for plain <img> tags (islands, apps).
  const legacy = await request.get('/images/products/P0001-1.svg', { maxRedirects: 0 });
  expect(legacy.status()).toBe(301);
  expect(legacy.headers().location).toMatch(/^\/_astro\/P0001-1\..+\.svg$/);
});

test('every picture the main pages name is offered, link previews included', async ({ request }) => {
  const pages = ['/', '/ar/', '/product/P0001', '/category/PORK-CUTS', '/quick-view/P0001', '/promotion/1', '/brands/AMK', '/search-products?keyword=pork'];
  const pictures = new Set<string>();
  for (const path of pages) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    // Not the gallery's pattern ('href={src}'), which its script fills in.
    for (const m of (await res.text()).matchAll(/\/_(?:image\?|p\/)[^"' ,{]+(?=["' ,])/g)) pictures.add(m[0].replaceAll('&amp;', '&'));
  }
  // Cards, gallery and thumbnails, banners, promotions, the quick view and the previews (PNG).
  expect(pictures.size).toBeGreaterThan(40);
  expect([...pictures].some((u) => u.endsWith('.png'))).toBe(true);
  // Written at their short addresses (ADR 22).
  expect([...pictures].every((u) => u.startsWith('/_p/'))).toBe(true);
  for (const url of pictures) {
    const res = await request.head(url);
    expect(res.status(), url).toBe(200);
  }
});

