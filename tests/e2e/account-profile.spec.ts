/**
 * The account area's shell, profile and password (coverage.md §2 Account area, §5 validation, §8 success
 * toasts): every link of the side navigation opens a page (pages not built yet go to the profile),
 * any other /account path goes to the profile, the first name edited shows in the header, the
 * password changed logs in again (then goes back to the demo password), axe on both pages.
 * In English on a desktop and in Arabic on a phone.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './test';
import { DEMO, expectAccessible, loginWithDelivery } from './helpers';

test.describe.configure({ timeout: 120_000 });

const SIDE_LINKS = ['profile', 'addresses', 'orders', 'vouchers', 'my-rewards', 'purchase-history', 'feeds', 'add-feedback', 'password'];

/**
 * Logs in again with `password` from the login page in `prefix`'s language, after this test chose a
 * delivery method: the choice saved with the member comes back (coverage.md §3), no modal asks again.
 */
async function loginWith(page: Page, password: string, prefix = '') {
  await page.goto(`${prefix}/login`);
  await page.locator('#login-mobile').fill(DEMO.mobile);
  await page.locator('#login-password').fill(password);
  await page.locator('[data-login-form] button').click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/?$`));
  await expect(page.locator('[data-header] [data-delivery-store]')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('dialog[open]')).toHaveCount(0);
}

/** Logs in with the demo password and a delivery method saved with the member (no modal in the way). */
async function enter(page: Page, prefix = '') {
  await loginWithDelivery(page, 'DELIVERY', prefix);
}

/** Every side-navigation link answers a page that is not a 404, and unknown account paths go to the profile. */
async function checkSideNavigation(page: Page, prefix: string) {
  await page.goto(`${prefix}/account/profile`);
  const nav = page.locator('aside nav');
  for (const slug of SIDE_LINKS) {
    const link = nav.locator(`a[href="${prefix}/account/${slug}"]`);
    await expect(link).toHaveCount(1);
    const res = await page.request.get(`${prefix}/account/${slug}`);
    expect(res.status(), slug).toBe(200);
  }
  await expect(nav.locator('[data-logout-form] button')).toBeVisible();
  await page.goto(`${prefix}/account/no-such-page`);
  await expect(page).toHaveURL(new RegExp(`${prefix}/account/profile$`));
  await page.goto(`${prefix}/account`);
  await expect(page).toHaveURL(new RegExp(`${prefix}/account/profile$`));
}

/** Changes the first name on the profile page and sees it in the header and the side panel. */
async function editName(page: Page, prefix: string, name: string) {
  await page.goto(`${prefix}/account/profile`);
  await page.locator('#profile-firstname').fill(name);
  await page.locator('[data-profile-form] button').click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/account/profile$`));
  await expect(page.locator('[data-account-notice]')).toBeAttached();
  await expect(page.locator('#toaster')).not.toBeEmpty();
  await expect(page.locator('header [data-account-name]')).toHaveText(name);
  await expect(page.locator('[data-side-name]')).toHaveText(name);
  await expect(page.locator('#profile-firstname')).toHaveValue(name);
}

/** Changes the password from `from` to `to` on the password page. */
async function changePassword(page: Page, prefix: string, from: string, to: string) {
  await page.goto(`${prefix}/account/password`);
  await page.locator('#password-current').fill(from);
  await page.locator('#password-new').fill(to);
  await page.locator('#password-confirm').fill(to);
  await page.locator('[data-password-form] button').click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/account/password$`));
  await expect(page.locator('[data-account-notice]')).toBeAttached();
}

/** Checks the page has no horizontal overflow. */
async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('English, desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('the side navigation opens a page for every link; other account paths go to the profile', async ({ page }) => {
    await enter(page);
    await checkSideNavigation(page, '');
  });

  test('profile: the name edited shows in the header; a broken rule answers its message', async ({ page }) => {
    await enter(page);
    await editName(page, '', 'Aisyah');
    await expectAccessible(page);
    await page.locator('#profile-firstname').fill('');
    await page.locator('[data-profile-form] button').click();
    await expect(page.locator('#profile-firstname-err')).toHaveText('First Name is required');
    await editName(page, '', 'Mei Ling');
  });

  test('password: a wrong current password is refused; a new one logs in, then the demo password is back', async ({ page }) => {
    await enter(page);
    await page.goto('/account/password');
    await expectAccessible(page);
    await page.locator('#password-current').fill('not-my-password');
    await page.locator('#password-new').fill('abcdef');
    await page.locator('#password-confirm').fill('abcdeg');
    await page.locator('[data-password-form] button').click();
    await expect(page.locator('#password-confirm-err')).toHaveText('Confirm password does not match');
    await page.locator('#password-current').fill('not-my-password');
    await page.locator('#password-new').fill('abcdef');
    await page.locator('#password-confirm').fill('abcdef');
    await page.locator('[data-password-form] button').click();
    await expect(page.locator('[data-account-error]')).toHaveText('The current password is incorrect.');

    await changePassword(page, '', DEMO.password, 'demo5678');
    await page.locator('aside [data-logout-form] button').click();
    await expect(page).toHaveURL(/\/login/);
    await loginWith(page, 'demo5678');
    await changePassword(page, '', 'demo5678', DEMO.password);
  });
});

test('profile, picture and password work without JavaScript: field message and typed values kept, API refusal, saved banner', async ({ page, browser }) => {
  await enter(page);
  const noJs = await (browser as Browser).newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const p = await noJs.newPage();
  await p.goto('/account/profile');
  await p.locator('#profile-firstname').fill('');
  await p.locator('#profile-lastname').fill('Typed Before');
  await p.locator('[data-profile-form] button').click();
  await expect(p.locator('#profile-firstname-err')).toHaveText('First Name is required');
  // The refused save keeps what was typed.
  await expect(p.locator('#profile-lastname')).toHaveValue('Typed Before');
  await p.locator('#profile-lastname').fill('Tan');
  await p.locator('#profile-firstname').fill('Mei Ling');
  await p.locator('[data-profile-form] button').click();
  await expect(p).toHaveURL(/\/account\/profile$/);
  await expect(p.locator('[data-account-notice]')).toHaveText('Profile updated successfully');
  // The picture form posts multipart: a PDF named .png is refused under the field, judged by content.
  await p.locator('#profile-picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.4\n') });
  await p.locator('[data-picture-submit]').click();
  await expect(p.locator('[data-picture-error]')).toHaveText('Only accept file type with jpg,jpeg and png format.');
  await p.goto('/account/password');
  await p.locator('#password-current').fill('not-my-password');
  await p.locator('#password-new').fill('abcdef');
  await p.locator('#password-confirm').fill('abcdef');
  await p.locator('[data-password-form] button').click();
  await expect(p.locator('[data-account-error]')).toHaveText('The current password is incorrect.');
  await noJs.close();
});

test.describe('Arabic, phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('side navigation, profile and password in Arabic, nothing overflows', async ({ page }) => {
    await enter(page, '/ar');
    await checkSideNavigation(page, '/ar');
    await editName(page, '/ar', 'عائشة');
    await expectNoOverflow(page);
    await expectAccessible(page);
    await editName(page, '/ar', 'Mei Ling');

    await changePassword(page, '/ar', DEMO.password, 'demo5678');
    await expectNoOverflow(page);
    await expectAccessible(page);
    await page.locator('aside [data-logout-form] button').click();
    await expect(page).toHaveURL(/\/ar\/login/);
    await loginWith(page, 'demo5678', '/ar');
    await changePassword(page, '/ar', 'demo5678', DEMO.password);
  });
});
