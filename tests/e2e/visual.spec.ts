/**
 * Visual comparison of the key pages (issue: a shop that looks real in every language and on every
 * screen): home, a category, a product, search, /outlets and login, in English at 1366 px and in
 * Arabic at 390 px, against the committed screenshots in tests/e2e/__screenshots__ (Playwright
 * `toHaveScreenshot`). What a pixel diff is for here: a layout broken in RTL, a price under a
 * button, a block that moved.
 *
 * Hermetic, so the same on every machine: Chromium draws with the tests' own fonts only
 * (tests/e2e/fonts.ts), never the machine's; the first screen of each page is taken once its fonts
 * and pictures in view have loaded, with the page's clock stopped (the carousels stay on their
 * first slide), animations stopped and the caret hidden; pictures are masked (their decoding is
 * not what is judged; their boxes still are). Threshold: at most 0.2 % of the pixels may differ.
 * Measured against the committed pictures (made on an idle machine without extra fonts), on a
 * machine busy with a whole CI run and with Debian's fonts-noto-cjk and fonts-noto-core installed:
 * seven pages identical, five with 3 to 51 pixels of anti-aliasing (at most 0.015 %, the Arabic
 * home page); the threshold leaves more than ten times that.
 *
 * After a deliberate change of the look, update the screenshots with
 * `npx playwright test tests/e2e/visual.spec.ts --update-snapshots` and look at every changed
 * picture before committing it.
 */
import { expect, test } from './test';

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'category', path: '/category/PORK-CUTS' },
  { name: 'product', path: '/product/P0001' },
  { name: 'search', path: '/search-products?keyword=pork' },
  { name: 'outlets', path: '/outlets' },
  { name: 'login', path: '/login' },
];
const LOOKS = [
  { lang: 'en', prefix: '', width: 1366, height: 900 },
  { lang: 'ar', prefix: '/ar', width: 390, height: 844 },
];

for (const look of LOOKS) {
  for (const p of PAGES) {
    test(`${p.name} in ${look.lang.toUpperCase()} at ${look.width} px looks as committed`, async ({ page }) => {
      await page.setViewportSize({ width: look.width, height: look.height });
      const now = new Date('2026-11-20T10:00:00+08:00');
      await page.clock.install({ time: now });
      await page.clock.pauseAt(new Date(now.getTime() + 1000));
      await page.goto(`${look.prefix}${p.path}`);
      await page.evaluate(() => document.fonts.ready);
      // Every picture in view has arrived (a late one would show as a blank box).
      await expect.poll(() => page.evaluate(() => [...document.images].filter((i) => {
        const r = i.getBoundingClientRect();
        const inView = r.top < innerHeight && r.bottom > 0 && r.left < innerWidth && r.right > 0 && r.width > 0;
        return inView && !(i.complete && i.naturalWidth > 0);
      }).length), { timeout: 20_000 }).toBe(0);
      await expect(page).toHaveScreenshot(`${p.name}-${look.lang}-${look.width}.png`, {
        animations: 'disabled',
        caret: 'hide',
        mask: [page.locator('img')],
        maxDiffPixelRatio: 0.002,
      });
    });
  }
}
