/**
 * Issue 24 "Words and numbers", item by item in Chinese (desktop) and Arabic (phone): the points
 * history lines, voucher terms, a product's unit in its description, outlet names and order status
 * names read in the page's language; axe on each page. (tests/e2e/words.spec.ts sweeps every page.)
 */
import { expect, test } from './test';
import { expectAccessible, loginWithDelivery } from './helpers';

/** Latin words of three letters or more that are not codes (a code has a digit). */
const latinWords = (text: string) => (text.match(/[\p{L}\p{N}\u2011-]+/gu) ?? []).filter((t) => !/\d/.test(t) && /[A-Za-z]{3}/.test(t));

test('ZH: points lines, voucher terms, units and outlet names in Chinese', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginWithDelivery(page, 'PICKUP', '/zh');

  await page.goto('/zh/account/my-rewards/membership-points-history');
  const lines = page.locator('[data-points-entry] .font-medium');
  await expect(lines.first()).toBeVisible();
  const texts = await lines.allTextContents();
  expect(texts).toContain('新会员欢迎积分');
  expect(texts).toContain('兑换优惠券：\u2068立减RM5\u2069');
  for (const text of texts) expect(latinWords(text), text).toEqual([]);
  await expectAccessible(page);

  await page.goto('/zh/voucher-details/?code=RM5OFF');
  await expect(page.locator('[data-voucher-tnc]')).toHaveText('最低消费RM30。仅限网上订单使用。每笔订单限用一张优惠券。不可兑换现金。');
  await expectAccessible(page);

  // Pork Chops are sold by 4 pieces: '（4个）', never '（4 pcs）'.
  await page.goto('/zh/product/P0007');
  await expect(page.locator('[data-description]')).toContainText('猪扒（4个）');
  await expectAccessible(page);

  await page.goto('/zh/account/orders/WEB2611150001');
  // Waiting Comment, or Completed once another file has reviewed the demo member's order.
  await expect(page.locator('[data-detail-status]')).toHaveText(/^(待评价|已完成)$/);
  const pickup = (await page.locator('main').textContent()) ?? '';
  expect(pickup).toContain('XS 鲜市 ');
  expect(pickup).not.toContain('XS Fresh Mart');
  await expectAccessible(page);
});

test('AR: order statuses, history and outlet names in Arabic on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginWithDelivery(page, 'DELIVERY', '/ar');
  await page.goto('/ar/account/orders/WEB2611200001');
  await expect(page.locator('[data-detail-status]')).toHaveText('قيد التوصيل');
  const history = (await page.locator('[data-order-history]').textContent()) ?? '';
  expect(latinWords(history), history).toEqual([]);
  await expectAccessible(page);

  await page.goto('/ar/account/orders');
  const badges = await page.locator('main .rounded-full').allTextContents();
  for (const badge of badges) expect(latinWords(badge), badge).toEqual([]);
  await expect(page.locator('header [data-delivery-store]')).toContainText('إكس إس فريش مارت');
  await expectAccessible(page);
});

test('the sandbox page of an unknown payment speaks the language of the page it came from, else the browser’s', async ({ page, request }) => {
  const zh = await request.get('/payment/sandbox/sbx_unknown', { headers: { referer: `https://shop.example.my/zh/order-success?order=WEB1`, 'accept-language': 'en' } });
  expect(zh.status()).toBe(404);
  expect(await zh.text()).toContain('<h1>找不到此付款</h1>');

  const browserAr = await request.get('/payment/sandbox/sbx_unknown', { headers: { 'accept-language': 'ar,en;q=0.5' } });
  expect(browserAr.status()).toBe(404);
  expect(await browserAr.text()).toContain('<h1>لم يُعثر على الدفع</h1>');

  const ar = await page.goto('/payment/sandbox/sbx_unknown', { referer: `https://shop.example.my/ar/cart` });
  expect(ar?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('h1')).toHaveText('لم يُعثر على الدفع');
  await expectAccessible(page);
});
