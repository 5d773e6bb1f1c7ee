/**
 * The birthday voucher claim (coverage.md §2 Home "a birthday voucher claim modal appears here when
 * applicable", §4 Birthday): the seeded birthday member sees the modal on the home page, claims,
 * lands on the vouchers page with the new voucher and the success notice; the next visit to the
 * home page shows no modal. The delivery choice is stored first, so the delivery modal stays shut.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { expectAccessible } from './helpers';

const BIRTHDAY = { mobile: '0123450018', password: 'demo1234' };
const slow = expect.configure({ timeout: 20_000 });

/** A complete delivery choice (coverage.md §4), as the delivery modal saves it. */
const SHIPPING = {
  type: 'DELIVERY',
  store: { store_code: 'S010', store_no: '010', store_name: 'XS Fresh Mart Kajang Sentral', store_address: '5, Jalan Mendaling, Kajang Utama, 43000 Kajang', store_phone: '03-8733 9140', store_pickdel: 'BOTHPD', distance_km: 2 },
  address: null,
  state: 'Selangor',
};

async function loginAsBirthdayMember(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Mobile Number').fill(BIRTHDAY.mobile);
  await page.locator('#login-password').fill(BIRTHDAY.password);
  await page.locator('[data-login-form] button').click();
  await expect(page).toHaveURL(/\/$/);
  await page.evaluate((s) => localStorage.setItem('shipping', JSON.stringify(s)), SHIPPING);
}

test('a birthday member claims the voucher from the home page modal, once', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAsBirthdayMember(page);
  await page.goto('/');
  const modal = page.locator('dialog[data-birthday-modal][open]');
  await slow(modal).toBeVisible();
  await expect(modal.getByRole('heading', { name: 'Happy birthday, Aisyah!' })).toBeVisible();
  await expectAccessible(page);

  await modal.getByRole('button', { name: 'Claim my voucher' }).click();
  await slow(page).toHaveURL(/\/account\/vouchers$/);
  await slow(page.locator('[data-toast="success"]')).toContainText('Your birthday voucher has been added to your vouchers.');
  await expect(page.locator('[data-voucher-panel="active"]')).toContainText('Birthday treat RM10 off');
  await expect(page.locator('[data-birthday-offer]')).toHaveCount(0);

  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-account-menu]')).toBeVisible();
  await expect(page.locator('dialog[data-birthday-modal]')).toHaveCount(0);
});
