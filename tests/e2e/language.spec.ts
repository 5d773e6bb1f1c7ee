/**
 * The language choice (coverage.md §1: stored locally and by the member's profile; issue "The member's
 * account area" item 11): a member switches the shop to 中文 with the header's links, the choice is
 * kept in the `xs_lang` cookie and in the profile (update_language), and the next login, from any
 * browser, lands in Chinese — saying so in Chinese, with a tap back to English (issue "A shopper
 * trusts every step").
 */
import { expect, test } from './test';
import { expectAccessible } from './helpers';
import { API, apiLogin, apiRegisterVerified, auth } from './shop-api';

test('a member switches to 中文; the next login, in a fresh browser, lands in Chinese', async ({ page, request }) => {
  const mobile = `018${String(Date.now()).slice(-8)}`;
  await apiRegisterVerified(request, mobile, 'secret12', 'Lina');
  const logIn = async () => {
    await page.goto('/login');
    await page.locator('#login-mobile').fill(mobile);
    await page.locator('#login-password').fill('secret12');
    await page.locator('[data-login-form] button').click();
  };
  await logIn();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/, { timeout: 20_000 });
  await expect(page.locator('[data-account-name]')).toHaveText('Lina', { timeout: 15_000 });
  // The profile's language is the page's: nothing to say.
  await expect(page.locator('a[data-language-notice]')).toHaveCount(0);
  // The delivery modal opens by itself for a member without a delivery method; the link is used under it.
  await page.locator('[data-header] a[data-lang-link="zh"]').dispatchEvent('click');
  await expect(page).toHaveURL(/\/zh\/?$/, { timeout: 20_000 });
  expect((await page.context().cookies()).find((c) => c.name === 'xs_lang')?.value).toBe('zh');
  const me = await apiLogin(request, mobile, 'secret12');
  const stored = async () => ((await (await request.get(`${API}/customer_language/${me.member}`, { headers: auth(me) })).json()) as { language: string }).language;
  await expect.poll(stored, { timeout: 20_000 }).toBe('zh');

  // Only the shop's languages: anything else is refused by the Action and changes nothing.
  const bad = await page.request.post('/_actions/language.update', { form: { language: 'fr' }, headers: { origin: new URL(page.url()).origin, accept: 'application/json' } });
  expect(bad.status()).toBe(400);
  expect(await stored()).toBe('zh');

  await page.context().clearCookies();
  await logIn();
  await expect(page).toHaveURL(/\/zh\/?$/, { timeout: 20_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', /^zh/);
  expect((await page.context().cookies()).find((c) => c.name === 'xs_lang')?.value).toBe('zh');
  // The login was made from an English page: the change is said in Chinese, with a tap back.
  const notice = page.locator('a[data-language-notice]');
  await expect(notice).toHaveText('商店已切换为您个人资料中的语言：中文。点此返回 English。');
  await expect(notice).toHaveAttribute('href', '/');
  await expectAccessible(page);
  // Under the delivery modal that opens by itself, as the header's links above.
  await notice.dispatchEvent('click');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/, { timeout: 20_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect((await page.context().cookies()).find((c) => c.name === 'xs_lang')?.value).toBe('en');
});
