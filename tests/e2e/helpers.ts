/** Shared steps of the shopper journeys: log in, choose a delivery method, axe check. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API, API_KEY, apiLogin, auth, type Session } from './shop-api';
import { earliestPickupDate } from '../../src/domain/pickup';
import AxeBuilder from '@axe-core/playwright';

export const DEMO = { mobile: '0123456789', password: 'demo1234' };

/**
 * Logs the demo member in through the login page, as on a device met for the first time. The
 * delivery choice saved with the member (coverage.md §3, update_delivery_method) is forgotten first through
 * the shop's API, so each test starts from "no choice yet" whatever an earlier test chose: a test of
 * the saved choice itself logs in without this helper.
 */
export async function login(page: Page, prefix = '') {
  await forgetSavedDelivery(page.request);
  await page.goto(`${prefix}/login`);
  await page.getByLabel(/Mobile Number|手机号码|رقم الهاتف المحمول/).fill(DEMO.mobile);
  await page.locator('#login-password').fill(DEMO.password);
  await page.locator('[data-login-form] button').click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/?$`));
}

/** Removes the demo member's delivery choice saved on the server (update_delivery_method with null). */
export async function forgetSavedDelivery(request: APIRequestContext) {
  const session = await apiLogin(request, DEMO.mobile, DEMO.password);
  const res = await request.post(`${API}/update_delivery_method/${session.member}`, { headers: auth(session), data: { delivery_method: null } });
  expect(res.status(), await res.text()).toBe(200);
}

const modal = expect.configure({ timeout: 20_000 });

type StoreRow = { store_code: string; store_no: string; store_name: string; store_address: string; store_phone: string; store_pickdel: string; store_state: string; distance_km: number | null };
type AddressRow = { add_id: number; add_person: string; add_address1: string; add_address2: string; add_city: string; add_postcode: string; add_state: string; add_phone: string; latitude: number | null; longitude: number | null };

/**
 * The choice chooseDelivery makes in the modal, made through the shop's API: the member's first saved
 * address, the nearest outlet offering `type`, and for a pick-up the first free time on a day after
 * the first bookable one (the lead time counts to the minute, coverage.md §5). Shaped as the modal saves it
 * (src/features/delivery/choice.ts).
 */
async function deliveryChoiceFor(request: APIRequestContext, session: Session, type: 'PICKUP' | 'DELIVERY') {
  const get = async <T>(url: string, headers: Record<string, string>) => {
    const res = await request.get(`${API}/${url}`, { headers });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { data: T }).data;
  };
  const [address] = await get<AddressRow[]>(`address_listing/${session.member}?limit=1`, auth(session));
  const stores = await get<StoreRow[]>(`pickup_store_listing?latitude=${address.latitude}&longitude=${address.longitude}`, API_KEY);
  const store = stores.find((s) => s.store_pickdel === type || s.store_pickdel === 'BOTHPD');
  if (!store) throw new Error(`no outlet near the demo address offers ${type}`);
  const { latitude: _lat, longitude: _lng, ...saved } = address;
  const choice = {
    type,
    store: { store_code: store.store_code, store_no: store.store_no, store_name: store.store_name, store_address: store.store_address, store_phone: store.store_phone, store_pickdel: store.store_pickdel, distance_km: store.distance_km },
    address: saved,
    state: saved.add_state,
  };
  if (type === 'DELIVERY') return choice;
  const settings = await get<Parameters<typeof earliestPickupDate>[0]>('self_pickup_min_time', API_KEY);
  const first = earliestPickupDate(settings, new Date());
  if (!first) throw new Error('no bookable pick-up date');
  for (let days = 1; days <= 7; days++) {
    const date = new Date(Date.parse(`${first}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const { times, full } = await get<{ times: string[]; full: string[] }>(`self_pickup_time_range?date=${date}&store=${store.store_code}`, API_KEY);
    const time = times.find((t) => !full.includes(t));
    if (time) return { ...choice, date, time };
  }
  throw new Error(`no free pick-up time at ${store.store_code} within a week`);
}

/**
 * Logs the demo member in (as `login` does) with a delivery choice already saved with them (coverage.md §3
 * "saved per user"), as a member who chose on another device: the header adopts it on the first
 * page (src/components/layout/header.ts `refreshSession`), so no modal stands in the way. Ends on
 * the home page with the choice in localStorage and its cookie. The same choice as chooseDelivery
 * makes, without running the modal's steps, which chooseDelivery's callers test.
 */
export async function loginWithDelivery(page: Page, type: 'PICKUP' | 'DELIVERY', prefix = '') {
  const session = await apiLogin(page.request, DEMO.mobile, DEMO.password);
  const choice = await deliveryChoiceFor(page.request, session, type);
  const saved = await page.request.post(`${API}/update_delivery_method/${session.member}`, { headers: auth(session), data: { delivery_method: choice } });
  expect(saved.status(), await saved.text()).toBe(200);
  await page.goto(`${prefix}/login`);
  await page.getByLabel(/Mobile Number|手机号码|رقم الهاتف المحمول/).fill(DEMO.mobile);
  await page.locator('#login-password').fill(DEMO.password);
  await page.locator('[data-login-form] button').click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/?$`));
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'xs_shipping'), { timeout: 15_000 }).toBe(true);
}

/**
 * Runs the delivery modal from its address step: a saved address, the first store that allows
 * `type`, then (pick-up) the first time offered. Waits up to 20 s for each step: the modal's code
 * loads on first open.
 */
export async function chooseDelivery(page: Page, type: 'PICKUP' | 'DELIVERY') {
  const dialog = page.locator('dialog[open]');
  await modal(dialog).toBeVisible();
  await dialog.locator('[data-continue]').click();
  await modal(dialog.locator('[data-store]').first()).toBeVisible();
  const stores = dialog.locator('[data-store]');
  const count = await stores.count();
  for (let i = 0; i < count; i++) {
    await stores.nth(i).click();
    const option = dialog.locator(`[data-method="${type}"]`);
    if (await option.isEnabled()) {
      await option.click();
      break;
    }
    await dialog.getByRole('button', { name: /Back|返回|رجوع/ }).click();
  }
  if (type === 'PICKUP') {
    // A slot on a day after the first bookable one: the lead time counts from now to the minute
    // (coverage.md §5), so the first day's early slots expire while a long test is still on its way to
    // checkout. A closed day has no slots: the next day is tried.
    const date = dialog.locator('#pickup-date');
    await modal(date).toBeVisible();
    const first = (await date.getAttribute('min')) ?? '';
    for (let days = 1; days <= 7; days++) {
      const next = new Date(Date.parse(`${first}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
      const answered = page.waitForResponse((r) => /\/_actions\/delivery(\.|%2E)pickupTimes/.test(r.url()));
      await date.fill(next);
      await answered;
      await expect(dialog.getByText(/Loading|加载|جارٍ/)).toHaveCount(0);
      if (await dialog.locator('input[name="pickup-time"]').count()) break;
    }
    const time = dialog.locator('input[name="pickup-time"]').first();
    await modal(time).toBeAttached();
    await time.check({ force: true });
    await dialog.locator('[data-save-pickup]').click();
  }
  await modal(dialog).toBeHidden();
}

/**
 * No serious or critical axe violations on the current page, once its transitions have ended (a
 * button fading in from disabled is judged at its full colour, as a shopper sees it). Every rule
 * runs, in the page itself (`setLegacyMode`: the shop has no frames, and the default mode's second
 * blank page, where axe injected again to finish its run, took three quarters of each check's 3–8 s
 * on the 2-core CI machine); axe gathers only the violations (`resultTypes`), not every node that
 * passed.
 */
export async function expectAccessible(page: Page) {
  await page.evaluate(async () => {
    const ending = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([Promise.all(ending.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 2000))]);
  });
  const results = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`)).toEqual([]);
}

/**
 * A slow phone: the page's requests for `script` (a glob of the island's built file, under
 * `_astro/`) wait until the returned `release()` is called, so a test can act before the island has hydrated.
 */
export async function holdScript(page: Page, script: string): Promise<() => void> {
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  await page.route(script, async (route) => {
    await arrived;
    await route.continue();
  });
  return release;
}
