import { expect, test } from '../test';
import { chooseDelivery, login } from '../helpers';
test.describe.configure({ timeout: 180_000 });
for (const [prefix, width] of [['', 1366], ['/ar', 390]] as const) {
  test(`shots ${prefix || 'en'}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await login(page, prefix);
    await chooseDelivery(page, 'PICKUP');
    // success page, to pay
    await page.goto(`${prefix}/product/P0035`);
    await page.locator('main form[data-add-to-cart] button:not([type=button])').first().click();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shots/toast-${prefix ? 'ar' : 'en'}.png` });
    await page.goto(`${prefix}/checkout?items=P0035`);
    await expect(page.locator('[data-order-total]')).toContainText('RM', { timeout: 20000 });
    await page.locator('[data-place-order]').click();
    await expect(page).toHaveURL(/order-success/, { timeout: 20000 });
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots/success-${prefix ? 'ar' : 'en'}.png` });
    // review modal
    await page.goto(`${prefix}/account/orders/WEB2611150001`);
    await page.locator('[data-review-order]').click();
    const dialog = page.locator('dialog[open]');
    await dialog.locator('[data-submit-reviews]').click();
    await dialog.locator('[data-review-line]').nth(0).locator('[data-rate="3"]').click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots/review-${prefix ? 'ar' : 'en'}.png` });
    await page.keyboard.press('Escape');
    // redeem confirm
    await page.goto(`${prefix}/account/vouchers`);
    await page.locator('[data-redeem-open]').click();
    await page.locator('[data-redeem-option]').first().locator('[data-redeem]').click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots/redeem-${prefix ? 'ar' : 'en'}.png` });
  });
}
