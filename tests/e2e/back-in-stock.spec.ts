/**
 * "Tell me when it's back" on the product page (ADR 32): a member whose chosen outlet has none of a
 * product sees the button, asks, and reads that they will be told by SMS at that outlet (EN and
 * AR, axe on both); after a reload, and on another device, the member reads that they asked instead
 * of the button (asked of the server after load: the page's HTML, shared, never holds it), and can
 * cancel it, after which the button is back; a guest
 * on a product out of stock everywhere sees a link to log in and come back instead. The product's stock is set through HQ's stock
 * operation and given back afterwards.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './test';
import { expectAccessible, loginWithDelivery } from './helpers';
import { API, API_KEY, chosenStore } from './shop-api';
import { E2E_OPS_TOKEN } from '../../playwright.config';

const BOOTSTRAP = { ...API_KEY, authorization: `Bearer ${E2E_OPS_TOKEN}` };
/** A product far down the catalogue, which the other journeys do not buy. */
const CODE = 'P0120';

type StockRow = { store_code: string; quantity: number | null };

/** A named HQ member's API headers (catalogue changes are never made with the bootstrap token), one per test. */
async function hq(request: APIRequestContext): Promise<Record<string, string>> {
  const login = `e2e.stock.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const password = 'e2e-stock-password-42';
  const added = await request.post(`${API}/staff/add`, { headers: BOOTSTRAP, data: { login, name: 'HQ Stock', password, role: 'hq', outlets: [] } });
  expect(added.status(), await added.text()).toBe(200);
  const session = await request.post(`${API}/staff/login`, { headers: API_KEY, data: { login, password } });
  expect(session.status(), await session.text()).toBe(200);
  return { ...API_KEY, authorization: `Bearer ${((await session.json()) as { token: string }).token}` };
}
let HQ: Record<string, string>;
test.beforeEach(async ({ request }) => {
  HQ = await hq(request);
});

async function stockRows(request: APIRequestContext): Promise<StockRow[]> {
  const res = await request.get(`${API}/ops/catalogue/product_stock?product_code=${CODE}`, { headers: HQ });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: StockRow[] }).data;
}

async function setStock(request: APIRequestContext, rows: { outlet: string; quantity: number }[]) {
  const res = await request.post(`${API}/ops/catalogue/stock_set`, { headers: HQ, data: { rows: rows.map((r) => ({ ...r, product_code: CODE })) } });
  expect(res.status(), await res.text()).toBe(200);
}

for (const [lang, prefix] of [['EN', ''], ['AR', '/ar']] as const) {
  test(`${lang}: a member asks to be told when it is back at the chosen outlet, reads that they asked, and can take it back`, async ({ page, browser }) => {
    const before = await stockRows(page.request);
    await loginWithDelivery(page, 'PICKUP', prefix);
    const store = await chosenStore(page);
    await setStock(page.request, [{ outlet: store.store_code, quantity: 0 }]);
    try {
      await page.goto(`${prefix}/product/${CODE}`);
      const block = page.locator(`[data-back-in-stock="${CODE}"]`);
      const ask = block.getByRole('button', { name: lang === 'EN' ? 'Tell me when it’s back' : 'أخبرني عند توفره' });
      await expect(ask).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('[data-buy-box] form[data-add-to-cart] button.btn-primary')).toBeDisabled();
      await expectAccessible(page);
      await ask.click();
      const done = block.locator('[data-back-in-stock-done]');
      await expect(done).toHaveText(lang === 'EN' ? /^We’ll tell you by SMS when it’s back at .+\.$/ : /^سنخبرك برسالة نصية عند توفره في .+\.$/);
      await expect(ask).toBeHidden();
      await expectAccessible(page);
      const told = (await done.innerText()).trim();
      // After a reload, and on another device of the member (nothing kept in the browser), the page
      // says so instead of offering to ask again: the server holds the request.
      const html = await (await page.request.get(`${prefix}/product/${CODE}`)).text();
      expect(html).toMatch(/<p[^>]*data-back-in-stock-done[^>]*><\/p>/);
      expect(html).not.toContain(told);
      await page.reload();
      await expect(done).toHaveText(told, { timeout: 15_000 });
      await expect(ask).toBeHidden();
      await expectAccessible(page);
      const other = await browser.newContext();
      try {
        await other.addCookies(await page.context().cookies());
        const there = await other.newPage();
        await there.goto(`${prefix}/product/${CODE}`);
        await expect(there.locator(`[data-back-in-stock="${CODE}"] [data-back-in-stock-done]`)).toHaveText(told, { timeout: 15_000 });
        await expect(there.locator(`[data-back-in-stock="${CODE}"]`).getByRole('button', { name: lang === 'EN' ? 'Tell me when it’s back' : 'أخبرني عند توفره' })).toBeHidden();
      } finally {
        await other.close();
      }
      // Taken back: the page offers to ask again, after a reload too.
      const cancel = block.getByRole('button', { name: lang === 'EN' ? 'Cancel this alert' : 'إلغاء هذا التنبيه' });
      await expect(cancel).toBeVisible();
      await expectAccessible(page);
      await cancel.click();
      await expect(ask).toBeVisible({ timeout: 15_000 });
      await expect(done).toBeEmpty();
      await expect(cancel).toBeHidden();
      await page.reload();
      await expect(ask).toBeVisible({ timeout: 15_000 });
      await expect(done).toBeEmpty();
    } finally {
      const original = before.find((r) => r.store_code === store.store_code)?.quantity ?? 0;
      await setStock(page.request, [{ outlet: store.store_code, quantity: original }]);
    }
  });
}

test('a guest on a product out of stock everywhere sees a link to log in and come back', async ({ page }) => {
  const before = await stockRows(page.request);
  await setStock(page.request, before.map((r) => ({ outlet: r.store_code, quantity: 0 })));
  try {
    await page.goto(`/product/${CODE}`);
    const link = page.locator(`[data-back-in-stock="${CODE}"]`).getByRole('link', { name: 'Log in to be told when it’s back' });
    await expect(link).toBeVisible({ timeout: 15_000 });
    await expect(page.locator(`[data-back-in-stock="${CODE}"]`).getByRole('button')).toHaveCount(0);
    await expect(link).toHaveAttribute('href', `/login?redirect=${encodeURIComponent(`/product/${CODE}`)}`);
    await expectAccessible(page);
  } finally {
    await setStock(page.request, before.map((r) => ({ outlet: r.store_code, quantity: r.quantity ?? 0 })));
  }
});
