/**
 * Pick-up slot capacity as the shopper meets it (issue "The outlets run the shop" §3): HQ sets an
 * outlet's pick-up capacity to 0 (ops/capacity_set with the test server's bootstrap token), and
 * the delivery modal's pick-up step shows that outlet's times as Full: disabled, never selectable,
 * the label read with the time, a stored time that became full no longer chosen (EN on a desktop,
 * AR on a phone). At checkout, an order for a slot that filled up meanwhile shows the API's message
 * and reopens the pick-up step; another time is chosen and the order goes through.
 * Each test gives the outlet its default capacity back (null) whatever happens.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './test';
import { DEMO, expectAccessible, login } from './helpers';
import { API, API_KEY, apiLogin, fillCart, productsAt, toCheckout } from './shop-api';
import { E2E_OPS_TOKEN } from '../../playwright.config';

const slow = expect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 150_000 });

/** The outlet these tests fill up: store S001 (store number 001, within 30 km of the demo member's address). */
const OUTLET = { code: 'S001', no: '001' };
const HQ = { ...API_KEY, authorization: `Bearer ${E2E_OPS_TOKEN}` };

/** Sets the outlet's own pick-up slot capacity as HQ does (null: back to the shop's default). */
async function setPickupCapacity(request: APIRequestContext, capacity: number | null) {
  const res = await request.post(`${API}/ops/capacity_set`, { headers: HQ, data: { store_code: OUTLET.code, pickup_slot_capacity: capacity, delivery_day_capacity: null } });
  expect(res.status(), await res.text()).toBe(200);
}

// A fresh server answers its first pick-up reads slowly: ask them once before the modal does.
test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  await request.get(`${API}/self_pickup_min_time`, { headers: API_KEY });
  await request.get(`${API}/pickup_store_listing?latitude=3.1478&longitude=101.711`, { headers: API_KEY, timeout: 110_000 });
});

/** From the modal's address step (already open) to the outlet's pick-up step; waits for its times. */
async function toPickupStep(page: Page) {
  const dialog = page.locator('dialog[open]');
  await slow(dialog.locator('[data-continue]')).toBeEnabled();
  await dialog.locator('[data-continue]').click();
  await slow(dialog.locator(`[data-store="${OUTLET.no}"]`)).toBeVisible();
  await dialog.locator(`[data-store="${OUTLET.no}"]`).click();
  await dialog.locator('[data-method="PICKUP"]').click();
  await slow(dialog.locator('input[name="pickup-time"]').first()).toBeAttached();
  return dialog;
}

/** Chooses the first time offered and saves: the modal closes. */
async function saveFirstTime(page: Page) {
  const dialog = page.locator('dialog[open]');
  await dialog.locator('input[name="pickup-time"]:not([disabled])').first().check({ force: true });
  await dialog.locator('[data-save-pickup]').click();
  await slow(dialog).toBeHidden();
}

/** Every time of the date shown is Full (its label, read with the time), disabled and not chosen; Save refuses. */
async function expectAllFull(page: Page, fullLabel: string, pickMessage: string) {
  const dialog = page.locator('dialog[open]');
  const times = dialog.locator('input[name="pickup-time"]');
  const count = await times.count();
  expect(count).toBeGreaterThan(0);
  await expect(dialog.locator('label[data-full]')).toHaveCount(count);
  await expect(dialog.locator('[data-full-label]').first()).toHaveText(fullLabel);
  for (let i = 0; i < count; i++) await expect(times.nth(i)).toBeDisabled();
  await expect(dialog.getByRole('radio', { name: new RegExp(`, ${fullLabel}$`) })).toHaveCount(count);
  await expect(dialog.locator('input[name="pickup-time"]:checked')).toHaveCount(0);
  // A click on a full time chooses nothing.
  await dialog.locator('label[data-full]').first().click({ force: true });
  await expect(dialog.locator('input[name="pickup-time"]:checked')).toHaveCount(0);
  await dialog.locator('[data-save-pickup]').click();
  await expect(dialog.getByRole('alert').filter({ hasText: pickMessage })).toBeVisible();
}

test('EN: a full outlet’s pick-up times are Full and cannot be chosen; the stored time is no longer chosen', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page);
  await toPickupStep(page);
  await saveFirstTime(page);
  await setPickupCapacity(request, 0);
  try {
    await page.locator('[data-delivery-button]').click();
    await toPickupStep(page);
    await expectAllFull(page, 'Full', 'Please select preferred date and time for self pick up');
    await expectAccessible(page);
  } finally {
    await setPickupCapacity(request, null);
  }
});

test.describe('in Arabic on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('AR: a full outlet’s pick-up times read ممتلئ, disabled, nothing overflows', async ({ page, request }) => {
    await login(page, '/ar');
    await setPickupCapacity(request, 0);
    try {
      await toPickupStep(page);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expectAllFull(page, 'ممتلئ', 'يرجى اختيار التاريخ والوقت المفضلين للاستلام');
      const overflow = await page.locator('dialog[open]').evaluate((d) => d.scrollWidth - d.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(page);
    } finally {
      await setPickupCapacity(request, null);
    }
  });
});

test('EN: an order for a slot that filled up meanwhile: the message, the pick-up step again, another time, the order placed', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page);
  await toPickupStep(page);
  await saveFirstTime(page);
  const me = await apiLogin(request, DEMO.mobile, DEMO.password);
  const [product] = await productsAt(request, OUTLET.no, 1, 3, undefined, 60);
  await fillCart(request, me, OUTLET.no, [{ code: product!.code, quantity: 1 }]);
  await toCheckout(page);
  const full = 'This pick-up time is full. Please choose another time.';
  await setPickupCapacity(request, 0);
  try {
    await page.locator('[data-place-order]').click();
    await slow(page.locator('[data-checkout-error]')).toHaveText(full);
    const dialog = page.locator('dialog[open]');
    await slow(dialog).toBeVisible();
    await expect(dialog.getByRole('alert').filter({ hasText: full })).toBeVisible();
    await slow(dialog.locator('label[data-full]').first()).toBeVisible();
    await expect(dialog.locator('input[name="pickup-time"]:checked')).toHaveCount(0);
    await expectAccessible(page);
  } finally {
    await setPickupCapacity(request, null);
  }
  // The outlet takes orders again: a later day's times are free; one is chosen and saved.
  const dialog = page.locator('dialog[open]');
  const date = dialog.locator('#pickup-date');
  const first = (await date.inputValue()) || ((await date.getAttribute('min')) ?? '');
  for (let days = 1; days <= 7; days++) {
    const next = new Date(Date.parse(`${first}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const answered = page.waitForResponse((r) => /\/_actions\/delivery(\.|%2E)pickupTimes/.test(r.url()));
    await date.fill(next);
    await answered;
    if (await dialog.locator('input[name="pickup-time"]:not([disabled])').count()) break;
  }
  await saveFirstTime(page);
  await expect(page.locator('[data-checkout-error]')).toHaveCount(0);
  await page.locator('[data-place-order]').click();
  await slow(page).toHaveURL(/\/order-success\?order=WEB\d+/);
});
