/**
 * Feedback (coverage.md §2 /account/add-feedback; §8 success toast), in EN on a desktop and AR on a phone:
 * a refused post shows each field's message in place (a plain form: no script needed), a sent one
 * thanks the member and clears the form.
 */
import { expect, test } from './test';
import { expectAccessible, login, loginWithDelivery } from './helpers';

test('EN: sending feedback about an outlet thanks the member and clears the form', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginWithDelivery(page, 'PICKUP');
  await page.goto('/account/add-feedback');
  await expectAccessible(page);
  await page.getByLabel('What is it about?').selectOption('OUTLET');
  await page.getByRole('radio', { name: 'Good' }).check();
  await page.getByLabel('Outlet (optional)').selectOption({ index: 1 });
  await page.getByLabel('Your comment').fill('The butcher counter was spotless and the staff very helpful.');
  await page.locator('[data-feedback-submit]').click();
  await expect(page.locator('[data-toast]').filter({ hasText: 'Thank you for your feedback.' })).toBeVisible();
  await expect(page.getByLabel('Your comment')).toHaveValue('');
});

test.describe('in Arabic on a phone, without scripts', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('AR: a form sent empty shows the messages in Arabic in place, then goes through', async ({ page, browser, baseURL }) => {
    await login(page, '/ar');
    const noJs = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: { width: 390, height: 844 } });
    await noJs.addCookies(await page.context().cookies());
    const form = await noJs.newPage();
    await form.goto('/ar/account/add-feedback');
    await form.locator('[data-feedback-submit]').click();
    await expect(form.locator('#feedback-category-error')).toHaveText('هذا الحقل مطلوب');
    await expect(form.locator('#feedback-comment-error')).toBeVisible();
    await form.locator('#feedback-category').selectOption('PRODUCTS');
    await form.locator('input[name="rating"][value="NEUTRAL"]').check();
    await form.locator('#feedback-comment').fill('لحم الخنزير كان طازجًا');
    await form.locator('[data-feedback-submit]').click();
    await expect(form.locator('[data-feedback-sent]')).toHaveText('شكرًا لملاحظاتك.');
    const { scroll, client } = await form.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
    await noJs.close();
  });
});
