/**
 * The order detail page (coverage.md §2 /account/orders/{orderNo}; §4 Order changes; §8 success toasts):
 * opened from the order list; pick-up time changed; printed without the site's chrome; cancelled
 * through the confirm modal (the stock comes back) and without JavaScript; the review modal of an
 * order waiting for its review; a delivery's tracking code copied, its courier named and linked (EN, AR); a guest sent to log in and back;
 * someone else's order is a 404.
 * In English on a desktop and in Arabic on a phone.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './test';
import { expectAccessible, login, loginWithDelivery } from './helpers';

const slow = expect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

/** The demo member's seeded order waiting for its review (src/server/xs-api/db/seed/reviews.ts). */
const WAITING = 'WEB2611150001';
/** The demo member's seeded delivery on its way and its tracking code (src/server/xs-api/db/seed/orders.ts). */
const DELIVERING = 'WEB2611200001';
const TRACKING = 'MY7001234567';
/** Its courier's tracking page for that code (src/domain/couriers.ts, J&T Express). */
const TRACKING_PAGE = `https://www.jtexpress.my/tracking/${TRACKING}`;
/** Products this file orders; other browser tests do not count their stock. */
const CANDIDATES = ['P0031', 'P0032', 'P0033', 'P0034', 'P0035', 'P0036', 'P0037', 'P0038'];

/**
 * Units shown as available at the chosen store on a product page (coverage.md §2 Product detail): the
 * availability line, or 0 when the page says the store has none (the line then stays hidden).
 */
async function available(page: Page, code: string, prefix = ''): Promise<number> {
  await page.goto(`${prefix}/product/${code}`);
  const line = page.locator('[data-availability]:not([hidden])');
  const noneHere = page.locator('main form[data-add-to-cart][data-none-at-store]');
  await slow(line.or(noneHere).first()).toBeVisible();
  if (!(await line.count())) return 0;
  const m = /\d+/.exec((await line.textContent()) ?? '');
  return m ? Number(m[0]) : 0;
}

/** Orders one unit of a product in stock at the chosen store (alone in the checkout); returns its code, stock before, and the order number. */
async function placePickupOrder(page: Page, prefix = ''): Promise<{ code: string; before: number; refno: string }> {
  let code = '';
  let before = 0;
  for (const c of CANDIDATES) {
    before = await available(page, c, prefix);
    if (before > 0) {
      code = c;
      break;
    }
  }
  expect(code, 'a candidate product in stock').not.toBe('');
  await expect(page.locator('main form[data-add-to-cart][data-enhanced]').first()).toBeAttached();
  await page.locator('main form[data-add-to-cart] button:not([type=button])').first().click();
  await expect(page.locator('[data-toast]').first()).toBeVisible();
  await page.goto(`${prefix}/checkout?items=${code}`);
  await slow(page.locator('[data-order-total]')).toContainText('RM');
  await page.locator('[data-place-order]').click();
  await slow(page).toHaveURL(new RegExp(`${prefix}/order-success\\?order=WEB\\d+`));
  const refno = (await page.locator('[data-success-refno]').textContent())?.trim() ?? '';
  return { code, before, refno };
}

test('a guest is sent to / (spec §2: every account page), and a member logging in then reaches the order', async ({ page }) => {
  const res = await page.request.get(`/account/orders/${WAITING}`, { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe('/');
  await login(page);
  await page.goto(`/account/orders/${WAITING}`);
  await expect(page.locator('[data-detail-refno]')).toHaveText(WAITING);
});

test('an unknown order and another member’s order answer the 404 page', async ({ page }) => {
  await login(page);
  for (const refno of ['WEB0000000000', 'WEB2610050001']) {
    const res = await page.goto(`/account/orders/${refno}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  }
});

test('a pick-up order: opened from the list, pick-up time changed, printed, cancelled through the modal with its stock back', async ({ page }) => {
  await loginWithDelivery(page, 'PICKUP');
  const { code, before, refno } = await placePickupOrder(page);
  // Unpaid, the page says first to pay or the order lapses: no tick, no "Thank you" yet.
  await expect(page.locator('[data-success-state]')).toHaveAttribute('data-success-state', 'to_pay');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pay now to confirm your order');
  await expect(page.locator('[data-success-pay-first]')).toContainText('unpaid, it is cancelled');
  await expect(page.locator('[data-success-intro]')).toContainText('ready for collection at XS Fresh Mart');
  expect(await available(page, code)).toBe(before - 1);

  await page.goto('/account/orders?tab=to_pay');
  await page.locator(`[data-order="${refno}"] [data-order-link]`).click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${refno}$`));
  await expect(page.locator('[data-detail-status]')).toHaveText('Pending');
  await expect(page.locator('[data-pay-now-button]')).toBeAttached();
  await expect(page.locator('[data-order-history] [data-history-step]')).toHaveText([/Order placed/]);
  await expectAccessible(page);

  // Change the pick-up time: the third time offered on the date shown.
  const pickupInfo = page.locator('section[aria-labelledby="pickup-title"]');
  const oldSlot = await pickupInfo.textContent();
  await page.locator('[data-change-pickup]').click();
  const dialog = page.locator('dialog[open]');
  const times = dialog.locator('input[name="pickup-time"]');
  await slow(times.first()).toBeAttached();
  const chosen = await times.nth(2).getAttribute('value');
  await times.nth(2).check({ force: true });
  await dialog.locator('[data-save-pickup]').click();
  await slow(page.getByRole('status').filter({ hasText: 'Pick-up date and time updated' })).toBeVisible();
  const [h, mi] = chosen!.split(':').map(Number);
  const shown = `${String(h! % 12 || 12).padStart(2, '0')}:${String(mi).padStart(2, '0')} ${h! < 12 ? 'am' : 'pm'}`;
  await expect(pickupInfo).toContainText(shown);
  expect(await pickupInfo.textContent()).not.toBe(oldSlot);

  // Print: only the receipt, with the company header; no site header, footer, navigation or buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('[data-header]')).toBeHidden();
  await expect(page.locator('body > footer')).toBeHidden();
  await expect(page.locator('[data-print]')).toBeHidden();
  await expect(page.locator('[data-bill-header]')).toBeVisible();
  await expect(page.locator('[data-bill-header]')).toContainText('XS Fresh Mart');
  await expect(page.locator('[data-detail-refno]')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await expect(page.locator('[data-header]')).toBeVisible();
  await expect(page.locator('[data-bill-header]')).toBeHidden();

  // Cancel: the modal first ("Keep order" keeps it), then confirmed.
  await page.locator('[data-cancel-order] summary').click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toHaveText('Cancel this order?');
  await dialog.getByRole('button', { name: 'Keep order' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-detail-status]')).toHaveText('Pending');
  await page.locator('[data-cancel-order] summary').click();
  await dialog.locator('[data-confirm-cancel]').click();
  await slow(page.getByRole('status').filter({ hasText: 'Order cancelled' })).toBeVisible();
  await expect(page.locator('[data-detail-status]')).toHaveText('Cancelled');
  await expect(page.locator('[data-order-history] [data-history-step]').last()).toHaveText(/Cancelled · by you/);
  await expect(page.locator('[data-cancel-order], [data-change-pickup], [data-pay-now-button]')).toHaveCount(0);
  expect(await available(page, code)).toBe(before);
});

test('cancel works without JavaScript: the confirmation, the post, the order Cancelled', async ({ page, browser }) => {
  await loginWithDelivery(page, 'PICKUP');
  const { refno } = await placePickupOrder(page);
  const noJs = await (browser as Browser).newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noJs.newPage();
  await plain.goto(`/account/orders/${refno}`);
  await expect(plain.locator('[data-detail-status]')).toHaveText('Pending');
  await expect(plain.locator('[data-print]')).toBeHidden();
  await plain.locator('[data-cancel-order] summary').click();
  await expect(plain.locator('[data-cancel-order]')).toContainText('The items go back on the shelf');
  await plain.locator('[data-cancel-submit]').click();
  await expect(plain).toHaveURL(new RegExp(`/account/orders/${refno}$`));
  await expect(plain.locator('[data-order-notice]')).toHaveText('Order cancelled');
  await expect(plain.locator('[data-detail-status]')).toHaveText('Cancelled');
  await noJs.close();
});

test('the review modal of an order waiting for its review: stars and comments, then Completed', async ({ page }) => {
  await loginWithDelivery(page, 'PICKUP');
  await page.goto('/account/orders?tab=to_evaluate');
  await page.locator(`[data-order="${WAITING}"] [data-order-link]`).click();
  await expect(page.locator('[data-detail-status]')).toHaveText('Waiting Comment');
  await expect(page.locator('[data-order-history] [data-history-step]')).toHaveText([/Order placed/, /Paid · by the payment provider/, /Ready To Pickup · by the store/, /Waiting Comment · by the store/]);
  await expect(page.locator('[data-cancel-order], [data-change-pickup]')).toHaveCount(0);
  // The product's page is in the page cache before the review (asked twice: the second answer is a hit).
  const first = await page.locator('section[aria-labelledby="order-items-title"] a[href^="/product/"]').first().getAttribute('href');
  await page.request.get(first!);
  expect((await page.request.get(first!)).headers()['x-cache']).toBe('HIT');
  await page.locator('[data-review-order]').click();
  const dialog = page.locator('dialog[open]');
  await expect(dialog.getByRole('heading')).toHaveText('Review your products');
  const lines = dialog.locator('[data-review-line]');
  await expect(lines).toHaveCount(2);
  // Nothing is chosen beforehand; a product without its rating is named and nothing is sent.
  await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(lines.nth(0).locator('[data-rate-shown]')).toHaveText('Not rated yet');
  await dialog.locator('[data-submit-reviews]').click();
  await expect(lines.nth(0).locator('[data-rate-missing]')).toContainText('Choose a star rating for');
  await expect(lines.nth(1).locator('[data-rate-missing]')).toBeVisible();
  await expect(lines.nth(0).getByRole('radio').first()).toBeFocused();
  await expectAccessible(page);
  // Three stars read at a glance: three lit, two not.
  await lines.nth(0).locator('[data-rate="3"]').click();
  await expect(lines.nth(0).getByRole('radio', { name: '3 of 5' })).toBeChecked();
  await expect(lines.nth(0).locator('[data-rate-shown]')).toHaveText('3 of 5');
  await expect(lines.nth(0).locator('[data-rate-missing]')).toHaveCount(0);
  await expect(lines.nth(0).locator('svg.fill-sun-400')).toHaveCount(3);
  await lines.nth(0).locator('textarea').fill('Tender, cooked it with ginger.');
  await lines.nth(1).locator('[data-rate="0"]').click();
  await expect(lines.nth(1).locator('[data-rate-shown]')).toHaveText('0 of 5');
  await expectAccessible(page);
  await dialog.locator('[data-submit-reviews]').click();
  await slow(page.getByRole('status').filter({ hasText: 'Thank you for your review' })).toBeVisible();
  await expect(page.locator('[data-detail-status]')).toHaveText('Completed');
  await expect(page.locator('[data-review-order]')).toHaveCount(0);
  // The reviews are the product's now, at once: the cached page was dropped when the review was saved.
  await page.goto(`${first}#tab-reviews`);
  await expect(page.locator('[data-review-comment]').filter({ hasText: 'Tender, cooked it with ginger.' })).toHaveCount(1);
});

/** The link to the courier's tracking page: a new tab, no opener, no referrer. */
async function expectTrackingLink(page: Page, name: string) {
  const link = page.getByRole('link', { name, exact: true });
  await expect(link).toHaveAttribute('href', TRACKING_PAGE);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
}

test('a delivery on its way: the courier named with a link to its tracking page, the tracking code copied with a toast; it cannot be cancelled', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginWithDelivery(page, 'PICKUP');
  await page.goto('/account/orders?tab=to_receive');
  await page.locator(`[data-order="${DELIVERING}"] [data-order-link]`).click();
  await expect(page.locator('[data-detail-status]')).toHaveText('Delivering');
  await expect(page.locator('[data-tracking-code]')).toHaveText(TRACKING);
  await expect(page.locator('[data-tracking-courier]')).toHaveText('Courier: J&T Express');
  await expectTrackingLink(page, 'Track with J&T Express (opens in a new tab)');
  await page.locator('[data-copy-tracking]').click();
  await expect(page.getByRole('status').filter({ hasText: 'Tracking code copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(TRACKING);
  await expect(page.locator('[data-cancel-order], [data-change-pickup], [data-review-order], [data-pay-now-button]')).toHaveCount(0);
  await expectAccessible(page);
});

test.describe('in Arabic on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a delivery on its way in Arabic: the courier named and linked by its own name, nothing overflows', async ({ page }) => {
    await loginWithDelivery(page, 'PICKUP', '/ar');
    await page.goto(`/ar/account/orders/${DELIVERING}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('[data-tracking-code]')).toHaveText(TRACKING);
    await expect(page.locator('[data-tracking-courier]')).toHaveText('شركة الشحن: J&T Express');
    await expectTrackingLink(page, 'تتبّع الشحنة لدى J&T Express (يُفتح في علامة تبويب جديدة)');
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
    await expectAccessible(page);
  });

  test('the order page in Arabic: pick-up time changed and the order cancelled through the modal, nothing overflows', async ({ page }) => {
    await loginWithDelivery(page, 'PICKUP', '/ar');
    const { code, before, refno } = await placePickupOrder(page, '/ar');
    await page.goto('/ar/account/orders?tab=to_pay');
    await page.locator(`[data-order="${refno}"] [data-order-link]`).click();
    await expect(page).toHaveURL(new RegExp(`/ar/account/orders/${refno}$`));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('[data-detail-status]')).toHaveText('قيد الانتظار');
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
    await expectAccessible(page);

    await page.locator('[data-change-pickup]').click();
    const dialog = page.locator('dialog[open]');
    await slow(dialog.locator('input[name="pickup-time"]').first()).toBeAttached();
    await dialog.locator('input[name="pickup-time"]').nth(1).check({ force: true });
    await dialog.locator('[data-save-pickup]').click();
    await slow(page.getByRole('status').filter({ hasText: 'تم تحديث تاريخ ووقت الاستلام' })).toBeVisible();

    await page.locator('[data-cancel-order] summary').click();
    await expect(dialog.getByRole('heading')).toHaveText('هل تريد إلغاء هذا الطلب؟');
    await dialog.locator('[data-confirm-cancel]').click();
    await slow(page.getByRole('status').filter({ hasText: 'تم إلغاء الطلب' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/ar/account/orders/${refno}$`));
    await expect(page.locator('[data-detail-status]')).toHaveText('ملغى');
    expect(await available(page, code, '/ar')).toBe(before);
  });
});
