/**
 * The staff console at /staff (issue "The outlets run the shop" §2, §3; ADR 25), as an outlet works
 * it in Chromium: log in, a paid pick-up order arrives on the board without a reload (with its
 * cue), its pick list and printable sheets, a short pick refunded in the sandbox, ready (the
 * shopper's text carries the collection code), a wrong code refused and the right one handing it
 * over; HQ sets an outlet's slot capacity and the board shows the slot full; an outlet member
 * cannot open another outlet's order. EN on a 1024 × 768 tablet, AR on a 390 px phone, with axe.
 */
import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './test';
import { expectAccessible } from './helpers';
import { failuresOf, measure } from './screen-checks';
import { API, API_KEY, apiLogin, apiPickupOrder, auth, productsAt, type Session } from './shop-api';
import { DEMO } from './helpers';
import { E2E_OPS_TOKEN } from '../../playwright.config';
import { earliestPickupDate } from '../../src/domain/pickup';
import { formatExactPrice } from '../../src/domain/money';

const PASSWORD = 'counter-password-1';
const bootstrap = { ...API_KEY, authorization: `Bearer ${E2E_OPS_TOKEN}` };
// The board's poller asks every 15 s: a new order shows within one or two polls.
const slow = expect.configure({ timeout: 40_000 });

/** Adds a staff member with the bootstrap token; a login of its own per call. */
async function addStaff(request: APIRequestContext, role: 'hq' | 'outlet', outlets: string[], name: string): Promise<string> {
  const login = `e2e.${role}.${Date.now()}.${Math.floor(Math.random() * 1e6)}`;
  const res = await request.post(`${API}/staff/add`, { headers: bootstrap, data: { login, name, password: PASSWORD, role, outlets } });
  expect(res.status(), await res.text()).toBe(200);
  return login;
}

/** Logs in at /staff/login (in `lang` when given) and lands on the board. */
async function consoleLogin(page: Page, login: string, lang?: 'ar' | 'zh') {
  await page.goto(`/staff/login${lang ? `?lang=${lang}` : ''}`);
  await page.locator('#staff-login').fill(login);
  await page.locator('#staff-password').fill(PASSWORD);
  await page.locator('[data-staff-login] button[type=submit]').click();
  await expect(page).toHaveURL(/\/staff$/);
}

/** The outlet's store number ('S001' → its store_no). */
async function storeNo(request: APIRequestContext, code: string): Promise<string> {
  const res = await request.get(`${API}/pickup_store_listing?store=${code}`, { headers: API_KEY });
  return ((await res.json()) as { data: { store_no: string }[] }).data[0]!.store_no;
}

/** Approves the order's payment on the sandbox's page, in a tab of its own. */
async function payInSandbox(page: Page, request: APIRequestContext, me: Session, refno: string) {
  const res = await request.get(`${API}/get_update_order_status_paid_sandbox_url/${me.member}/${refno}`, { headers: auth(me) });
  const url = new URL(((await res.json()) as { url: string }).url);
  const tab = await page.context().newPage();
  await tab.goto(url.pathname + url.search);
  await tab.getByRole('button', { name: /Approve/ }).click();
  await expect(tab.getByText(/paid|payment/i).first()).toBeVisible();
  await tab.close();
}

/**
 * The text messages sent to the demo member about order `refno`, newest first, as staff read the
 * outbox (other tests text the same member meanwhile).
 */
async function demoTexts(request: APIRequestContext, refno: string): Promise<string[]> {
  const res = await request.get(`${API}/ops/sms_outbox?to=${DEMO.mobile}`, { headers: bootstrap });
  return ((await res.json()) as { data: { message: string }[] }).data.map((m) => m.message).filter((m) => m.includes(refno));
}

test.describe('an outlet on a tablet (EN)', () => {
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

  test('a paid order arrives without a reload; pick list, print, short pick, ready with the code, hand-over', async ({ page, request }) => {
    test.setTimeout(120_000);
    const login = await addStaff(request, 'outlet', ['S001'], 'Counter Aisyah');
    await consoleLogin(page, login);
    const me = await apiLogin(request, DEMO.mobile, DEMO.password);
    const settings = ((await (await request.get(`${API}/self_pickup_min_time`, { headers: API_KEY })).json()) as { data: Parameters<typeof earliestPickupDate>[0] }).data;
    const day = earliestPickupDate(settings, new Date())!;
    await page.goto(`/staff?date=${day}`);
    await expect(page.locator('h1')).toContainText('Orders');
    await expectAccessible(page);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    const store = await storeNo(request, 'S001');
    const [a, b] = await productsAt(request, store, 2, 4, undefined, 70);
    const refno = await apiPickupOrder(request, me, store, [{ ...a!, quantity: 2 }, { ...b!, quantity: 1 }]);
    await payInSandbox(page, request, me, refno);

    // The board's poller brings the order in, with the banner; the page was not reloaded.
    const card = page.locator(`[data-board-card="${refno}"]`);
    await slow(card).toBeVisible();
    await expect(card).toContainText('3 units');
    await expect(page.locator('[data-new-orders]')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await expect(page.locator('[data-column="to_pick"] [data-column-count]')).not.toHaveText('0');

    await card.locator('[data-order-link]').click();
    await expect(page.locator('[data-staff-status]')).toHaveText('Paid');
    await expect(page.locator(`[data-pick-line="${a!.code}"] td`).first()).toHaveText('2');
    await expect(page.locator('[data-order-summary]')).toContainText(DEMO.mobile);
    await expectAccessible(page);
    expect(failuresOf('tablet order page', await measure(page))).toEqual([]);

    // Printable sheets: A4 and the 80 mm roll, without the console's controls on paper.
    await page.locator('[data-print-receipt]').click();
    await expect(page.locator('body')).toHaveAttribute('data-paper', 'receipt');
    await expect(page.locator(`[data-print-sheet="${refno}"]`)).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('[data-print-now]')).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await page.goBack();

    // Short pick: one unit of the first line cannot be supplied.
    await page.locator('[data-action="short-pick"] summary').click();
    await page.locator(`[data-short-quantity="${a!.code}"]`).fill('1');
    await page.locator('[data-action="short-pick"] button[type=submit]').click();
    await expect(page.locator('[data-done="short_picked"]')).toBeVisible();
    await expect(page.locator(`[data-pick-line="${a!.code}"] [data-short]`)).toContainText('1 not available');
    await expect(page.locator('[data-refunded]')).toContainText(formatExactPrice(a!.priceSen));
    await expect(page.locator('[data-history-entry="short_pick"]')).toContainText('Counter Aisyah');
    expect((await demoTexts(request, refno))[0]).toContain('were not available');
    // The sandbox provider's own record shows the partial refund.
    await page.locator('[data-payment-record]').click();
    await expect(page.locator('[data-sandbox-refunded]')).toContainText(formatExactPrice(a!.priceSen).replace('RM ', ''));
    await page.goBack();

    await page.locator('[data-action="ready"] button').click();
    await expect(page.locator('[data-done="ready"]')).toBeVisible();
    await expect(page.locator('[data-staff-status]')).toHaveText('Ready To Pickup');
    const text = (await demoTexts(request, refno))[0]!;
    expect(text).toContain(refno);
    const code = /Collection code: (\d{6})/.exec(text)?.[1];
    expect(code).toBeTruthy();
    // The shopper sees the same code on their order, and the step without the staff member's name.
    const shopper = (await (await request.get(`${API}/order_detail/${me.member}/${refno}`, { headers: auth(me) })).json()) as { data: { collection_code: string; history: unknown[] } };
    expect(shopper.data.collection_code).toBe(code);
    expect(JSON.stringify(shopper.data.history)).not.toContain('Aisyah');

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await page.locator('#collection-code').fill(wrong);
    await page.locator('[data-action="handover"] button').click();
    await expect(page.locator('[data-action-error="handover"]')).toHaveText('This collection code does not match the order.');
    await expect(page.locator('[data-staff-status]')).toHaveText('Ready To Pickup');
    await page.locator('#collection-code').fill(code!);
    await page.locator('[data-action="handover"] button').click();
    await expect(page.locator('[data-done="handed_over"]')).toBeVisible();
    await expect(page.locator('[data-staff-status]')).toHaveText('Waiting Comment');
    await expect(page.locator('[data-nothing-to-do]')).toBeVisible();
    await expectAccessible(page);
  });

  test('HQ sets an outlet’s slot capacity; the board shows the slot full and the shop refuses another order', async ({ page, request }) => {
    const hq = await addStaff(request, 'hq', [], 'HQ Chen');
    await consoleLogin(page, hq);
    await page.goto('/staff/capacity');
    const row = page.locator('[data-capacity-row="S003"]');
    await row.locator('input[name="pickup_slot_capacity"]').fill('1');
    await row.getByRole('button').click();
    await expect(page.getByRole('status')).toContainText('Capacity saved');
    await expect(page.locator('[data-capacity-row="S003"] input[name="pickup_slot_capacity"]')).toHaveValue('1');
    await expectAccessible(page);
    try {
      const me = await apiLogin(request, DEMO.mobile, DEMO.password);
      const store = await storeNo(request, 'S003');
      const [p] = await productsAt(request, store, 1, 3, undefined, 75);
      const refno = await apiPickupOrder(request, me, store, [{ ...p!, quantity: 1 }]);
      const detail = (await (await request.get(`${API}/order_detail/${me.member}/${refno}`, { headers: auth(me) })).json()) as { data: { order_del_pickup_date: string; order_del_pickup_time: string } };
      await page.goto(`/staff?date=${detail.data.order_del_pickup_date}&outlet=S003`);
      const slot = page.locator(`[data-slot="S003 ${detail.data.order_del_pickup_time}"]`);
      await expect(slot).toContainText('1/1');
      await expect(slot).toContainText('Full');
      // The same slot refuses the next order with the shop's message.
      const refused = await request.post(`${API}/add_order/${me.member}`, {
        headers: auth(me),
        data: { idempotency_key: `e2e-full-${Date.now()}`, order_del_type: 'PICKUP', store, order_amount: '0.00', order_rounding: '0.00', order_delivery_charges: '0.00', order_voucher_amount: '0.00', order_del_pickup_date: detail.data.order_del_pickup_date, order_del_pickup_time: detail.data.order_del_pickup_time, product: [{ product_code: p!.code, product_quantity: 1 }] },
      });
      expect(refused.status()).toBeGreaterThanOrEqual(400);
      await request.post(`${API}/update_order_status_cancelled/${me.member}`, { headers: auth(me), data: { order_refno: refno } });
    } finally {
      await request.post(`${API}/ops/capacity_set`, { headers: bootstrap, data: { store_code: 'S003', pickup_slot_capacity: null, delivery_day_capacity: null } });
    }
  });
});

test('HQ manages staff in the console: adds an outlet member, who logs in; disables them, whose session ends', async ({ page, browser, request }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const hq = await addStaff(request, 'hq', [], 'HQ Siti');
  await consoleLogin(page, hq);
  await page.goto('/staff/team');
  await expect(page.locator('h1')).toHaveText('Staff accounts');
  const login = `e2e.new.${Date.now()}`;
  const form = page.locator('[data-add-staff]');
  await form.locator('#new-login').fill(login);
  await form.locator('#new-name').fill('New Counter');
  await form.locator('#new-password').fill('short');
  await form.locator('input[name="outlets"][value="S004"]').check();
  await form.getByRole('button').click();
  await expect(page.locator('[data-add-staff] [role="alert"]')).toContainText('at least 10 characters');
  await page.locator('#new-login').fill(login);
  await page.locator('#new-name').fill('New Counter');
  await page.locator('#new-password').fill(PASSWORD);
  await page.locator('[data-add-staff] input[name="outlets"][value="S004"]').check();
  await page.locator('[data-add-staff]').getByRole('button').click();
  await expect(page.locator('[data-done="staff_added"]')).toBeVisible();
  await expect(page.locator(`[data-team-member="${login}"]`)).toContainText('S004');
  await expectAccessible(page);

  const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const counter = await other.newPage();
  await consoleLogin(counter, login);
  await expect(counter.locator('[data-staff-who]')).toContainText('New Counter');
  await expect(counter.getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0);
  expect((await counter.goto('/staff/team'))?.status()).toBe(403);

  await page.locator(`[data-team-member="${login}"] form button`).first().click();
  await expect(page.locator('[data-done="staff_disabled"]')).toBeVisible();
  await counter.goto('/staff');
  await expect(counter).toHaveURL(/\/staff\/login/);
  await other.close();
});

test.describe('an outlet on a phone (ZH)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the same day’s work in Chinese on a phone: board, pick list, short pick, ready, a wrong code, hand-over', async ({ page, request }) => {
    test.setTimeout(120_000);
    const zh = JSON.parse(fs.readFileSync('messages/zh.json', 'utf8')) as Record<string, string>;
    const login = await addStaff(request, 'outlet', ['S005'], '陈店员');
    await consoleLogin(page, login, 'zh');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
    const me = await apiLogin(request, DEMO.mobile, DEMO.password);
    const store = await storeNo(request, 'S005');
    const [a, b] = await productsAt(request, store, 2, 4, undefined, 84);
    const refno = await apiPickupOrder(request, me, store, [{ ...a!, quantity: 2 }, { ...b!, quantity: 1 }]);
    const detail = (await (await request.get(`${API}/order_detail/${me.member}/${refno}`, { headers: auth(me) })).json()) as { data: { order_del_pickup_date: string } };
    await page.goto(`/staff?date=${detail.data.order_del_pickup_date}`);
    await payInSandbox(page, request, me, refno);
    const card = page.locator(`[data-board-card="${refno}"]`);
    await slow(card).toBeVisible();
    await expect(page.locator('[data-column="to_pick"] h2')).toContainText(zh.staff_column_to_pick!);
    expect(failuresOf('phone board (ZH)', await measure(page))).toEqual([]);
    await expectAccessible(page);

    await card.locator('[data-order-link]').click();
    await expect(page.locator('[data-staff-status]')).toHaveText(zh.status_paid!);
    await page.locator('[data-action="short-pick"] summary').click();
    await page.locator(`[data-short-quantity="${b!.code}"]`).fill('0');
    await page.locator('[data-action="short-pick"] button[type=submit]').click();
    await expect(page.locator('[data-done="short_picked"]')).toHaveText(zh.staff_done_short_picked!);
    await expect(page.locator(`[data-pick-line="${b!.code}"] td`).first()).toHaveText('0');
    await page.locator('[data-action="ready"] button').click();
    await expect(page.locator('[data-staff-status]')).toHaveText(zh.status_ready_to_pickup!);
    const text = (await demoTexts(request, refno))[0]!;
    const code = /(\d{6})$/.exec(text.trim())?.[1];
    expect(text).toContain(refno);
    await page.locator('#collection-code').fill('999999' === code ? '111111' : '999999');
    await page.locator('[data-action="handover"] button').click();
    await expect(page.locator('[data-action-error="handover"]')).toHaveText(zh.collection_code_wrong!);
    expect(failuresOf('phone order (ZH)', await measure(page))).toEqual([]);
    await expectAccessible(page);
    await page.locator('#collection-code').fill(code!);
    await page.locator('[data-action="handover"] button').click();
    await expect(page.locator('[data-done="handed_over"]')).toHaveText(zh.staff_done_handed_over!);
  });
});

test.describe('an outlet on a phone (AR)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('logs in in Arabic, sees its board and pick list right to left; another outlet’s order is not found', async ({ page, request }) => {
    const login = await addStaff(request, 'outlet', ['S002'], 'Bala');
    await consoleLogin(page, login, 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('h1')).toContainText('الطلبات');
    await expectAccessible(page);
    expect(failuresOf('phone board', await measure(page))).toEqual([]);

    // An order of outlet S001: not found for S002's staff, as an unknown one.
    const me = await apiLogin(request, DEMO.mobile, DEMO.password);
    const store = await storeNo(request, 'S001');
    const [p] = await productsAt(request, store, 1, 3, undefined, 78);
    const refno = await apiPickupOrder(request, me, store, [{ ...p!, quantity: 1 }]);
    const res = await page.goto(`/staff/orders/${refno}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('alert')).toBeVisible();
    const foreign = await page.goto('/staff?outlet=S001');
    expect(foreign?.status()).toBe(403);
    await request.post(`${API}/update_order_status_cancelled/${me.member}`, { headers: auth(me), data: { order_refno: refno } });

    // Its own outlet's order: the pick list right to left, readable on a phone.
    const own = await storeNo(request, 'S002');
    const [q] = await productsAt(request, own, 1, 3, undefined, 80);
    const mine = await apiPickupOrder(request, me, own, [{ ...q!, quantity: 1 }]);
    await page.goto(`/staff/orders/${mine}`);
    await expect(page.locator('[data-staff-status]')).toHaveText('قيد الانتظار');
    await expect(page.locator('[data-pick-list]')).toBeVisible();
    await expect(page.locator('[data-action="cancel"]')).toBeVisible();
    await expectAccessible(page);
    expect(failuresOf('phone order page', await measure(page))).toEqual([]);
    await request.post(`${API}/update_order_status_cancelled/${me.member}`, { headers: auth(me), data: { order_refno: mine } });
  });
});
