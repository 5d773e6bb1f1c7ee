/**
 * The server error page (src/pages/500.astro; coverage.md §2 chrome, §8 'Something went wrong.') as a
 * shopper sees it, after a real failure on the server: the operators' error drill
 * (src/server/error-drill.ts) fails the request on purpose. EN and AR (right to left), status 500,
 * nothing of the error itself shown, not cached. Without the operators' token nothing fails.
 */
import { expect, test } from './test';
import { E2E_OPS_TOKEN } from '../../playwright.config';
import { expectAccessible } from './helpers';

test('a failed request shows the error page in English, with a way home', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-error-drill': E2E_OPS_TOKEN });
  const res = await page.goto('/contacts');
  expect(res?.status()).toBe(500);
  expect(res?.headers()['cache-control']).toContain('no-store');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong.');
  await expect(page.locator('body')).not.toContainText('Error drill');
  const home = page.getByRole('link', { name: /home/i });
  await expect(home).toHaveAttribute('href', '/');
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('server-error-en.png'), fullPage: true });
});

test('the error page speaks Arabic, right to left, on an /ar/ address', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.setExtraHTTPHeaders({ 'x-error-drill': E2E_OPS_TOKEN });
  const res = await page.goto('/ar/contacts');
  expect(res?.status()).toBe(500);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('[data-server-error] a')).toHaveAttribute('href', '/ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('حدث خطأ ما.');
  await expectAccessible(page);
  // Nothing overflows sideways at 390 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a wrong drill token changes nothing', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-error-drill': 'not-the-operators-token' });
  const res = await page.goto('/contacts');
  expect(res?.status()).toBe(200);
  await expect(page.locator('[data-server-error]')).toHaveCount(0);
});
