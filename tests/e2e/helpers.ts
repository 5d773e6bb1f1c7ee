/** Shared steps of the shopper journeys: log in, choose a delivery method, axe check. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API, apiLogin, auth } from './shop-api';
import AxeBuilder from '@axe-core/playwright';

export const DEMO = { mobile: '0123456789', password: 'demo1234' };

/**
 * Logs the demo member in through the login page, as on a device met for the first time. The
 * delivery choice saved with the member (spec §3, update_delivery_method) is forgotten first through
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
    // (spec §5), so the first day's early slots expire while a long test is still on its way to
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
