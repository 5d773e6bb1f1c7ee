/**
 * Home page, promotions, brands and footer (coverage.md §2 Home, /promotion/{id}, /brands/{brand_code},
 * chrome; §9 slideshow and back-to-top constants): the three rows of 10 with View More, slideshows
 * that advance without shifting the layout and still scroll without JavaScript, recipe media that
 * never autoplays, the promotion and brand pages with their 404s, AR right to left on a phone, the
 * footer's contact, social, WhatsApp and back-to-top, and axe checks.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { expectAccessible } from './helpers';

const API = '/api/mobile_ecom/xs_api.php';
const API_KEY = { 'x-api-key': process.env.XS_API_KEY ?? 'xs-local-dev-key' };
const banner = (page: Page) => page.locator('[data-slideshow-name="header-banner"]');

/** Sums layout-shift entries without recent input since the page started (buffered). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) sum += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 300);
      }),
  );
}

test('home shows Features, Hottest and Latest rows of 10 with View More links', async ({ page }) => {
  await page.goto('/');
  for (const [id, slug] of [['row-features', 'features'], ['row-hottest', 'hottest'], ['row-latest', 'latest']]) {
    const row = page.locator(`section[aria-labelledby="${id}"]`);
    await expect(row.locator('[data-product-card]')).toHaveCount(10);
    await expect(row.getByRole('link', { name: /View More/ })).toHaveAttribute('href', `/product-list/${slug}`);
  }
  await expect(page.locator('section[aria-labelledby="home-featured"] [data-product-card]')).not.toHaveCount(0);
  await expect(page.locator('[data-brand-link]')).not.toHaveCount(0);
  await expectAccessible(page);
});

test('the header banner slideshow starts without layout shift and advances with its button', async ({ page }) => {
  await page.goto('/');
  // Without any interaction Swiper starts 6 s after load (slideshow.ts ENGAGE_AFTER_LOAD_MS).
  await expect(banner(page)).toHaveClass(/swiper-initialized/, { timeout: 15_000 });
  const before = { box: await banner(page).boundingBox(), next: await page.locator('#home-categories').boundingBox() };
  expect(await layoutShift(page)).toBeLessThan(0.01);
  await expect(banner(page).locator('.swiper-slide-active')).toHaveAttribute('aria-label', '1 of 4');
  await page.locator('[data-slideshow-next]').first().click();
  await expect(banner(page).locator('.swiper-slide-active')).toHaveAttribute('aria-label', '2 of 4');
  await page.waitForTimeout(1200); // the 1000 ms transition
  expect(await banner(page).boundingBox()).toEqual(before.box);
  expect(await page.locator('#home-categories').boundingBox()).toEqual(before.next);
  // The pause button stops autoplay and says so.
  const pause = page.locator('[data-slideshow-pause]').first();
  await pause.click();
  await expect(pause).toHaveAttribute('aria-label', 'Play slideshow');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('slides are visible and scroll sideways', async ({ page }) => {
    await page.goto('/');
    const track = banner(page).locator('[data-slideshow-track]');
    await expect(track.locator('img').first()).toBeVisible();
    const { overflow, scrollable } = await track.evaluate((el) => ({ overflow: getComputedStyle(el).overflowX, scrollable: el.scrollWidth > el.clientWidth }));
    expect(overflow).toBe('auto');
    expect(scrollable).toBe(true);
    await expect(page.locator('[data-promotion-link]').first()).toBeVisible();
  });
});

test('recipe videos and images: six silent videos with posters that never autoplay, eight pictures', async ({ page }) => {
  await page.goto('/');
  const videos = page.locator('video[data-recipe-video]');
  await expect(videos).toHaveCount(6);
  for (const v of await videos.all()) {
    expect(await v.evaluate((el: HTMLVideoElement) => ({ muted: el.muted, inline: el.playsInline, preload: el.preload, autoplay: el.autoplay, poster: !!el.poster }))).toEqual({ muted: true, inline: true, preload: 'none', autoplay: false, poster: true });
  }
  await expect(page.locator('[data-slideshow-name="recipe-images"] img')).toHaveCount(8);
  const poster = await videos.first().getAttribute('poster');
  expect((await page.request.get(poster!)).status()).toBe(200);
  for (const src of await videos.first().locator('source').evaluateAll((s) => s.map((e) => e.getAttribute('src')!))) {
    const res = await page.request.get(src);
    expect(res.status()).toBe(200);
    expect((await res.body()).length).toBeLessThanOrEqual(400 * 1024);
  }
});

test('banner headlines, promotion names and recipe titles are HTML over text-free pictures', async ({ page }) => {
  await page.goto('/');
  const first = banner(page).locator('.swiper-slide').first();
  await expect(first.locator('[data-banner-headline]')).toHaveText('Fresh pork, cut daily');
  await expect(first.getByRole('link')).toHaveAccessibleName(/Fresh pork, cut daily.*Shop now/);
  await expect(first.locator('img')).toHaveAttribute('alt', '');
  // The headline sits inside the picture's box, on its start (left) side.
  const [picture, headline] = [await first.locator('img').boundingBox(), await first.locator('[data-banner-headline]').boundingBox()];
  expect(headline!.x).toBeGreaterThanOrEqual(picture!.x);
  expect(headline!.x + headline!.width).toBeLessThan(picture!.x + picture!.width * 0.62);
  expect(headline!.y + headline!.height).toBeLessThanOrEqual(picture!.y + picture!.height);
  await expect(page.locator('[data-promotion-name]').first()).toHaveText('Pork Week');
  await expect(page.locator('[data-recipe-title]')).toHaveCount(6);
  await expect(page.locator('[data-recipe-title]').first()).toHaveText(/\S/);
});

test('the promotion carousel links to /promotion/{id}, which lists its products', async ({ page }) => {
  await page.goto('/');
  const link = page.locator('[data-promotion-link]').first();
  await expect(link).toHaveAttribute('href', /^\/promotion\/\d+$/);
  const href = await link.getAttribute('href');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.locator('[data-promotion-dates]')).toContainText(/Valid \d\d\/\d\d\/\d{4} to \d\d\/\d\d\/\d{4}/);
  await expect(page.locator('[data-product-card]').first()).toBeVisible();
  const id = href!.split('/').pop();
  const api = await (await page.request.get(`${API}/get_promotion_detail/${id}`, { headers: API_KEY })).json();
  await expect(page.locator('[data-product-card]')).toHaveCount(Math.min(api.total, 25));
  await expectAccessible(page);
});

test('an unknown, expired or malformed promotion answers the 404 page', async ({ page }) => {
  for (const path of ['/promotion/999999', "/promotion/1'%20OR%20'1'='1", '/promotion/%3Cscript%3E']) {
    const res = await page.request.get(path);
    expect(res.status(), path).toBe(404);
    expect(await res.text()).toContain('Page Not Found');
  }
});

test('/brands/{code} lists the brand products; an unknown brand is a 404', async ({ page }) => {
  await page.goto('/');
  const link = page.locator('[data-brand-link]').first();
  const code = await link.getAttribute('data-brand-link');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/brands/${code}$`));
  const api = await (await page.request.get(`${API}/product_listing?brand=${code}&limit=0,25`, { headers: API_KEY })).json();
  expect(api.data.length).toBeGreaterThan(0);
  const shown = await page.locator('[data-product-card]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-product-card')));
  expect(shown).toEqual(api.data.map((p: { product_code: string }) => p.product_code));
  await expectAccessible(page);
  expect((await page.request.get('/brands/NO-SUCH-BRAND')).status()).toBe(404);
});

test('footer: company contact, social links, WhatsApp and back to top after 300 px', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('[data-company-contact]')).toContainText('care@xsfreshmart.com.my');
  await expect(page.locator('[data-company-contact] a[href^="tel:"]')).toHaveText('03-6257 8800');
  await expect(page.locator('[data-social-links] a')).toHaveCount(4);
  await expect(page.locator('[data-social="facebook_url"]')).toHaveAttribute('href', 'https://www.facebook.com/xsfreshmart');
  await expect(page.locator('[data-whatsapp]')).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+$/);
  const top = page.locator('[data-back-to-top]');
  await expect(top).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 250));
  await expect(top).toBeHidden();
  // At the page's end, where the footer keeps room for it (mid-scroll it steps aside over a card).
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(top).toBeVisible();
  await top.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(top).toBeHidden();
});

test.describe('Arabic on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('home is right to left, fits the screen and Swiper follows the direction', async ({ page }) => {
    await page.goto('/ar/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(banner(page)).toHaveClass(/swiper-rtl/, { timeout: 15_000 });
    // Scroll through so every slideshow starts, then check nothing sticks out sideways.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    // A frame at each step, as a shopper's scroll gives: the slideshows see themselves come near.
    for (let y = 0; y < height; y += 500) {
      await page.evaluate(async (to) => {
        window.scrollTo(0, to);
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      }, y);
    }
    // Each starts in an idle moment (at most 1.5 s), after its code has loaded.
    await expect(page.locator('.swiper-initialized')).toHaveCount(4, { timeout: 15_000 });
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page);
    // A direction change re-creates the slideshows (Swiper reads dir only at start).
    await page.evaluate(() => document.documentElement.setAttribute('dir', 'ltr'));
    await expect(banner(page)).not.toHaveClass(/swiper-rtl/);
    await expect(banner(page)).toHaveClass(/swiper-initialized/);
  });

  test('banner texts over the pictures are Arabic, on the right, with the picture mirrored', async ({ page }) => {
    await page.goto('/ar/');
    const first = banner(page).locator('.swiper-slide').first();
    await expect(first.locator('[data-banner-headline]')).toHaveText('لحم خنزير طازج يُقطع يوميًا');
    await expect(first.getByRole('link')).toHaveAccessibleName(/تسوّق الآن/);
    const [picture, headline] = [await first.locator('img').boundingBox(), await first.locator('[data-banner-headline]').boundingBox()];
    expect(headline!.x).toBeGreaterThan(picture!.x + picture!.width * 0.38);
    expect(headline!.y + headline!.height).toBeLessThanOrEqual(picture!.y + picture!.height);
    expect(await first.locator('img').evaluate((img) => getComputedStyle(img).scale)).toMatch(/^-1/);
    await expect(page.locator('[data-promotion-name]').first()).toHaveText('أسبوع لحم الخنزير');
  });

  test('promotion page in Arabic', async ({ page }) => {
    await page.goto('/ar/promotion/1');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('h1')).toHaveText('أسبوع لحم الخنزير');
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
    await expectAccessible(page);
  });
});
