/**
 * The member's feeds (coverage.md §2 /account/feeds; §3 notification count), in EN on a desktop and AR on
 * a phone: an order the member cancelled shows as a new notification with a link to the order, the
 * header's account menu counts it, and "Mark all as read" clears the count (without scripts too).
 */
import { expect, test } from './test';
import { chooseDelivery, DEMO, expectAccessible, login } from './helpers';
import { API, apiLogin, apiPickupOrder, auth, productsAt } from './shop-api';

/** A fresh notification: an order placed and cancelled through the API (as the app does). */
async function cancelledOrder(request: Parameters<typeof productsAt>[0]): Promise<string> {
  const me = await apiLogin(request, DEMO.mobile, DEMO.password);
  const [product] = await productsAt(request, '001', 1, 2, () => true, 60);
  const refno = await apiPickupOrder(request, me, '001', [{ ...product!, quantity: 1 }]);
  const r = await request.post(`${API}/update_order_status_cancelled/${me.member}`, { headers: auth(me), data: { order_refno: refno } });
  expect(r.status(), await r.text()).toBe(200);
  return refno;
}

test('EN: a cancelled order is a new notification, counted in the account menu, then marked read', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const refno = await cancelledOrder(request);
  await login(page);
  // A member without a delivery method gets the delivery modal first (coverage.md §4).
  await chooseDelivery(page, 'PICKUP');
  await page.goto('/account/feeds');
  const item = page.locator('[data-feed]').filter({ hasText: refno }).first();
  await expect(item).toContainText(`Your order ${refno} is now Cancelled.`);
  await expect(item).toHaveAttribute('data-read', '0');
  await expect(item.getByRole('link', { name: 'View the order' })).toHaveAttribute('href', `/account/orders/${refno}`);
  const menu = page.locator('[data-account-menu] summary');
  await menu.click();
  await expect(page.locator('[data-feeds-count]')).toBeVisible();
  await menu.click();
  await expectAccessible(page);
  await page.locator('[data-feeds-mark-read]').click();
  await expect(page.locator('[data-feed][data-read="0"]')).toHaveCount(0);
  await expect(page.locator('[data-feeds-mark-read]')).toHaveCount(0);
  await expect(page.locator('[data-feeds-count]')).toBeHidden();
});

test.describe('in Arabic on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('AR: the notification reads in Arabic and the page fits the screen', async ({ page, request }) => {
    const refno = await cancelledOrder(request);
    await login(page, '/ar');
    await page.goto('/ar/account/feeds');
    const item = page.locator('[data-feed]').filter({ hasText: refno }).first();
    await expect(item).toBeVisible();
    await expect(item).not.toContainText('Cancelled');
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
    await expectAccessible(page);
  });
});
