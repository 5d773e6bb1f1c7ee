/**
 * Outlet purchases (coverage.md §2 /account/purchase-history and /{transno}): the demo member filters the
 * history by date (a GET form), opens a bill and sees its lines and total; a reversed range is
 * refused in Arabic, and the Arabic bill fits a phone.
 */
import { expect, test } from './test';
import { expectAccessible, loginWithDelivery } from './helpers';

const SEPTEMBER_BILL = 'S001-20260912-0042';
const NOVEMBER_BILL = 'S005-20261108-0118';

test('the demo member filters the outlet purchases, opens a bill and sees its items', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginWithDelivery(page, 'DELIVERY');
  await page.goto('/account/purchase-history');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Outlet purchases');
  await expect(page.locator('nav [aria-current="page"]')).toHaveText('Purchase History');

  await page.getByLabel('From', { exact: true }).fill('2026-09-01');
  await page.getByLabel('To', { exact: true }).fill('2026-09-30');
  await page.locator('[data-purchase-filter-submit]').click();
  await expect(page).toHaveURL(/fromDate=2026-09-01&toDate=2026-09-30/);
  const rows = page.locator('[data-purchase-row]');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-purchase-row', SEPTEMBER_BILL);
  await expect(rows.first()).toContainText('12/09/2026');
  await expect(page.locator(`[data-purchase-row="${NOVEMBER_BILL}"]`)).toHaveCount(0);
  await expectAccessible(page);

  await rows.first().click();
  await expect(page).toHaveURL(`/account/purchase-history/${SEPTEMBER_BILL}`);
  await expect(page.locator('[data-purchase-transno]')).toHaveText(SEPTEMBER_BILL);
  const items = page.locator('[data-purchase-item]');
  await expect(items).toHaveCount(5);
  await expect(items.first()).toContainText('Pork Belly');
  await expect(page.locator('[data-purchase-bill-total]')).toHaveText(/^RM \d+\.\d[05]$/);
  await expect(page.locator('[data-print-bill]')).toBeVisible();
  await expectAccessible(page);

  // Arabic on a phone: a reversed range is refused in Arabic; the bill fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/ar/account/purchase-history?fromDate=2026-11-30&toDate=2026-09-01');
  await expect(page.locator('[data-purchase-range-error]')).toHaveText('يجب ألا يكون تاريخ البداية بعد تاريخ النهاية.');
  await page.goto(`/ar/account/purchase-history/${SEPTEMBER_BILL}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('bdi[data-purchase-transno]')).toHaveText(SEPTEMBER_BILL);
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
});
