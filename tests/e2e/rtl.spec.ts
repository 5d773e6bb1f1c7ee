/**
 * Arabic, right to left, on a phone (a mobile viewport that honours the pages' viewport settings,
 * with touch): pages render in AR with dir=rtl and lang=ar, nothing overflows sideways, and
 * validation speaks Arabic. The same routes pass axe at 390 px in Arabic in every-route.spec.ts.
 */
import { expect, test } from './test';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

for (const path of ['/ar/', '/ar/category/PORK-CUTS', '/ar/product/P0001', '/ar/search-products?keyword=pork', '/ar/login']) {
  test(`${path} is right to left and fits the screen`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
  });
}

test('login validation answers in Arabic and keeps the page', async ({ page }) => {
  await page.goto('/ar/login');
  await page.locator('[data-login-form] button').click();
  await expect(page.locator('#login-mobile-err')).toHaveText('رقم الهاتف المحمول مطلوب');
  await expect(page.locator('#login-password-err')).toHaveText('كلمة المرور مطلوبة');
  await page.locator('#login-mobile').fill('0123456789');
  await page.locator('#login-password').fill('wrong-password');
  await page.locator('[data-login-form] button').click();
  await expect(page.locator('[data-login-error]')).toContainText('كلمة المرور غير صحيحة');
  await expect(page).toHaveURL(/\/ar\/login/);
});

test('the Chinese home page speaks Chinese', async ({ page }) => {
  await page.goto('/zh/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
  await expect(page.getByRole('heading', { name: '精选' })).toBeVisible();
});
