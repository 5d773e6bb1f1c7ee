/**
 * Small screens (spec §9 breakpoints 576, 992 and 1330 px; WCAG 2.2 SC 2.5.8): the shopper's pages at
 * 320, 390 and 768 px wide, in English and in Arabic (right to left), with a member logged in and an
 * item in the cart. On every page:
 * - nothing overflows sideways (documentElement.scrollWidth ≤ innerWidth);
 * - every visible target (link, button, field, select, a tick box's label) is at least 24 × 24 CSS px,
 *   or keeps the spacing exception (a 24 px circle on its centre touches no other target), or is a
 *   link inside a sentence (the inline exception);
 * - at the bottom of the page, no floating button (WhatsApp, back to top) covers a price, a link or a
 *   button.
 * One logged-in page per language; the widths change on that page (fast: about 30 page loads a language).
 */
import { expect, test, type Page } from '@playwright/test';
import { chooseDelivery, login } from './helpers';

const WIDTHS = [320, 390, 768];
const slow = expect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

/** What one page breaks: overflow in px (0 when none), undersized targets, covered content. */
interface Findings { overflow: number; small: string[]; covered: string[] }

/** Measures the current page (see the module comment); runs in the browser. */
async function measure(page: Page): Promise<Findings> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // The back-to-top button shows on scroll; let the scroll event and a frame pass.
  await page.waitForTimeout(150);
  return page.evaluate(() => {
    const MIN = 24;
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    };
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 30) || el.getAttribute('aria-label') || ''}"`;
    const fixedAncestor = (el: Element | null): boolean => {
      for (let e = el; e; e = e.parentElement) if (getComputedStyle(e).position === 'fixed') return true;
      return false;
    };
    const overflow = Math.max(0, document.documentElement.scrollWidth - window.innerWidth);

    // Targets. A tick box or radio counts through its label when the label wraps it.
    const targets = [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary')]
      .map((el) => (el.matches('input[type=checkbox], input[type=radio]') && el.closest('label')) || el)
      .filter((el, i, all) => all.indexOf(el) === i && visible(el));
    const inSentence = (el: Element) => getComputedStyle(el).display === 'inline' && el.parentElement !== null
      && [...el.parentElement.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
    const rects = targets.map((el) => el.getBoundingClientRect());
    const undersized = targets.map((el, i) => (rects[i].width < MIN - 0.01 || rects[i].height < MIN - 0.01) && !inSentence(el));
    const centre = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
    const distToRect = (p: { x: number; y: number }, r: DOMRect) => Math.hypot(Math.max(r.left - p.x, 0, p.x - r.right), Math.max(r.top - p.y, 0, p.y - r.bottom));
    const small: string[] = [];
    targets.forEach((el, i) => {
      if (!undersized[i]) return;
      const c = centre(rects[i]);
      const crowded = targets.some((other, j) => {
        if (j === i || other.contains(el) || el.contains(other)) return false;
        if (undersized[j]) {
          const d = centre(rects[j]);
          return Math.hypot(c.x - d.x, c.y - d.y) < MIN;
        }
        return distToRect(c, rects[j]) < MIN / 2;
      });
      if (crowded) small.push(`${name(el)} ${Math.round(rects[i].width)}×${Math.round(rects[i].height)}`);
    });

    // Floating buttons against prices, links and buttons in view.
    const floating = [...document.querySelectorAll('a, button')].filter((el) => visible(el) && fixedAncestor(el));
    const prices = [...document.querySelectorAll('span, p, strong, dd, td, div')].filter((el) =>
      [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && /RM/.test(n.textContent ?? '')));
    const content = [...targets, ...prices].filter((el) => visible(el) && !fixedAncestor(el));
    const covered: string[] = [];
    for (const f of floating) {
      const a = f.getBoundingClientRect();
      for (const el of content) {
        const b = el.getBoundingClientRect();
        if (b.bottom <= 0 || b.top >= window.innerHeight) continue;
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) covered.push(`${name(f)} covers ${name(el)}`);
      }
    }
    return { overflow, small, covered };
  });
}

for (const prefix of ['', '/ar']) {
  test(`${prefix || '/'}: the shopper's pages fit 320, 390 and 768 px, with targets of 24 px and nothing covered`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, prefix);
    await chooseDelivery(page, 'PICKUP');
    await page.goto(`${prefix}/category/PORK-CUTS`);
    await page.locator('[data-product-card] form[data-add-to-cart] button:not([disabled]):not([type=button])').first().click();
    await slow(page.locator('[data-toast]').first()).toBeVisible();
    await page.goto(`${prefix}/cart`);
    await page.locator('a[data-checkout]').click();
    await slow(page).toHaveURL(/\/checkout\?items=/);
    const checkout = new URL(page.url()).pathname + new URL(page.url()).search;

    const pages = ['/', '/category/PORK-CUTS', '/product/P0001', '/search-products?keyword=pork', '/cart', checkout.replace(/^\/ar/, ''),
      '/outlets', '/account/orders', '/account/profile'];
    const failures: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of pages) {
        await page.goto(`${prefix}${path}`);
        if (path.startsWith('/checkout')) await slow(page.locator('[data-order-total]')).toContainText('RM');
        if (path === '/cart') await slow(page.locator('a[data-checkout]')).toBeVisible();
        const { overflow, small, covered } = await measure(page);
        const where = `${width}px ${prefix}${path.split('?')[0]}`;
        if (overflow > 0) failures.push(`${where}: ${overflow}px wider than the screen`);
        for (const s of small) failures.push(`${where}: target under 24px: ${s}`);
        for (const c of covered) failures.push(`${where}: ${c}`);
      }
    }
    expect(failures).toEqual([]);
  });
}
