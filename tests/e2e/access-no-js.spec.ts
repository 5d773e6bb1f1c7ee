/**
 * The access forms without JavaScript (docs/architecture.md "Actions are the one door": forms that must work
 * before or without scripts post to an Action and redirect after POST). Login (field mistakes 400,
 * wrong password 401 with the server's text, right password to the page that asked), register and
 * verify the number,
 * forgot password (the same "sent" answer for any number; 429 when throttled), and logout from the
 * header's account menu and from the account side navigation: all plain form posts.
 */
import type { Page, Response } from '@playwright/test';
import { expect, test } from './test';
import { DEMO } from './helpers';
import { smsCode } from './shop-api';

const unique = () => `011${String(Date.now()).slice(-8)}`;

/** Clicks a form's submit button and returns the answer to the POST (before any redirect). */
async function post(page: Page, button: ReturnType<Page['locator']>): Promise<Response> {
  const [res] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), button.click()]);
  return res;
}

async function logIn(page: Page, redirect = '') {
  await page.goto(`/login${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`);
  await page.locator('#login-mobile').fill(DEMO.mobile);
  await page.locator('#login-password').fill(DEMO.password);
  await page.locator('[data-login-form] button').click();
}

test.describe('access forms without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('login: field messages (400), the server text for a wrong password (401), then the page that asked', async ({ page }) => {
    await page.goto('/cart');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcart$/);
    const submit = page.locator('[data-login-form] button');

    const empty = await post(page, submit);
    expect(empty.status()).toBe(400);
    await expect(page.locator('#login-mobile-err')).toHaveText('Mobile Number is required');
    await expect(page.locator('#login-password-err')).toHaveText('Password is required');

    await page.locator('#login-mobile').fill(DEMO.mobile);
    await page.locator('#login-password').fill('wrong-password');
    const wrong = await post(page, submit);
    expect(wrong.status()).toBe(401);
    await expect(page.locator('[data-login-error]')).toHaveText('The mobile number or password is incorrect.');
    await expect(page.locator('#login-mobile')).toHaveValue(DEMO.mobile);
    await expect(page.locator('#login-password')).toHaveValue('');

    await page.locator('#login-password').fill(DEMO.password);
    const right = await post(page, submit);
    expect(right.status()).toBe(303);
    await expect(page).toHaveURL(/\/cart$/);
    // The header of a per-user page shows the member's menu without scripts.
    await expect(page.locator('[data-header] [data-account-menu]')).toBeVisible();
    await expect(page.locator('[data-header] [data-login-link]')).toBeHidden();
  });

  test('login never leaves the site, and keeps the page language', async ({ page }) => {
    await logIn(page, '//evil.example/x');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await page.context().clearCookies();
    await page.goto('/ar/login?redirect=%2Fcart');
    await page.locator('#login-mobile').fill(DEMO.mobile);
    await page.locator('#login-password').fill(DEMO.password);
    await page.locator('[data-login-form] button').click();
    await expect(page).toHaveURL(/\/ar\/cart$/);
  });

  test('register: field messages, then the verification page alike for a registered and a new number; the code verifies', async ({ page }) => {
    await page.goto('/register');
    const submit = page.locator('[data-register-form] button');
    await page.getByLabel('First Name').fill('Aminah');
    await page.getByLabel('Mobile Number').fill('0123456789');
    await page.locator('#reg-password').fill('abc');
    await page.locator('#reg-confirm').fill('abd');
    const bad = await post(page, submit);
    expect(bad.status()).toBe(400);
    await expect(page.locator('#reg-password-err')).toHaveText('Password should be at least 6 characters');
    await expect(page.locator('#reg-confirm-err')).toHaveText('Confirm password does not match');
    await expect(page.getByLabel('First Name')).toHaveValue('Aminah');

    await page.locator('#reg-password').fill('secret12');
    await page.locator('#reg-confirm').fill('secret12');
    // A number already registered and a new one get the same answer: the verification page.
    const taken = await post(page, submit);
    expect(taken.status()).toBe(303);
    await expect(page).toHaveURL(/\/resend-verification$/);
    await expect(page.locator('#verify-mobile')).toHaveValue('0123456789');

    const mobile = unique();
    await page.goto('/register');
    await page.getByLabel('First Name').fill('Aminah');
    await page.getByLabel('Mobile Number').fill(mobile);
    await page.locator('#reg-password').fill('secret12');
    await page.locator('#reg-confirm').fill('secret12');
    const ok = await post(page, submit);
    expect(ok.status()).toBe(303);
    await expect(page).toHaveURL(/\/resend-verification$/);
    await expect(page.locator('[data-access-sent]')).toContainText('We have sent an SMS to your number.');
    // The code from the SMS, posted as a plain form: verified, then log in.
    await page.locator('#verify-code').fill(await smsCode(page.request, mobile));
    expect((await post(page, page.locator('[data-verify-form] button'))).status()).toBe(303);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator('[data-access-sent]')).toHaveText('Your mobile number is verified. Please log in.');
  });

  test('forgot password: the same "sent" answer for any number, shown once; 429 when throttled', async ({ page }) => {
    await page.goto('/forgot-password');
    const submit = page.locator('[data-forgot-form] button');
    expect((await post(page, submit)).status()).toBe(400);
    await expect(page.locator('#forgot-mobile-err')).toHaveText('Mobile Number is required');

    const number = `016${String(Date.now()).slice(-7)}`;
    for (let i = 0; i < 3; i++) {
      await page.getByLabel('Mobile Number').fill(number);
      expect((await post(page, submit)).status()).toBe(303);
      await expect(page).toHaveURL(/\/forgot-password$/);
      await expect(page.locator('[data-access-sent]')).toHaveText('Your password reset link will be sent by SMS within 60 seconds.');
    }
    await page.reload();
    await expect(page.locator('[data-access-sent]')).toHaveCount(0);

    await page.getByLabel('Mobile Number').fill(number);
    const throttled = await post(page, submit);
    expect(throttled.status()).toBe(429);
    await expect(page.locator('[data-forgot-error]')).toContainText('Too many text message requests');
    await expect(page.locator('[data-access-sent]')).toHaveCount(0);
  });

  test('logout from the header account menu', async ({ page }) => {
    await logIn(page, '/account/orders');
    await expect(page).toHaveURL(/\/account\/orders$/);
    const menu = page.locator('[data-header] [data-account-menu]');
    await menu.locator('summary').click();
    const res = await post(page, menu.locator('[data-logout-form] button'));
    expect(res.status()).toBe(303);
    await expect(page).toHaveURL(/\/login$/);
    const account = await page.request.get('/account/orders', { maxRedirects: 0 });
    expect(account.status()).toBe(302);
    expect(account.headers().location).toBe('/');
  });

  test('logout from the account side navigation', async ({ page }) => {
    await logIn(page, '/account/orders');
    await expect(page).toHaveURL(/\/account\/orders$/);
    const res = await post(page, page.locator('aside [data-logout-form] button'));
    expect(res.status()).toBe(303);
    await expect(page).toHaveURL(/\/login$/);
    const cart = await page.request.get('/cart', { maxRedirects: 0 });
    expect(cart.headers().location).toMatch(/^\/login\?redirect=/);
  });
});
