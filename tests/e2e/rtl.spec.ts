/**
 * Arabic, right to left, on a phone: pages render in AR with dir=rtl, nothing overflows sideways,
 * validation speaks Arabic, and the pages pass the axe check.
 */
import { expect, test } from './test';
import { expectAccessible } from './helpers';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

for (const path of ['/ar/', '/ar/category/PORK-CUTS', '/ar/product/P0001', '/ar/search-products?keyword=pork', '/ar/login']) {
  test(`${path} is right to left and fits the screen`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
    await expectAccessible(page);
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
