/**
 * Issue 24 "Words and numbers", in Arabic on a phone (390 px): a Latin address is one run in the
 * order it is written (the delivery modal's address step, its store step), standing at the start of
 * its line (the right) like the Arabic around it; outlet names carry the brand as the page writes it;
 * 'RM' never ends a line apart from its figure (the redeem modal). Axe on each page touched.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './test';
import { expectAccessible, loginWithDelivery, login } from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

const FSI = '\u2068';
const PDI = '\u2069';

/**
 * How far the last line of a block's text stops from the block's right edge (px): about 0 when the
 * text starts at the right as Arabic does, the free width of the line when it is left-aligned.
 */
async function gapAtRight(block: Locator): Promise<number> {
  return block.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const lines = [...range.getClientRects()];
    return node.getBoundingClientRect().right - lines[lines.length - 1]!.right;
  });
}

/** True when every 'RM' in the element's text sits on the same line as the figure after it. */
async function rmBesideFigures(el: Locator): Promise<string[]> {
  return el.evaluate((root) => {
    const apart: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const m of text.matchAll(/RM(\s)(\d[\d,.]*)/g)) {
        const rect = (from: number, to: number) => {
          const r = document.createRange();
          r.setStart(node!, from);
          r.setEnd(node!, to);
          return r.getClientRects()[0];
        };
        const rm = rect(m.index!, m.index! + 2);
        const figure = rect(m.index! + 3, m.index! + m[0].length);
        if (rm && figure && Math.abs(rm.top - figure.top) > 2) apart.push(text.trim());
      }
    }
    return apart;
  });
}

async function openDeliveryModal(page: Page) {
  const dialog = page.locator('dialog[open]');
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  return dialog;
}

test('AR delivery modal: each saved address is one run in written order, at the start of its line; outlets carry the Arabic brand', async ({ page }) => {
  await login(page, '/ar');
  const dialog = await openDeliveryModal(page);
  const line = dialog.locator('[data-address-line]').first();
  await expect(line).toBeVisible();
  const text = (await line.textContent()) ?? '';
  // One isolated run: the parts keep their written order ('No. 18, …, 47300 Petaling Jaya, Selangor').
  expect(text.split(FSI).length - 1, JSON.stringify(text)).toBe(1);
  expect(text.startsWith(FSI) && text.endsWith(PDI)).toBe(true);
  expect(text).toMatch(/\d{5} [A-Z][a-z]/);
  // The run stands at the right, where the Arabic lines of the step begin.
  expect(await gapAtRight(dialog.locator('[data-address-line]').last())).toBeLessThan(2);
  await expectAccessible(page);

  await dialog.locator('[data-continue]').click();
  const store = dialog.locator('[data-store]').first();
  await expect(store).toBeVisible({ timeout: 20_000 });
  await expect(store).toContainText('إكس إس فريش مارت');
  await expect(store).not.toContainText('XS Fresh Mart');
  const address = store.locator('[data-store-address]');
  expect(await gapAtRight(address), 'the outlet address starts at the right, under its name').toBeLessThan(2);
  await expectAccessible(page);
});

test('AR outlets page: addresses start at the right under their names; names carry the Arabic brand', async ({ page }) => {
  await page.goto('/ar/outlets');
  const card = page.locator('[data-outlet-address]').first();
  await expect(card).toBeVisible();
  expect(await gapAtRight(card)).toBeLessThan(2);
  expect(await page.locator('main').textContent()).not.toContain('XS Fresh Mart');
  await expectAccessible(page);
});

test('AR redeem modal: RM stays on the line of its figure', async ({ page }) => {
  await loginWithDelivery(page, 'DELIVERY', '/ar');
  await page.goto('/ar/account/vouchers');
  await page.locator('[data-redeem-open]').click();
  const dialog = page.locator('dialog[open]');
  await expect(dialog.locator('[data-redeem-list]')).toBeVisible();
  const text = (await dialog.textContent()) ?? '';
  expect(text).toContain('RM\u00a030.00');
  expect(text).not.toMatch(/RM [0-9]/);
  expect(await rmBesideFigures(dialog)).toEqual([]);
  await expectAccessible(page);
});
