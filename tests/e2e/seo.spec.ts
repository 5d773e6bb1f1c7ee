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

test('product pictures come through the image pipeline as AVIF and WebP with a srcset', async ({ page, request }) => {
  await page.goto('/category/PORK-CUTS');
  const card = page.locator('[data-product-card]').first();
  await expect(card.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /f=avif 300w, .* 600w/);
  // The WebP pictures are the <img>'s own srcset (no second, identical WebP source).
  const img = card.locator('img');
  await expect(img).toHaveAttribute('srcset', /f=webp 300w, .* 600w/);
  await expect(card.locator('source[type="image/webp"]')).toHaveCount(0);
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  const src = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
  expect(src).toMatch(/f=(avif|webp)/);
  const avif = await request.get(src.replace(/f=webp/, 'f=avif'));
  expect(avif.headers()['content-type']).toMatch(/image\/(avif|heif)/);
  // The API's picture paths still work for plain <img> tags (islands, apps).
  const legacy = await request.get('/images/products/P0001-1.svg', { maxRedirects: 0 });
  expect(legacy.status()).toBe(301);
  expect(legacy.headers().location).toMatch(/^\/_astro\/P0001-1\..+\.svg$/);
});
