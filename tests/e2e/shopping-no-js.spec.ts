/**
 * Add to cart and the favourite toggle without JavaScript (docs/architecture.md "Actions are the one door"; coverage.md §4
 * Cart, Favourites): both are plain form posts to their Actions. A member with a delivery choice
 * (its cookie set as the browser's delivery module writes it) lands on /cart with the line, or on
 * /favourites with the product; without a choice the product page says to choose a delivery method
 * (412); a guest is sent to /login with the way back, the page's query kept. Last, the same way
 * back for a guest with JavaScript, whose click the page script hands to a plain post.
 */
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './test';
import { DEMO } from './helpers';
import { CHOICE_COOKIE, serialiseChoice } from '../../src/features/delivery/choice-cookie';
import type { Shipping } from '../../src/features/delivery/choice';

const API = '/api/mobile_ecom/xs_api.php';
const API_KEY = { 'x-api-key': process.env.XS_API_KEY ?? 'xs-local-dev-key' };
const STORE_NO = '001';

test.use({ javaScriptEnabled: false });

/** A pick-up choice at outlet 001 as the delivery modal saves it, from the outlet's own listing. */
async function pickupChoice(request: APIRequestContext): Promise<Shipping> {
  const res = await request.get(`${API}/pickup_store_listing?store=${STORE_NO}`, { headers: API_KEY });
  expect(res.status(), await res.text()).toBe(200);
  const s = ((await res.json()) as { data: Array<Shipping['store'] & { store_state: string }> }).data.find((x) => x.store_no === STORE_NO)!;
  const store = { store_code: s.store_code, store_no: s.store_no, store_name: s.store_name, store_address: s.store_address, store_phone: s.store_phone, store_pickdel: s.store_pickdel, distance_km: null };
  return { type: 'PICKUP', store, address: null, state: s.store_state, date: '2099-01-04', time: '10:00' };
}

/** Sets the delivery-choice cookie the way the browser's delivery module writes it. */
async function chooseDelivery(context: BrowserContext, baseURL: string, choice: Shipping) {
  await context.addCookies([{ name: CHOICE_COOKIE, value: serialiseChoice(choice), url: baseURL, sameSite: 'Lax' }]);
}

/** A product with at least `units` in stock at outlet 001. */
async function productInStock(request: APIRequestContext, units: number): Promise<{ code: string; name: string }> {
  for (let i = 2; i <= 40; i++) {
    const code = `P${String(i).padStart(4, '0')}`;
    const res = await request.get(`${API}/product_detail/${code}?pickupstore=${STORE_NO}`, { headers: API_KEY });
    if (!res.ok()) continue;
    const { data } = (await res.json()) as { data: { product_name: string; product_quantity: number | null } };
    if ((data.product_quantity ?? 0) >= units) return { code, name: data.product_name };
  }
  throw new Error(`No product with ${units} units at outlet ${STORE_NO}`);
}

/** Empties the demo member's cart at every outlet, so the quantities below are this test's own. */
async function emptyCart(request: APIRequestContext) {
  const res = await request.post(`${API}/customer_login`, { headers: API_KEY, data: [{ mobile: DEMO.mobile, password: DEMO.password }] });
  const { token, member_code } = (await res.json()) as { token: string; member_code: string };
  const cleared = await request.post(`${API}/clear_cart/${member_code}`, { headers: { ...API_KEY, authorization: `Bearer ${token}` }, data: [] });
  expect(cleared.status(), await cleared.text()).toBe(200);
}

/** The product page's own Add to cart button (the page also lists related products with theirs). */
function addButton(page: Page, code: string) {
  return page.locator(`main form[data-add-to-cart]:has(#qty-${code}) button:not([type=button])`);
}

async function login(page: Page, back: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(back)}`);
  await page.locator('#login-mobile').fill(DEMO.mobile);
  await page.locator('#login-password').fill(DEMO.password);
  await page.locator('[data-login-form] button').click();
  await expect(page).toHaveURL(new RegExp(`${back.replace(/[?]/g, '\\?')}$`));
}

test('a guest who adds to cart or favourites is sent to login, with the page (and its query) to come back to', async ({ page }) => {
  await page.goto('/product/P0001');
  await addButton(page, 'P0001').click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fproduct%2FP0001$/);
  await expect(page.locator('[data-access-sent]')).toHaveText('Please log in to add items to your cart.');

  await page.goto('/search-products?keyword=pork');
  await page.locator('[data-product-card] button[form="card-fav"]').first().click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsearch-products%3Fkeyword%3Dpork$/);
  await expect(page.locator('[data-access-sent]')).toHaveText('Please log in to save your favourites.');

  await page.goto('/ar/product/P0001');
  await addButton(page, 'P0001').click();
  await expect(page).toHaveURL(/\/ar\/login\?redirect=%2Far%2Fproduct%2FP0001$/);
  await expect(page.locator('[data-access-sent]')).toHaveText('يرجى تسجيل الدخول لإضافة المنتجات إلى سلة التسوق.');
});

test('a member without a delivery choice is told to choose one, on the same page', async ({ page }) => {
  await login(page, '/product/P0001');
  const res = page.waitForResponse((r) => r.request().method() === 'POST');
  await addButton(page, 'P0001').click();
  expect((await res).status()).toBe(412);
  await expect(page).toHaveURL(/\/product\/P0001\?_action=cart\.add$/);
  await expect(page.locator('main form[data-add-to-cart]:has(#qty-P0001) [role=alert]')).toHaveText('Please choose a delivery method first, then add to cart again.');
  await expect(page.locator('[data-add-to-cart-error]')).toHaveCount(1);
});

test('a member with a delivery choice adds to cart and toggles a favourite as plain form posts', async ({ page, context, request, baseURL }) => {
  await chooseDelivery(context, baseURL!, await pickupChoice(request));
  const product = await productInStock(request, 3);
  await emptyCart(request);
  await login(page, `/product/${product.code}`);

  // Add 2 from the product page: on to /cart, where the line shows with its quantity.
  await page.locator(`#qty-${product.code}`).fill('2');
  await addButton(page, product.code).click();
  await expect(page).toHaveURL(/\/cart$/);
  const line = page.locator(`[data-cart-line="${product.code}"]`);
  await expect(line).toContainText(product.name);
  await expect(line.locator('input[type=number]')).toHaveValue('2');

  // The favourite toggle: on to /favourites with the product; the heart there removes it again.
  await page.goto(`/product/${product.code}`);
  await page.locator(`main form[data-favourite-form="${product.code}"] button`).click();
  await expect(page).toHaveURL(/\/favourites$/);
  const item = page.locator(`[data-favourite-item="${product.code}"]`);
  await expect(item).toBeVisible();
  await item.locator('button[form="card-fav"]').click();
  await expect(page).toHaveURL(/\/favourites$/);
  await expect(item).toHaveCount(0);

  // In Arabic the same post goes on to the Arabic cart.
  await page.goto(`/ar/product/${product.code}`);
  await addButton(page, product.code).click();
  await expect(page).toHaveURL(/\/ar\/cart$/);
  await expect(page.locator(`[data-cart-line="${product.code}"] input[type=number]`)).toHaveValue('3');
});

test.describe('with JavaScript', () => {
  test.use({ javaScriptEnabled: true });

  test('a guest is sent to login from the page they are on, also from a card appended by infinite scroll', async ({ page }) => {
    await page.goto('/search-products?keyword=pork');
    const cards = page.locator('[data-product-list] [data-product-card]');
    await expect(cards).toHaveCount(25);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(cards).toHaveCount(45, { timeout: 20_000 });
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.locator('form#card-cart[data-enhanced]')).toHaveCount(1);
    await cards.nth(30).locator('button[form="card-cart"]').click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsearch-products%3Fkeyword%3Dpork%26page%3D2$/);

    await page.goto('/ar/product/P0001');
    await page.locator('main form[data-favourite-form="P0001"][data-enhanced] button').click();
    await expect(page).toHaveURL(/\/ar\/login\?redirect=%2Far%2Fproduct%2FP0001$/);
  });
});
