/**
 * The account's vouchers and rewards (coverage.md §1 points, §2 Account vouchers and my-rewards, Modals:
 * voucher details and redeem voucher, §4 Voucher tabs, §8 'Not enough point to redeem'): the
 * tabs (an expired voucher is not clickable), the details modal with its link, redeeming the
 * cheapest voucher with points (balance down, the voucher in the Active tab, the redemption first
 * in the history and readable on its own page), the rewards page's balance and its RM value.
 * In English on a desktop and in Arabic on a phone; the buttons disabled until the page's script has
 * taken over. The seeded vouchers VM000001/3/4 are left alone.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { expectAccessible, holdScript, loginWithDelivery } from './helpers';
import { rebateForPoints } from '../../src/domain/points';
import { formatExactPrice } from '../../src/domain/money';

const slow = expect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

/** The balance shown on the vouchers page. */
async function balance(page: Page): Promise<number> {
  const v = await page.locator('[data-points-balance]').getAttribute('data-points-balance');
  return Number(v);
}

async function journey(page: Page, prefix: string, texts: { past: RegExp; redeemed: RegExp; details: RegExp; question: RegExp }) {
  await loginWithDelivery(page, 'PICKUP', prefix);
  await page.goto(`${prefix}/account/vouchers`);
  const island = page.locator('[data-vouchers]');
  await slow(island).toBeVisible();
  // Tabs: the seeded active vouchers, and the expired one (not a button) in Expired/Used.
  await slow(page.locator('[data-voucher-card="VM000001"] button')).toBeVisible();
  // The tabs answer once the island has hydrated (a click on the server's markup does nothing).
  await slow(page.locator('astro-island:has([data-vouchers])')).not.toHaveAttribute('ssr');
  await page.locator('[data-voucher-tab="past"]').click();
  await expect(page.locator('[data-voucher-tab="past"]')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[data-voucher-panel="past"]')).toContainText(texts.past);
  await expect(page.locator('[data-voucher-card="VM000002"] button')).toHaveCount(0);
  await expect(page.locator('[data-voucher-card="VM000002"] [aria-disabled="true"]')).toBeVisible();
  await expectAccessible(page);
  await page.locator('[data-voucher-tab="active"]').click();

  // Details modal.
  await page.locator('[data-voucher-card="VM000003"] button').click();
  const dialog = page.locator('dialog[open]');
  await expect(dialog.getByRole('heading', { name: texts.details })).toBeVisible();
  await expect(dialog.locator('[data-voucher-details="VM000003"]')).toContainText('R10-261001-0042');
  await expect(dialog.locator('[data-voucher-page-link]')).toHaveAttribute('href', `${prefix}/voucher-details/?code=RM10OFF`);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // Redeem the cheapest kind.
  const before = await balance(page);
  const activeBefore = await page.locator('[data-voucher-panel="active"] [data-voucher-card]').count();
  await page.locator('[data-redeem-open]').click();
  const option = page.locator('[data-redeem-option]').first();
  await expect(option).toHaveAttribute('data-redeem-option', 'RM5OFF');
  const cost = Number(await option.locator('[data-redeem-cost]').getAttribute('data-redeem-cost'));
  // An amount is never split: 'RM' and its figure sit on one line (the Arabic cards wrap their text).
  const split = await page.locator('dialog[open]').evaluate((dialog) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(dialog, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      for (const m of (n.textContent ?? '').matchAll(/RM\s?[\d.,]+/g)) {
        const range = document.createRange();
        range.setStart(n, m.index);
        range.setEnd(n, m.index + m[0].length);
        if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) found.push(m[0]);
      }
    }
    return found;
  });
  expect(split).toEqual([]);
  await expectAccessible(page);
  // Redeem asks first; "Not now" spends nothing.
  await option.locator('[data-redeem]').click();
  await expect(option.locator('[data-redeem-question]')).toContainText(texts.question);
  await expect(option.locator('[data-redeem-confirm]')).toBeFocused();
  await expectAccessible(page);
  await option.locator('[data-redeem-keep]').click();
  await expect(option.locator('[data-redeem-question]')).toHaveCount(0);
  await expect(option.locator('[data-redeem]')).toBeFocused();
  await expect(page.locator('[data-points-balance]')).toHaveAttribute('data-points-balance', String(before));
  await option.locator('[data-redeem]').click();
  await option.locator('[data-redeem-confirm]').click();
  await slow(page.locator('[data-toast="success"]')).toContainText(texts.redeemed);
  await expect(page.locator('dialog[open]')).toHaveCount(0);
  await expect(page.locator('[data-points-balance]')).toHaveAttribute('data-points-balance', String(before - cost));
  // The side panel's figure follows without a reload.
  await expect(page.locator('[data-side-points]')).toHaveText(String(before - cost));
  await expect(page.locator('[data-voucher-panel="active"] [data-voucher-card]')).toHaveCount(activeBefore + 1);
  await page.reload();
  await slow(page.locator('[data-points-balance]')).toHaveAttribute('data-points-balance', String(before - cost));

  // Rewards: balance and its value in RM (RM10 per 500 points).
  const left = before - cost;
  await page.goto(`${prefix}/account/my-rewards`);
  await expect(page.locator('[data-rewards-points]')).toHaveAttribute('data-rewards-points', String(left));
  await expect(page.locator('[data-rewards-value]')).toContainText(formatExactPrice(rebateForPoints(left)));
  await expectAccessible(page);

  // History: the redemption first, and its own page.
  await page.locator('[data-rewards-history]').click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/account/my-rewards/membership-points-history$`));
  const first = page.locator('[data-points-history] [data-points-entry]').first();
  await expect(first.locator('[data-points]')).toHaveAttribute('data-points', String(-cost));
  await expectAccessible(page);
  await first.click();
  await expect(page.locator('[data-points-entry-detail]')).toContainText(String(-cost));
  await expectAccessible(page);
  const missing = await page.goto(`${prefix}/account/my-rewards/membership-points-history/PT0000000000`);
  expect(missing?.status()).toBe(404);
}

test.describe('English, desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });
  test('tabs, voucher details, redeem with points, rewards value and history', async ({ page }) => {
    await journey(page, '', { past: /Expired/, redeemed: /Voucher redeemed: RM5 off/, details: /Voucher details/, question: /^Spend 250 points on RM5 off\?$/ });
  });
});

test.describe('Arabic, phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('tabs, voucher details, redeem with points, rewards value and history', async ({ page }) => {
    await journey(page, '/ar', { past: /منتهية/, redeemed: /تم استبدال القسيمة/, details: /تفاصيل القسيمة/, question: /^هل تريد إنفاق .+ على ".+"؟$/ });
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });
});

test('the vouchers page\'s buttons are disabled until its script has taken over, so an early tap is never lost', async ({ page }) => {
  await loginWithDelivery(page, 'PICKUP');
  // A slow phone: the page's script arrives after the page has been drawn.
  const release = await holdScript(page, '**/_astro/VouchersIsland*.js');
  await page.goto('/account/vouchers', { waitUntil: 'domcontentloaded' });
  const redeem = page.locator('[data-redeem-open]');
  await expect(redeem).toBeDisabled();
  await expect(page.locator('[data-voucher-tab="past"]')).toBeDisabled();
  await expect(page.locator('[data-voucher-card="VM000001"] button')).toBeDisabled();
  release();
  await expect(redeem).toBeEnabled();
  await redeem.click();
  await expect(page.locator('dialog[open] [data-redeem-list]')).toBeVisible();
});
