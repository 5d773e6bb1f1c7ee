/**
 * HQ's catalogue screens in the staff console (issue 20 item 1), in Chromium: HQ creates a product
 * (a refused promotional price first, rendered in place with what was typed), sets its stock and
 * finds it on the shop's search and category pages; changes a price and the product page shows it,
 * with the change in the price history naming who; in Arabic on a phone, the list, lines and
 * groups, banners and tokens (one issued, shown once, revoked); an outlet's staff are refused.
 * EN at 1366 px, AR at 390 px, axe on each page.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './test';
import { expectAccessible } from './helpers';
import { API, API_KEY, firstLine } from './shop-api';
import { E2E_OPS_TOKEN } from '../../playwright.config';

const PASSWORD = 'catalogue-password-1';
const bootstrap = { ...API_KEY, authorization: `Bearer ${E2E_OPS_TOKEN}` };
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();

/** Adds a staff member with the bootstrap token; a login of its own per call. */
async function addStaff(request: APIRequestContext, role: 'hq' | 'outlet', outlets: string[] = []): Promise<string> {
  const login = `e2e.cat.${role}.${stamp().toLowerCase()}`;
  const res = await request.post(`${API}/staff/add`, { headers: bootstrap, data: { login, name: role === 'hq' ? 'HQ Mei Ling' : 'Counter Ravi', password: PASSWORD, role, outlets } });
  expect(res.status(), await res.text()).toBe(200);
  return login;
}

/** Logs in at /staff/login (in `lang` when given). */
async function consoleLogin(page: Page, login: string, lang?: 'ar') {
  await page.goto(`/staff/login${lang ? `?lang=${lang}` : ''}`);
  await page.locator('#staff-login').fill(login);
  await page.locator('#staff-password').fill(PASSWORD);
  await page.locator('[data-staff-login] button[type=submit]').click();
  await expect(page).toHaveURL(/\/staff$/);
}

/** The page is no wider than the screen (nothing to scroll sideways). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test.describe('HQ on a desktop (EN, 1366 px)', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('creates a product, sets its stock, and the shop finds it by search and in its line', async ({ page, request }) => {
    const login = await addStaff(request, 'hq');
    await consoleLogin(page, login);
    await page.locator('[data-nav-catalogue]').click();
    await expect(page).toHaveURL(/\/staff\/catalogue$/);
    await expectAccessible(page);
    await page.locator('[data-new-product]').click();

    const code = `E2E${stamp()}`.slice(0, 20);
    const name = `Pandan Kaya Roll ${code}`;
    await page.locator('#product_code').fill(code);
    const line = await page.locator('#line_code option[value]:not([value=""])').first().getAttribute('value');
    await page.locator('#line_code').selectOption(line!);
    await page.locator('#unit').fill('1 pc');
    await page.locator('#name_en').fill(name);
    await page.locator('#name_zh').fill(`班兰卡椰卷 ${code}`);
    await page.locator('#name_ar').fill(`لفافة باندان ${code}`);
    // A price is typed in ringgit with at most 2 decimals: the field says so, in place.
    await page.locator('#price').fill('8,90');
    await page.locator('[data-save-product]').click();
    await expect(page.locator('#price-err')).toContainText('ringgit with at most 2 decimals');
    await expect(page.locator('#price')).toHaveAttribute('aria-invalid', 'true');
    await page.locator('#price').fill('8.90');
    await page.locator('#final_price').fill('9.50');
    await page.locator('[data-save-product]').click();
    // Refused in place with the API's rule, nothing typed lost.
    await expect(page.locator('[data-failure]')).toContainText('promotional price may not be above');
    await expect(page.locator('#name_zh')).toHaveValue(`班兰卡椰卷 ${code}`);
    await expectAccessible(page);
    await page.locator('#final_price').fill('7.50');
    await page.locator('[data-save-product]').click();

    await expect(page).toHaveURL(new RegExp(`/staff/catalogue/${code}\\?done=product_created`));
    await expect(page.locator('[data-done=product_created]')).toBeVisible();
    await page.locator('#qty-S001').fill('12');
    await page.locator('[data-save-stock]').click();
    await expect(page.locator('[data-done=stock_saved]')).toBeVisible();
    await expect(page.locator('#qty-S001')).toHaveValue('12');
    await expect(page.locator('[data-change-list]')).toContainText('S001');
    await expect(page.locator('[data-change-list]')).toContainText(login);
    await expectAccessible(page);

    await page.goto(`/search-products?keyword=${encodeURIComponent(name)}`);
    await expect(page.getByText(name).first()).toBeVisible();
    await page.goto(`/category/${line}`);
    await expect(page.getByText(name).first()).toBeVisible();
  });

  test('changes a price: the history names who, and the product page shows the new price', async ({ page, request }) => {
    const login = await addStaff(request, 'hq');
    const hq = (await (await request.post(`${API}/staff/login`, { headers: API_KEY, data: { login, password: PASSWORD } })).json()) as { token: string };
    const code = `E2P${stamp()}`.slice(0, 20);
    // Named in all three languages, as HQ would: words.spec reads the category pages in ZH and AR, where a
    // product named only in English is shown in English.
    const created = await request.post(`${API}/ops/catalogue/product_create`, {
      headers: { ...API_KEY, authorization: `Bearer ${hq.token}` },
      data: { product_code: code, product_name: { en: `Kopi Beans ${code}`, zh: `咖啡豆 ${code}`, ar: `حبوب قهوة ${code}` }, line_code: await firstLine(request, hq.token), unit: '250 g', price_sen: 1290, final_price_sen: 1290, visible: true },
    });
    expect(created.status(), await created.text()).toBe(200);

    await consoleLogin(page, login);
    await page.goto(`/staff/catalogue?search=${code}`);
    await expect(page.locator(`[data-product-row="${code}"] [data-final-price]`)).toHaveText('RM 12.90');
    await page.locator(`[data-product-row="${code}"] a`).click();
    await page.locator('#price').fill('14.20');
    await page.locator('#final_price').fill('13.50');
    await page.locator('[data-save-product]').click();
    await expect(page.locator('[data-done=product_saved]')).toBeVisible();
    const newest = page.locator('[data-price-row]').first();
    await expect(newest).toContainText('RM 12.90 → RM 14.20');
    await expect(newest).toContainText('RM 12.90 → RM 13.50');
    await expect(newest).toContainText(login);
    await expectAccessible(page);
    for (const path of ['/staff/catalogue/structure', '/staff/catalogue/banners', '/staff/catalogue/tokens']) {
      await page.goto(path);
      await expect(page.locator('[data-catalogue-nav] [aria-current=page]')).toBeVisible();
      await expectAccessible(page);
    }

    await page.goto(`/product/${code}`);
    await expect(page.locator('main')).toContainText('RM 13.50');
  });
});

test.describe('HQ on a phone (AR, 390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the list, lines and groups, banners and tokens in Arabic; a token is shown once and revoked', async ({ page, request }) => {
    const login = await addStaff(request, 'hq');
    await consoleLogin(page, login, 'ar');
    for (const path of ['/staff/catalogue', '/staff/catalogue/new', '/staff/catalogue/P0001', '/staff/catalogue/structure', '/staff/catalogue/banners']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.locator('[data-catalogue-nav]')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
    }
    await page.goto('/staff/catalogue/tokens');
    await page.locator('#token-name').fill(`صندوق ${stamp()}`);
    await page.locator('[data-issue-token] button[type=submit]').click();
    await expect(page.locator('[data-done=token_issued]')).toHaveText('تم إصدار الرمز.');
    const token = await page.locator('[data-token-value]').textContent();
    expect(token!.length).toBeGreaterThan(20);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    // The token works for the point-of-sale feed, and is not shown again.
    const fed = await request.post(`${API}/pos/stock`, { headers: { ...API_KEY, authorization: `Bearer ${token}` }, data: { rows: [{ outlet: 'S001', product_code: 'P0001', quantity: 40 }] } });
    expect(fed.status(), await fed.text()).toBe(200);
    await page.reload();
    await expect(page.locator('[data-token-value]')).toHaveCount(0);
    const row = page.locator('[data-token]').first();
    // Asked twice: the first button opens the question, the second revokes.
    await row.locator('[data-confirm] summary').click();
    await row.locator('[data-confirm] button[type=submit]').click();
    await expect(page.locator('[data-done=token_revoked]')).toBeVisible();
    await expect(page.locator('[data-token]').first().locator('[data-revoked]')).toBeVisible();
    const refused = await request.post(`${API}/pos/stock`, { headers: { ...API_KEY, authorization: `Bearer ${token}` }, data: { rows: [{ outlet: 'S001', product_code: 'P0001', quantity: 40 }] } });
    expect(refused.status()).toBe(401);
  });
});

test('an outlet’s staff are refused the catalogue (403) and have no link to it', async ({ page, request }) => {
  const login = await addStaff(request, 'outlet', ['S001']);
  await consoleLogin(page, login);
  await expect(page.locator('[data-nav-catalogue]')).toHaveCount(0);
  for (const path of ['/staff/catalogue', '/staff/catalogue/P0001', '/staff/catalogue/tokens']) {
    const res = await page.goto(path);
    expect([path, res?.status()]).toEqual([path, 403]);
    await expect(page.locator('[data-refused]')).toHaveText('Your staff role does not allow this.');
    await expect(page.locator('[data-catalogue-nav]')).toHaveCount(0);
  }
  await expectAccessible(page);
});
