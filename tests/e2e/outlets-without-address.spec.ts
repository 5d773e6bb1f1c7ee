/**
 * Finding outlets before any saved address (issue "A shopper trusts every step": "A new member must
 * type a home address before shopping even for pick-up"): a new member with no address finds the
 * stores near a postcode, a town or the current location in the delivery modal, picks one for
 * pick-up, and shops there; a bad postcode and an unknown town say so under the field. A guest finds
 * the outlets near a postcode or town on the outlets page (a plain form). In English on a desktop
 * and in Arabic on a phone, axe on each step.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './test';
import { expectAccessible } from './helpers';
import { API, API_KEY, apiLogin, chosenStore, fillCart, productsAt } from './shop-api';

const slow = expect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'secret12';
let serial = 0;

/** Registers a new member (no address) through insert_customer: its mobile number. */
async function newMember(request: APIRequestContext): Promise<string> {
  const mobile = `017${String(Date.now() + serial++).slice(-8)}`;
  const res = await request.post(`${API}/insert_customer`, {
    headers: API_KEY,
    data: { customer_firstname: 'Nurul', customer_mobile: mobile, password: PASSWORD, confirm_password: PASSWORD, bill_platform: 'website' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return mobile;
}

/** Logs the member in on the login page; the delivery modal opens by itself (no choice yet). */
async function loginAs(page: Page, mobile: string, prefix = '') {
  await page.goto(`${prefix}/login`);
  await page.locator('#login-mobile').fill(mobile);
  await page.locator('#login-password').fill(PASSWORD);
  await page.locator('[data-login-form] button').click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/?$`));
  await slow(page.locator('dialog[open]')).toBeVisible();
}

/** Types a search in the modal's postcode or town field and continues. */
async function search(page: Page, text: string) {
  const dialog = page.locator('dialog[open]');
  await dialog.locator('#dm-place').fill(text);
  await dialog.locator('[data-continue]').click();
}

/** From the store list: the first store offering pick-up, then the first time of a later day; the modal closes. Returns the store's name. */
async function pickUpAtFirstStore(page: Page): Promise<string> {
  const dialog = page.locator('dialog[open]');
  const stores = dialog.locator('[data-store]');
  await slow(stores.first()).toBeVisible();
  for (let i = 0; i < (await stores.count()); i++) {
    const name = (await stores.nth(i).locator('bdi').first().textContent()) ?? '';
    await stores.nth(i).click();
    if (await dialog.locator('[data-method="PICKUP"]').isEnabled()) {
      await dialog.locator('[data-method="PICKUP"]').click();
      const date = dialog.locator('#pickup-date');
      await slow(date).toBeVisible();
      const first = (await date.getAttribute('min')) ?? '';
      for (let days = 1; days <= 7; days++) {
        const next = new Date(Date.parse(`${first}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
        // The date of a choice already made at this store is shown again: no new request then.
        if ((await date.inputValue()) !== next) {
          const answered = page.waitForResponse((r) => /\/_actions\/delivery(\.|%2E)pickupTimes/.test(r.url()));
          await date.fill(next);
          await answered;
        }
        await expect(dialog.getByText(/Loading|加载|جارٍ/)).toHaveCount(0);
        if (await dialog.locator('input[name="pickup-time"]:not([disabled])').count()) break;
      }
      await dialog.locator('input[name="pickup-time"]:not([disabled])').first().check({ force: true });
      await dialog.locator('[data-save-pickup]').click();
      await slow(dialog).toBeHidden();
      return name;
    }
    await dialog.getByRole('button', { name: /Back|返回|رجوع/ }).click();
  }
  throw new Error('no store offers pick-up');
}

/** The cart with a product of the chosen store: it says where the member shops, and the header says pick-up there. */
async function expectCartAt(page: Page, request: APIRequestContext, mobile: string, storeName: string, prefix = '') {
  const store = await chosenStore(page);
  const me = await apiLogin(request, mobile, PASSWORD);
  const [product] = await productsAt(request, store.store_no, 1, 1, (sen) => sen < 5000, 20);
  await fillCart(request, me, store.store_no, [{ code: product!.code, quantity: 1 }]);
  await page.goto(`${prefix}/cart`);
  await slow(page.getByText(new RegExp(`(Shopping at|التسوق من) .*${storeName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))).toBeVisible();
  await expect(page.locator('[data-delivery-kind]')).toContainText(prefix === '/ar' ? 'استلام من المتجر' : 'Store Pick-up');
  await expect(page.locator('[data-delivery-store]')).toHaveText(storeName);
}

test('a new member with no address finds the stores near a postcode, picks one for pick-up and shops there; a bad postcode and an unknown town say so', async ({ page, request }) => {
  const mobile = await newMember(request);
  await loginAs(page, mobile);
  const dialog = page.locator('dialog[open]');
  // No address form forced on the member: the search is chosen, the location and a new address one tap away.
  await expect(dialog.getByText('No saved address yet?')).toBeVisible();
  await expect(dialog.locator('input[name="dm-address"][value="place"]')).toBeChecked();
  await expect(dialog.locator('input[name="dm-address"][value="location"]')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Postcode or town' })).toBeVisible();
  await expectAccessible(page);

  await search(page, '4730');
  await expect(dialog.locator('[data-place-error]')).toHaveText('A postcode is 5 digits, such as 47300.');
  await expect(dialog.locator('#dm-place')).toHaveAttribute('aria-invalid', 'true');
  await search(page, 'Atlantis');
  await slow(dialog.locator('[data-place-error]')).toHaveText('We found no town called “Atlantis” in Malaysia. Check the spelling, or type its postcode.');
  await expectAccessible(page);

  await search(page, '47300');
  await slow(dialog.locator('[data-stores-near]')).toHaveText('Stores near 47300 Petaling Jaya, Selangor');
  const km = await dialog.locator('[data-store] [dir="ltr"]').allTextContents();
  const figures = km.map((k) => Number(/[\d.]+/.exec(k)![0]));
  expect(figures).toEqual([...figures].sort((a, b) => a - b));
  await expectAccessible(page);
  const name = await pickUpAtFirstStore(page);
  await expectCartAt(page, request, mobile, name);
});

test('a new member finds the stores near the current location, then near a town typed in any case', async ({ page, context, request }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 3.1073, longitude: 101.6067 });
  const mobile = await newMember(request);
  await loginAs(page, mobile);
  const dialog = page.locator('dialog[open]');
  await dialog.locator('input[name="dm-address"][value="location"]').check();
  await dialog.locator('[data-continue]').click();
  await slow(dialog.locator('[data-stores-near]')).toHaveText('Stores near your current location');
  await expectAccessible(page);
  const nearMe = await pickUpAtFirstStore(page);
  await expect(page.locator('[data-delivery-store]')).toHaveText(nearMe);

  // Again from the header's button, by a town this time.
  await page.locator('[data-delivery-button]').click();
  await slow(dialog).toBeVisible();
  await dialog.locator('input[name="dm-address"][value="place"]').check();
  await search(page, '  petaling   JAYA ');
  await slow(dialog.locator('[data-stores-near]')).toHaveText('Stores near Petaling Jaya, Selangor');
  const byTown = await pickUpAtFirstStore(page);
  await expectCartAt(page, request, mobile, byTown);
});

/** The distances shown, in order ('2.4 km away' → 2.4). */
async function distances(page: Page, selector: string): Promise<number[]> {
  return (await page.locator(selector).allTextContents()).map((k) => Number(/[\d.]+/.exec(k)![0]));
}

test('a guest finds the outlets near a postcode on the outlets page, nearest first; a bad postcode says so', async ({ page }) => {
  await page.goto('/outlets');
  await page.getByLabel('Postcode or town').fill('4730');
  await page.locator('[data-outlet-search] button[type="submit"]').click();
  await expect(page).toHaveURL(/\/outlets\?near=4730$/);
  await expect(page.locator('[data-outlet-search-error]')).toHaveText('A postcode is 5 digits, such as 47300.');
  await expect(page.getByLabel('Postcode or town')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Postcode or town').fill('47300');
  await page.locator('[data-outlet-search] button[type="submit"]').click();
  await expect(page.locator('[data-outlets-near]')).toHaveText('Stores near 47300 Petaling Jaya, Selangor');
  const km = await distances(page, '[data-outlets-near-list] [data-outlet-distance]');
  expect(km.length).toBeGreaterThan(0);
  expect(km).toEqual([...km].sort((a, b) => a - b));
  await expectAccessible(page);
});

test.describe('in Arabic on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a guest finds the outlets near a town on the Arabic outlets page; an unknown town says so in Arabic', async ({ page }) => {
    await page.goto('/ar/outlets?near=Atlantis');
    await expect(page.locator('[data-outlet-search-error]')).toHaveText('لم نجد مدينة باسم «Atlantis» في ماليزيا. تحقّق من الكتابة (بالحروف اللاتينية) أو اكتب الرمز البريدي.');
    await page.getByLabel('الرمز البريدي أو المدينة').fill('petaling jaya');
    await page.locator('[data-outlet-search] button[type="submit"]').click();
    await expect(page.locator('[data-outlets-near]')).toContainText('Petaling Jaya, Selangor');
    expect((await distances(page, '[data-outlets-near-list] [data-outlet-distance]')).length).toBeGreaterThan(0);
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
    await expectAccessible(page);
  });
});

test.describe('in Arabic on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a new member finds the stores near a town and picks one for pick-up; a bad postcode and an unknown town in Arabic', async ({ page, request }) => {
    const mobile = await newMember(request);
    await loginAs(page, mobile, '/ar');
    const dialog = page.locator('dialog[open]');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(dialog.getByRole('textbox', { name: 'الرمز البريدي أو المدينة' })).toBeVisible();
    await search(page, '123');
    await expect(dialog.locator('[data-place-error]')).toHaveText('الرمز البريدي 5 أرقام، مثل 47300.');
    await search(page, 'Atlantis');
    await slow(dialog.locator('[data-place-error]')).toHaveText('لم نجد مدينة باسم «Atlantis» في ماليزيا. تحقّق من الكتابة (بالحروف اللاتينية) أو اكتب الرمز البريدي.');
    await expectAccessible(page);
    await search(page, 'Kuala Lumpur');
    await slow(dialog.locator('[data-stores-near]')).toContainText('Kuala Lumpur');
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
    await expectAccessible(page);
    const name = await pickUpAtFirstStore(page);
    await expectCartAt(page, request, mobile, name, '/ar');
    await expectAccessible(page);
  });
});
