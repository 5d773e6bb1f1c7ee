/**
 * Floating buttons (WhatsApp, back to top; src/components/layout/FloatingActions.astro) never cover
 * a price or a control, mid-scroll as at the bottom: home, a category, a product, the cart, the
 * points history and an outlet purchase bill, scrolled through step by step at 390 and 1366 px.
 * At each stop, no visible floating button's box meets a line box of a visible link, button, field
 * or a text holding a price (RM).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { DEMO, login } from './helpers';
import { apiLogin, chosenStore, fillCart, productsAt } from './shop-api';

const slow = expect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 300_000 });

/** Overlaps at the current scroll position, as 'floating covers content' strings; runs in the browser. */
async function overlaps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const shown = (el: Element) => {
      const s = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && Number(s.opacity) > 0 && !el.closest('[hidden]');
    };
    const fixed = (el: Element) => {
      for (let e: Element | null = el; e; e = e.parentElement) if (getComputedStyle(e).position === 'fixed') return true;
      return false;
    };
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 30)}"`;
    const floating = [...document.querySelectorAll('[data-floating]')].filter(shown);
    const controls = [...document.querySelectorAll('a, button, input, select, textarea, summary')];
    const prices = [...document.querySelectorAll('span, p, strong, dd, td, div, del')].filter((el) =>
      [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && /RM\s?\d/.test(n.textContent ?? '')));
    const content = [...controls, ...prices].filter((el) => shown(el) && !fixed(el) && !el.closest('dialog'));
    const found: string[] = [];
    for (const f of floating) {
      const a = f.getBoundingClientRect();
      for (const el of content) {
        // Each line box of an element (a link's name wraps onto two lines): not the rectangle around
        // them, whose empty corner beside a short line covers nothing a shopper sees.
        const covered = [...el.getClientRects()].some(
          (b) => b.bottom > 0 && b.top < innerHeight && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom,
        );
        if (covered) found.push(`${name(f)} covers ${name(el)} at ${Math.round(scrollY)}`);
      }
    }
    return found;
  });
}

/** How long an overlap may last before it counts (ms): content drawn late, then the buttons' 150 ms fade. */
const SETTLE_MS = 5_000;

/**
 * Scrolls the page from top to bottom in steps of 60 % of the window, collecting the overlaps that
 * last. At each stop the buttons step aside in the frame after the scroll event, then fade out in
 * 150 ms; an island hydrating on a busy machine may also draw its rows only now (the buttons then
 * step aside a frame later). So an overlap is looked for again, after three frames and the
 * transitions then running, until none is left or SETTLE_MS have passed: a button that stays over
 * a control or a price is found; one caught mid-step is not.
 */
async function scrollThrough(page: Page): Promise<string[]> {
  const found: string[] = [];
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = Math.round((page.viewportSize()?.height ?? 800) * 0.6);
  for (let y = 0; y <= height; y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    const until = Date.now() + SETTLE_MS;
    let now: string[];
    do {
      await page.evaluate(async () => {
        const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
        for (let i = 0; i < 3; i++) await frame();
        const ending = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
        await Promise.race([Promise.all(ending.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 2000))]);
      });
      now = await overlaps(page);
    } while (now.length > 0 && Date.now() < until);
    found.push(...now);
  }
  return found;
}

test('floating buttons cover no price or control on six pages at 390 and 1366 px', async ({ page }) => {
  await login(page);
  await slow(page.locator('dialog[open] [data-continue]')).toBeEnabled();
  await page.locator('dialog[open] [data-continue]').click();
  const dialog = page.locator('dialog[open]');
  await slow(dialog.locator('[data-store]').first()).toBeVisible();
  const stores = dialog.locator('[data-store]');
  for (let i = 0; i < (await stores.count()); i++) {
    await stores.nth(i).click();
    if (await dialog.locator('[data-method="PICKUP"]').isEnabled()) break;
    await dialog.getByRole('button', { name: 'Back' }).click();
  }
  await dialog.locator('[data-method="PICKUP"]').click();
  await slow(dialog.locator('input[name="pickup-time"]').first()).toBeAttached();
  await dialog.locator('input[name="pickup-time"]').first().check({ force: true });
  await dialog.locator('[data-save-pickup]').click();
  await slow(dialog).toBeHidden();
  const store = await chosenStore(page);
  const me = await apiLogin(page.request, DEMO.mobile, DEMO.password);
  const items = await productsAt(page.request, store.store_no, 4, 2, undefined, 40);
  await fillCart(page.request, me, store.store_no, items.map((p) => ({ code: p.code, quantity: 1 })));

  await page.goto('/account/purchase-history');
  const bill = page.locator('main a[href*="/account/purchase-history/"]').first();
  await slow(bill).toBeVisible();
  const billHref = (await bill.getAttribute('href'))!;
  const pages = ['/', '/category/PORK-CUTS', `/product/${items[0]!.code}`, '/cart', '/account/my-rewards/membership-points-history', billHref];

  const found: string[] = [];
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 768 });
    for (const path of pages) {
      await page.goto(path);
      await page.waitForLoadState('load');
      found.push(...(await scrollThrough(page)).map((f) => `${width}px ${path}: ${f}`));
    }
  }
  expect(found).toEqual([]);
});
