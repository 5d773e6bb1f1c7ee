/**
 * Voucher details (coverage.md §2 /voucher-details/, grey body; §3 Voucher): the EN page shows the voucher,
 * the Arabic page is right to left and fits a phone, unknown or empty codes answer the 404 page
 * (no code at all lists the vouchers: spec-items.spec.ts),
 * and the page passes the axe check.
 */
import { expect, test } from './test';
import { expectAccessible } from './helpers';

test('/voucher-details/?code=RM5OFF shows the voucher in English', async ({ page }) => {
  const res = await page.goto('/voucher-details/?code=RM5OFF');
  expect(res?.status()).toBe(200);
  await expect(page.locator('body')).toHaveClass(/grey-body/);
  await expect(page.getByRole('heading', { level: 1, name: 'RM5 off' })).toBeVisible();
  await expect(page.locator('[data-voucher-value]')).toHaveText('RM 5.00 off');
  await expect(page.locator('[data-voucher-min-spend]')).toHaveText('RM 30.00');
  await expect(page.locator('[data-voucher-points]')).toHaveText('250 points');
  await expect(page.locator('[data-voucher-tnc]')).toContainText('Minimum spend RM30.');
  await expect(page.locator('[data-voucher] img')).toBeVisible();
  await expect(page.locator('[data-voucher-shop]')).toHaveAttribute('href', '/shop');
  await expectAccessible(page);
});

test('each code gets its own page, even when cached', async ({ page }) => {
  for (const [code, name, value] of [['RM5OFF', 'RM5 off', 'RM 5.00 off'], ['RM10OFF', 'RM10 off', 'RM 10.00 off'], ['RM5OFF', 'RM5 off', 'RM 5.00 off']] as const) {
    await page.goto(`/voucher-details/?code=${code}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.locator('[data-voucher-value]')).toHaveText(value);
  }
  await page.goto('/voucher-details/?code=BDAY10');
  await expect(page.locator('[data-voucher-points]')).toHaveCount(0);
});

test('/zh/voucher-details/?code=PCT10 answers in Chinese with the percent value', async ({ page }) => {
  const res = await page.goto('/zh/voucher-details/?code=PCT10');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: '九折优惠' })).toBeVisible();
  await expect(page.locator('[data-voucher-value]')).toHaveText('10% 折扣');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('/ar/voucher-details/?code=PCT10 is right to left and fits the screen', async ({ page }) => {
    const res = await page.goto('/ar/voucher-details/?code=PCT10');
    expect(res?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('[data-voucher-value]')).toContainText('10%');
    await expect(page.locator('[data-voucher-shop]')).toHaveAttribute('href', '/ar/shop');
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
    await expectAccessible(page);
  });
});

for (const path of ['/voucher-details/?code=NOSUCH', '/voucher-details/?code=', '/voucher-details/?code=bad%20code']) {
  test(`${path} answers the 404 page`, async ({ page }) => {
    const res = await page.goto(path);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  });
}
