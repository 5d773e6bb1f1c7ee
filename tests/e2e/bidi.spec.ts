/**
 * Arabic on a phone (390 px): Latin runs keep their logical order (issue "A shop that looks real
 * in every language", item 3). The order number and each address line are isolated runs
 * (<bdi dir="auto">) with the postcode beside its city; times name the half of the day in Arabic.
 */
import { expect, test } from './test';
import { login } from './helpers';

/** The demo member's seeded delivery (src/server/xs-api/db/seed/orders.ts). */
const DELIVERING = 'WEB2611200001';

test.use({ viewport: { width: 390, height: 844 } });

test('an Arabic order page keeps the order number, postcode and city in logical order', async ({ page }) => {
  await login(page, '/ar');
  await page.goto(`/ar/account/orders/${DELIVERING}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  const refno = page.locator('[data-detail-refno]');
  await expect(refno).toHaveText(DELIVERING);
  expect(await refno.evaluate((el) => el.tagName)).toBe('BDI');

  // Each address line is its own isolated run; the postcode is followed by its city inside it.
  const lines = page.locator('address bdi[dir="auto"]');
  const texts = await lines.allTextContents();
  const postcodeLine = texts.find((s) => /\b\d{5} [A-Za-z]/.test(s));
  expect(postcodeLine, `an address line with "postcode city" in ${JSON.stringify(texts)}`).toBeTruthy();
  expect(postcodeLine).toMatch(/^\d{5} [^,]+/);

  // Dates and times in Arabic: no English am/pm.
  const times = await page.locator('[data-order-history] time').allTextContents();
  expect(times.length).toBeGreaterThan(0);
  for (const shown of times) {
    expect(shown).not.toMatch(/\b(am|pm)\b/i);
    expect(shown).toMatch(/[صم]/);
  }

  // The order list: the separator sits between the order number and the date (flex items, not a literal run).
  await page.goto('/ar/account/orders');
  const card = page.locator('[data-order]').first();
  const link = card.locator('[data-order-link] bdi');
  await expect(link).toHaveText(/^WEB\d+$/);
  const [refBox, dotBox, dateBox] = await Promise.all([link.boundingBox(), card.locator('header [aria-hidden="true"]').first().boundingBox(), card.locator('[data-order-date]').boundingBox()]);
  // Right to left: the order number, then the dot, then the date, from right to left.
  expect(refBox!.x).toBeGreaterThan(dotBox!.x);
  expect(dotBox!.x).toBeGreaterThan(dateBox!.x);
});
