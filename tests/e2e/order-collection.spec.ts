/**
 * The collection code on the member's order page (issue "The outlets run the shop"): a pick-up
 * order placed and paid (the mobile app's API, then the sandbox provider's page), then marked
 * Ready To Pickup by an outlet staff member (added with the test server's bootstrap token, a
 * unique login per run). The page shows the code in large digits with how to use it, left to
 * right in Arabic too; nothing overflows on a phone; no serious axe violations.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './test';
import { DEMO, expectAccessible, loginWithDelivery } from './helpers';
import { API, API_KEY, apiLogin, apiPickupOrder, auth, productsAt, type Session } from './shop-api';
import { E2E_OPS_TOKEN } from '../../playwright.config';

const slow = expect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

/** Outlet 001 (store code S001): the order's outlet, and the staff member's. */
const OUTLET = { code: 'S001', no: '001' };

/** Pays the member's order on the sandbox provider's page, without JavaScript (Pay Now then posts in the same window). */
async function payWithoutScript(browser: Browser, page: Page, refno: string) {
  const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState(), baseURL: new URL(page.url()).origin });
  const tab = await plain.newPage();
  await tab.goto(`/order-success?order=${refno}`);
  await tab.locator('[data-pay-now-button]').click();
  await slow(tab).toHaveURL(/\/payment\/sandbox\/sbx_/);
  await tab.getByRole('button', { name: /Approve/ }).click();
  await slow(tab).toHaveURL(new RegExp(`/payment/return\\?order=${refno}&result=done`));
  await plain.close();
}

/** An outlet staff member of S001 (added as HQ with the bootstrap token) marks the order Ready To Pickup. */
async function markReady(request: APIRequestContext, refno: string) {
  const login = `e2e.outlet.${Date.now()}`;
  const password = 'outlet-pass-0123';
  const added = await request.post(`${API}/staff/add`, {
    headers: { ...API_KEY, authorization: `Bearer ${E2E_OPS_TOKEN}` },
    data: { login, name: 'E2E Outlet', password, role: 'outlet', outlets: [OUTLET.code] },
  });
  expect(added.status(), await added.text()).toBe(200);
  const session = await request.post(`${API}/staff/login`, { headers: API_KEY, data: { login, password } });
  expect(session.status(), await session.text()).toBe(200);
  const { token } = (await session.json()) as { token: string };
  const ready = await request.post(`${API}/ops/order_status`, { headers: { ...API_KEY, authorization: `Bearer ${token}` }, data: { order_refno: refno, to: 'Ready To Pickup' } });
  expect(ready.status(), await ready.text()).toBe(200);
}

/** The order's collection code as the member's API answers it. */
async function collectionCode(request: APIRequestContext, me: Session, refno: string): Promise<string> {
  const res = await request.get(`${API}/order_detail/${me.member}/${refno}`, { headers: auth(me) });
  const { data } = (await res.json()) as { data: { order_status: string; collection_code: string | null } };
  expect(data.order_status).toBe('Ready To Pickup');
  expect(data.collection_code).toMatch(/^\d{6}$/);
  return data.collection_code!;
}

test('a paid pick-up order marked Ready To Pickup shows its collection code, in EN on a desktop and AR on a phone', async ({ page, browser, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginWithDelivery(page, 'PICKUP');
  const me = await apiLogin(request, DEMO.mobile, DEMO.password);
  const [product] = await productsAt(request, OUTLET.no, 1, 2, () => true, 70);
  const refno = await apiPickupOrder(request, me, OUTLET.no, [{ ...product!, quantity: 1 }]);

  // Not ready yet: no code.
  await page.goto(`/account/orders/${refno}`);
  await expect(page.locator('[data-detail-status]')).toHaveText('Pending');
  await expect(page.locator('[data-collection]')).toHaveCount(0);

  await payWithoutScript(browser as Browser, page, refno);
  await markReady(request, refno);
  const code = await collectionCode(request, me, refno);

  await page.goto(`/account/orders/${refno}`);
  await expect(page.locator('[data-detail-status]')).toHaveText('Ready To Pickup');
  const box = page.locator('[data-collection]');
  await expect(box.getByRole('heading', { name: 'Collection code' })).toBeVisible();
  await expect(box.locator('[data-collection-code]')).toHaveText(code);
  await expect(box.locator('[data-collection-code]')).toHaveAttribute('dir', 'ltr');
  await expect(box).toContainText('Show this code at the counter to collect your order.');
  await expect(page.locator('[data-order-history] [data-history-step]').last()).toHaveText(/Ready To Pickup · by the store/);
  await expectAccessible(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/ar/account/orders/${refno}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('[data-detail-status]')).toHaveText('جاهز للاستلام');
  await expect(box.getByRole('heading', { name: 'رمز الاستلام' })).toBeVisible();
  await expect(box.locator('[data-collection-code]')).toHaveText(code);
  await expect(box).toContainText('أظهر هذا الرمز عند الكاشير لاستلام طلبك.');
  // The digits run left to right inside the right-to-left page: the first digit is drawn leftmost.
  const order = await box.locator('[data-collection-code]').evaluate((el) => {
    const text = el.firstChild!;
    const range = document.createRange();
    const xOf = (i: number) => {
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      return range.getBoundingClientRect().left;
    };
    return { direction: getComputedStyle(el).direction, first: xOf(0), last: xOf((text.textContent ?? '').length - 1) };
  });
  expect(order.direction).toBe('ltr');
  expect(order.first).toBeLessThan(order.last);
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
  await expectAccessible(page);
});
