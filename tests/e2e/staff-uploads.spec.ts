/**
 * HQ's uploads in the console, in Chromium (issue 20 item 2, ADR 28; the CSV import, ADR 27): a
 * picture uploaded on a product's picture section shows in the shop's product gallery at once,
 * moves and is removed; a products file with 3 bad rows is checked and the dry run names them;
 * a good file is checked, applied and its product is found by the shop's search. EN at 1366 px,
 * AR on a 390 px phone, with axe on each page.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import fs from 'node:fs';
import sharp from 'sharp';
import { expect, test } from './test';
import { expectAccessible } from './helpers';
import { API, API_KEY } from './shop-api';
import { E2E_OPS_TOKEN } from '../../playwright.config';

const PASSWORD = 'uploads-password-1';
const bootstrap = { ...API_KEY, authorization: `Bearer ${E2E_OPS_TOKEN}` };
const HEADER = 'product_code,product_name_en,product_name_zh,product_name_ar,line_code,price,final_price,unit,visible';

/** Adds an HQ member with the bootstrap token and logs in at /staff/login (in `lang` when given). */
async function hqLogin(page: Page, request: APIRequestContext, lang?: 'ar') {
  const login = `e2e.uploads.${Date.now()}.${Math.floor(Math.random() * 1e6)}`;
  const res = await request.post(`${API}/staff/add`, { headers: bootstrap, data: { login, name: 'HQ Farah', password: PASSWORD, role: 'hq', outlets: [] } });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto(`/staff/login${lang ? `?lang=${lang}` : ''}`);
  await page.locator('#staff-login').fill(login);
  await page.locator('#staff-password').fill(PASSWORD);
  await page.locator('[data-staff-login] button[type=submit]').click();
  await expect(page).toHaveURL(/\/staff$/);
}

/** A small photo-like JPEG. */
const photo = () =>
  sharp({ create: { width: 480, height: 360, channels: 3, background: '#1f7a4d' } })
    .composite([{ input: Buffer.from('<svg width="480" height="360"><circle cx="240" cy="180" r="120" fill="#f5c542"/></svg>') }])
    .jpeg()
    .toBuffer();

/** Chooses a CSV `text` as products on the import page and checks it. */
async function checkFile(page: Page, name: string, text: string) {
  await page.locator('input[name=kind][value=products]').check();
  await page.locator('#import-file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await page.locator('[data-import-form] button[type=submit]').click();
  await expect(page).toHaveURL(/\/staff\/catalogue\/import\?run=[0-9a-f]{32}$/);
}

test.describe('HQ at a desk (EN, 1366 px)', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('a picture uploaded shows in the shop’s gallery at once, moves earlier and is removed', async ({ page, request }, info) => {
    await hqLogin(page, request);
    await page.goto('/staff/catalogue/P0004/pictures');
    await expect(page.locator('h1')).toContainText('Pictures');
    const before = await page.locator('[data-picture]').count();
    await expectAccessible(page);
    await page.getByLabel(/Add a picture/).setInputFiles({ name: 'shelf.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.locator('[data-done=added]')).toBeVisible();
    const items = page.locator('[data-picture]');
    await expect(items).toHaveCount(before + 1);
    const added = (await items.last().getAttribute('data-picture'))!;
    expect(added).toMatch(/^\/_u\/[0-9a-f]{32}\.webp$/);
    await page.screenshot({ path: info.outputPath('pictures-en-1366.png'), fullPage: true });

    // The shop's product page, rendered anew: the gallery's thumbnail carries the upload's sizes.
    await page.goto('/product/P0004');
    const id = added.slice('/_u/'.length, -'.webp'.length);
    const thumb = page.locator(`[data-gallery-thumb] img[srcset*="${id}"]`);
    await expect(thumb).toHaveCount(1);
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await thumb.click();
    await expect.poll(() => page.locator('[data-gallery-main]').evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(id);
    await page.screenshot({ path: info.outputPath('gallery-en-1366.png') });

    await page.goto('/staff/catalogue/P0004/pictures');
    await page.getByRole('button', { name: `Move picture ${before + 1} earlier` }).click();
    await expect(page.locator('[data-done=moved]')).toBeVisible();
    await expect(items.nth(before - 1)).toHaveAttribute('data-picture', added);
    await page.getByRole('button', { name: `Remove picture ${before}` }).click();
    await expect(page.locator('[data-done=removed]')).toBeVisible();
    await expect(page.locator(`[data-picture="${added}"]`)).toHaveCount(0);
  });

  test('a file with 3 bad rows: the dry run names them; a good file is applied and found by search', async ({ page, request }, info) => {
    await hqLogin(page, request);
    await page.goto('/staff/catalogue/import');
    await expect(page.locator('h1')).toContainText('Import');
    await expectAccessible(page);
    const stamp = String(Date.now()).slice(-6);
    const code = `UPL${stamp}`;
    const good = `${code},Kelapa Upload ${stamp},上传椰子 ${stamp},جوز هند مرفوع ${stamp},PORK-CUTS,12.90,,1 kg,1`;
    const bad = [
      HEADER,
      good,
      `${code}B,Bad Price ${stamp},,,PORK-CUTS,12.9,,1 kg,1`,
      `${code}C,Bad Line ${stamp},,,NO-SUCH-LINE,5.00,,1 kg,1`,
      `${code}D,=SUM(A1) ${stamp},,,PORK-CUTS,5.00,,1 kg,1`,
    ].join('\n');
    await checkFile(page, 'prices-bad.csv', bad);
    // Every bad cell is listed (a bad price also makes the blank promotional price unreadable): 3 rows.
    await expect(page.locator('[data-count=bad] dd')).toHaveText('3');
    const lines = await page.locator('[data-import-errors] tbody tr').evaluateAll((rows) => [...new Set(rows.map((r) => r.getAttribute('data-error-line')))]);
    expect(lines).toEqual(['3', '4', '5']);
    await expect(page.locator('[data-error-line="4"]')).toContainText('NO-SUCH-LINE');
    await expect(page.locator('[data-import-apply]')).toHaveCount(0);
    await expectAccessible(page);
    await page.screenshot({ path: info.outputPath('import-bad-en-1366.png'), fullPage: true });

    await checkFile(page, 'prices.csv', `${HEADER}\n${good}\n`);
    await expect(page.locator('[data-count=new] dd')).toHaveText('1');
    await page.getByRole('button', { name: 'Apply this file' }).click();
    await expect(page.locator('[data-import-applied]')).toBeVisible();
    await page.goto(`/search-products?keyword=${encodeURIComponent(`Kelapa Upload ${stamp}`)}`);
    await expect(page.locator(`a[href="/product/${code}"]`).first()).toBeVisible();

    // The products export holds the new product in the import's columns, and imports again unchanged.
    await page.goto('/staff/catalogue/import');
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-products-export]').click()]);
    expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = fs.readFileSync((await download.path())!, 'utf8');
    expect(exported.startsWith(`\uFEFF${HEADER}`)).toBe(true);
    expect(exported).toContain(`${code},Kelapa Upload ${stamp},上传椰子 ${stamp},جوز هند مرفوع ${stamp},PORK-CUTS,12.90,,1 kg,1`);
    await checkFile(page, 'products-export.csv', exported);
    await expect(page.locator('[data-count=new] dd')).toHaveText('0');
    await expect(page.locator('[data-count=changed] dd')).toHaveText('0');
  });
});

test.describe('HQ on a phone (AR, 390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the picture section and the import’s dry run, right to left, in Arabic', async ({ page, request }, info) => {
    await hqLogin(page, request, 'ar');
    await page.goto('/staff/catalogue/P0005/pictures');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('h1')).toContainText('الصور');
    await expect(page.getByLabel(/إضافة صورة/)).toBeVisible();
    // A text file named .jpg: refused in place, in Arabic.
    await page.getByLabel(/إضافة صورة/).setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('just some words, not a picture') });
    await page.getByRole('button', { name: 'رفع' }).click();
    await expect(page.locator('[data-pictures-error]')).toHaveText('يجب أن تكون الصورة ملف JPEG أو PNG أو WebP.');
    await expectAccessible(page);
    await page.screenshot({ path: info.outputPath('pictures-ar-390.png'), fullPage: true });

    await page.goto('/staff/catalogue/import');
    await checkFile(page, 'prices.csv', `${HEADER}\nARB1,Bad ${Date.now()},,,PORK-CUTS,abc,,1 kg,1\n`);
    await expect(page.locator('[data-count=bad] dd')).toHaveText('1');
    await expect(page.locator('[data-error-line="2"]').first()).toContainText('منزلتين عشريتين');
    await expect(page.locator('[data-import-errors] caption')).toContainText('مشكلات يجب تصحيحها');
    await expectAccessible(page);
    await page.screenshot({ path: info.outputPath('import-ar-390.png'), fullPage: true });
  });
});
