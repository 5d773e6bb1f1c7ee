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
  await expect(img).toHaveAttribute('srcset', /f=webp 300w, .* 600w/);
  await expect(card.locator('picture, source')).toHaveCount(0);
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  const src = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
  expect(src).toMatch(/f=webp/);
  const webp = await request.get(src);
  expect(webp.headers()['content-type']).toBe('image/webp');
  // Only the sizes and formats the pages use are made (ADR 22): an AVIF or another width is refused.
  expect((await request.get(src.replace('f=webp', 'f=avif'))).status()).toBe(400);
  expect((await request.get(src.replace(/w=\d+/, 'w=4000'))).status()).toBe(400);
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
    for (const m of (await res.text()).matchAll(/\/_image\?[^"' ,{]+(?=["' ,])/g)) pictures.add(m[0].replaceAll('&amp;', '&'));
  }
  // Cards, gallery and thumbnails, banners, promotions, the quick view and the previews (PNG).
  expect(pictures.size).toBeGreaterThan(40);
  expect([...pictures].some((u) => u.includes('f=png'))).toBe(true);
  for (const url of pictures) {
    const res = await request.head(url);
    expect(res.status(), url).toBe(200);
  }
});

