/**
 * The catalogue in three languages as a shopper sees it (docs/architecture.md i18n, ADR 19): an Arabic and a
 * Chinese search show products by their names in that language, Arabic marks in the query change
 * nothing, the header's suggestions fold the same way, the product page and an outlet bill name the
 * product in Arabic with the unit in Arabic, and the names fit the cards at 390 px.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { expectAccessible, login } from './helpers';

/** A first suggestion on a cold server can take longer than the default 5 s on a busy machine. */
const slow = expect.configure({ timeout: 20_000 });
const cards = (page: Page) => page.locator('[data-product-list] [data-product-card]');
const names = (page: Page) => cards(page).locator('h3').allTextContents();
const search = (page: Page, prefix: string, keyword: string) => page.goto(`${prefix}/search-products?keyword=${encodeURIComponent(keyword)}`);

test.describe('Arabic on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("an Arabic search shows products by their Arabic names; tashkeel in the query changes nothing", async ({ page }) => {
    await search(page, '/ar', 'خنزير');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(cards(page)).toHaveCount(25);
    const shown = await names(page);
    for (const name of shown) expect(name).toContain('خنزير');
    await expect(cards(page).first().locator('p').first()).toContainText(/غ|قطع|كغ/);
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
    // Names are clamped to two lines inside their card.
    for (const h of await cards(page).locator('h3').all()) {
      const box = await h.evaluate((el) => ({ lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)), over: el.scrollWidth - el.clientWidth }));
      expect(box.lines).toBeLessThanOrEqual(2);
      expect(box.over).toBeLessThanOrEqual(0);
    }
    await expectAccessible(page);

    await search(page, '/ar', 'خِنْزِيرٌ');
    await expect(cards(page)).toHaveCount(25);
    expect(await names(page)).toEqual(shown);
  });

  test('the product page names the product and its unit in Arabic', async ({ page }) => {
    await page.goto('/ar/product/P0001');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('لحم بطن الخنزير');
    await expect(page.getByText('500 غ', { exact: true }).first()).toBeVisible();
    await expect(page.locator('main')).toContainText('يُقطَّع كل صباح في ملحمتنا المركزية');
  });

  test('an outlet bill names its products in Arabic', async ({ page }) => {
    await login(page, '/ar');
    await page.goto('/ar/account/purchase-history/S001-20260912-0042');
    await expect(page.locator('[data-purchase-item]').first()).toContainText('لحم بطن الخنزير');
  });
});

test('a Chinese search shows products by their Chinese names, as substrings', async ({ page }) => {
  await search(page, '/zh', '排骨');
  await expect(cards(page)).toHaveCount(2);
  expect((await names(page)).map((n) => n.trim()).sort()).toEqual(['排骨', '肉骨茶排骨'].sort());
  await search(page, '/zh', '猪肉');
  await expect(cards(page).first()).toBeVisible();
  for (const name of await names(page)) expect(name).toContain('猪肉');
  await expect(cards(page).first().locator('p').first()).toContainText(/克|个|公斤/);
});

test('header suggestions in Arabic fold marks and letter variants like the search page', async ({ page }) => {
  await page.goto('/ar/');
  await page.getByRole('combobox').pressSequentially('كبده');
  const option = page.getByRole('option', { name: /كبدة الخنزير/ });
  await slow(option).toBeVisible();
  await option.click();
  await expect(page).toHaveURL(/\/ar\/product\/P0028$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('كبدة الخنزير');
});
