/**
 * Every public route (coverage.md §2), as a visitor, in English at 320, 390 and 1366 px and in Arabic
 * (right to left) at 390 px, the look the Arabic shop is judged by (its layout is the English one
 * mirrored: the other widths are the English run's, and rtl.spec.ts checks the Arabic pages on a
 * phone with touch; small-screens.spec.ts measures the member's pages, the header and chrome every
 * public page shares, at 320, 390, 768 and 1366 px in both languages): nothing
 * overflows sideways, every target is at least 24 px, no floating button covers a price or a
 * control (tests/e2e/screen-checks.ts), and axe finds nothing serious or critical (at 1366 px in
 * English and 390 px in Arabic, the two looks the shop is judged by).
 * The member's pages are measured the same way in small-screens.spec.ts and the account specs.
 */
import { expect, test } from './test';
import { expectAccessible } from './helpers';
import { failuresOf, measure } from './screen-checks';

/** Widths measured per language. */
const WIDTHS = { '': [320, 390, 1366], '/ar': [390] } as const;
/** Public routes a visitor can open; the login redirects of member pages are the login page. */
const ROUTES = [
  '/', '/category', '/category/PORK-CUTS', '/product/P0001', '/search-products?keyword=pork', '/outlets', '/promotion/1',
  '/brands/XSF', '/shop/catalog', '/about-us', '/contacts', '/privacy-policy', '/member-zone', '/login', '/register',
  '/forgot-password', '/resend-verification', '/offline', '/no-such-page',
];

// A visitor's pages only: the tests share nothing, so they spread over every worker's shop instead
// of queueing in one (36 of them; in one worker this file alone was the browser run's longest part).
test.describe.configure({ mode: 'parallel', timeout: 120_000 });

for (const prefix of ['', '/ar'] as const) {
  for (const route of ROUTES) {
    test(`${prefix}${route} holds at ${WIDTHS[prefix].join(', ')} px`, async ({ page }) => {
      const failures: string[] = [];
      await page.goto(`${prefix}${route}`);
      await expect(page.locator('html')).toHaveAttribute('dir', prefix === '/ar' ? 'rtl' : 'ltr');
      // One load, then the window narrows: the layout follows its media queries as on a turned tablet.
      for (const width of [...WIDTHS[prefix]].reverse()) {
        await page.setViewportSize({ width, height: 800 });
        failures.push(...failuresOf(`${width}px ${prefix}${route}`, await measure(page)));
        if ((prefix === '' && width === 1366) || (prefix === '/ar' && width === 390)) await expectAccessible(page);
      }
      expect(failures).toEqual([]);
    });
  }
}
