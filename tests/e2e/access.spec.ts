/**
 * Access pages (coverage.md §2, §5, §8): register through the plain form, verify the number with the SMS
 * code (the checkout sends an unverified member there), then order; a number already registered
 * gets the same answer; guests-only /register; forgot password and resend verification answer with their success messages; a bad
 * reset link shows the spec's expired text; validation in English and Arabic (right to left); axe;
 * logout from the account menu and the side navigation with the spec's toast (§4 Session).
 * The same forms without JavaScript: tests/e2e/access-no-js.spec.ts.
 * The reset-token flow itself (SMS outbox → new password) is covered by tests/api/password-reset.test.ts.
 */
import { expect, test } from './test';
import { expectAccessible, loginWithDelivery } from './helpers';
import { API, API_KEY, apiLogin, apiPickupOrder, productsAt, smsCode } from './shop-api';

const unique = () => `011${String(Date.now()).slice(-8)}`;

test('register, verify the number with the SMS code, log in, and order', async ({ page, request }) => {
  const mobile = unique();
  await page.goto('/login');
  await page.locator('main').getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel('First Name').fill('Mei Ling');
  await page.getByLabel('Mobile Number').fill(mobile);
  await page.locator('#reg-password').fill('secret12');
  await page.locator('#reg-confirm').fill('secret12');
  await page.locator('[data-access-form] button').click();
  // The same answer whether or not the number had an account: the verification page, number filled in.
  await expect(page).toHaveURL(/\/resend-verification$/);
  await expect(page.locator('[data-access-sent]')).toContainText('We have sent an SMS to your number.');
  await expect(page.locator('#verify-mobile')).toHaveValue(mobile);

  // Not verified yet: the member may log in, but the checkout leads back to the verification page.
  await page.goto('/login');
  await page.locator('#login-mobile').fill(mobile);
  await page.locator('#login-password').fill('secret12');
  await page.locator('[data-login-form] button').click();
  await expect(page).toHaveURL(/\/$/);
  // Filled by the header script from /api/me (the home page is cacheable, so not rendered per user).
  await expect(page.locator('[data-account-name]')).toHaveText('Mei Ling', { timeout: 15_000 });
  // Logged in: /register sends the member home.
  const guestOnly = await page.request.get('/register', { maxRedirects: 0 });
  expect(guestOnly.status()).toBe(302);
  expect(guestOnly.headers().location).toBe('/');
  await page.goto('/checkout?items=P0001');
  await expect(page).toHaveURL(/\/resend-verification$/);
  await expect(page.locator('#verify-mobile')).toHaveValue(mobile);

  const code = await smsCode(request, mobile);
  await page.locator('#verify-code').fill(code === '000000' ? '000001' : '000000');
  await page.locator('[data-verify-form] button').click();
  await expect(page.locator('[data-verify-error]')).toHaveText('The code is wrong or has expired. Check the latest SMS or ask for a new code.');
  await page.locator('#verify-code').fill(code);
  await page.locator('[data-verify-form] button').click();
  await expect(page.locator('[data-access-sent]')).toHaveText('Your mobile number is verified.');

  // Verified: the checkout no longer sends the member away, and an order goes through.
  await page.goto('/checkout?items=P0001');
  // No delivery method chosen yet: the checkout's own rule (back to the cart) now applies.
  await expect(page).toHaveURL(/\/cart$/);
  const me = await apiLogin(request, mobile, 'secret12');
  const stores = ((await (await request.get(`${API}/pickup_store_listing`, { headers: API_KEY })).json()) as { data: { store_no: string; store_pickdel: string }[] }).data;
  const store = stores.find((s) => s.store_pickdel !== 'DELIVERY')!;
  const [product] = await productsAt(request, store.store_no, 1, 1, (sen) => sen < 5000, 40);
  expect(await apiPickupOrder(request, me, store.store_no, [{ ...product!, quantity: 1 }])).toMatch(/^WEB\d+/);
});

test('registration validation; a number already registered gets the same answer as a new one', async ({ page }) => {
  await page.goto('/register');
  await page.locator('[data-access-form] button').click();
  await expect(page.locator('#reg-first-name-err')).toHaveText('First Name is required');
  await expect(page.locator('#reg-mobile-err')).toHaveText('Mobile Number is required');
  await expect(page.locator('#reg-password-err')).toHaveText('Password is required');
  await page.getByLabel('First Name').fill('Ali');
  await page.getByLabel('Mobile Number').fill('0123456789');
  await page.locator('#reg-password').fill('abc');
  await page.locator('#reg-confirm').fill('abd');
  await page.locator('[data-access-form] button').click();
  await expect(page.locator('#reg-password-err')).toHaveText('Password should be at least 6 characters');
  await expect(page.locator('#reg-confirm-err')).toHaveText('Confirm password does not match');
  await expect(page.getByLabel('First Name')).toHaveValue('Ali');
  await expectAccessible(page);
  await page.locator('#reg-password').fill('secret12');
  await page.locator('#reg-confirm').fill('secret12');
  await page.locator('[data-access-form] button').click();
  await expect(page).toHaveURL(/\/resend-verification$/);
  await expect(page.locator('[data-access-sent]')).toContainText('We have sent an SMS to your number.');
  await expectAccessible(page);
});

test('forgot password: validation, then the SMS message', async ({ page }) => {
  await page.goto('/login');
  await page.locator('main').getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectAccessible(page);
  await page.locator('[data-access-form] button').click();
  await expect(page.locator('#forgot-mobile-err')).toHaveText('Mobile Number is required');
  await page.getByLabel('Mobile Number').fill('0123456789');
  await page.locator('[data-access-form] button').click();
  await expect(page.locator('[data-access-sent]')).toHaveText('Your password reset link will be sent by SMS within 60 seconds.');
  await expectAccessible(page);
});

test('a bad reset link shows the expired text; the form refuses mismatched passwords', async ({ page }) => {
  await page.goto('/password-reset');
  await expect(page.locator('[data-access-error]')).toHaveText('Reset password token is expired. Please send new reset request.');
  await page.goto('/password-reset?token=not-a-real-token-000000000000000000000000');
  await page.locator('#reset-password').fill('newpass1');
  await page.locator('#reset-confirm').fill('newpass2');
  await page.locator('[data-access-form] button').click();
  await expect(page.locator('#reset-confirm-err')).toHaveText('Confirm password does not match');
  await page.locator('#reset-password').fill('newpass1');
  await page.locator('#reset-confirm').fill('newpass1');
  await page.locator('[data-access-form] button').click();
  await expect(page.locator('[data-access-error]')).toHaveText('Reset password token is expired. Please send new reset request.');
  await expectAccessible(page);
});

test('resend verification answers without telling whether the number is a member', async ({ page }) => {
  await page.goto('/resend-verification');
  await expect(page.locator('body')).toHaveClass(/grey-body/);
  await page.locator('#resend-mobile').fill('0161234567');
  await page.locator('[data-resend-form] button').click();
  await expect(page.locator('[data-access-sent]')).toContainText('a verification code will be sent by SMS');
  await expectAccessible(page);
});

test('logout with scripts: Logout Successful, then the login page, from either logout entry', async ({ page }) => {
  await loginWithDelivery(page, 'DELIVERY');
  await page.locator('[data-header] [data-account-menu] summary').click();
  await page.locator('[data-header] [data-logout-form] button').click();
  await expect(page.locator('[data-toast]').filter({ hasText: 'Logout Successful' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('[data-header] [data-login-link]')).toBeVisible();

  await loginWithDelivery(page, 'DELIVERY');
  await page.goto('/account/orders');
  await page.locator('aside [data-logout-form] button').click();
  await expect(page.locator('[data-toast]').filter({ hasText: 'Logout Successful' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/account/orders', { maxRedirects: 0 })).status()).toBe(302);
});

test.describe('Arabic on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('/ar/register is right to left with Arabic validation messages', async ({ page }) => {
    await page.goto('/ar/register');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.locator('[data-access-form] button').click();
    await expect(page.locator('#reg-first-name-err')).toHaveText('الاسم الأول مطلوب');
    await expect(page.locator('#reg-mobile-err')).toHaveText('رقم الهاتف المحمول مطلوب');
    await page.locator('#reg-password').fill('abc');
    await page.locator('#reg-confirm').fill('abd');
    await page.locator('[data-access-form] button').click();
    await expect(page.locator('#reg-password-err')).toHaveText('يجب أن تتكون كلمة المرور من 6 أحرف على الأقل');
    await expect(page.locator('#reg-confirm-err')).toHaveText('تأكيد كلمة المرور غير مطابق');
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
    await expectAccessible(page);
  });
});
