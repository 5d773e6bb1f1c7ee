/**
 * Catalogue and discovery (coverage.md §2 Public routes, Product list view, Search; §4 Product list; §9):
 * category navigation, the product list view (infinite scroll of 25, sort, price filter, grid /
 * list), the fixed lists, the shop page, header suggestions, AR right to left, and axe checks.
 * The demo catalogue: 133 products; "pork" matches 45 (two pages); Pork Belly & Cuts has 10.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { expectAccessible } from './helpers';

const cards = (page: Page) => page.locator('[data-product-list] [data-product-card]');
const list = (page: Page) => page.locator('[data-product-list]');

/** Final prices of the cards, in RM, in page order. */
async function prices(page: Page): Promise<number[]> {
  const texts = await page.locator('[data-product-card] p > span[dir="ltr"]').allTextContents();
  return texts.map((t) => Number(t.replace(/[^\d.]/g, '')));
}

async function scrollToEnd(page: Page) {
  await page.locator('[data-list-sentinel]').scrollIntoViewIfNeeded();
}

test('category page: group → line navigation, accessible', async ({ page }) => {
  await page.goto('/category');
  await expectAccessible(page);
  await page.getByRole('navigation', { name: 'Categories' }).last().getByRole('link', { name: 'Frozen Food' }).click();
  await expect(page).toHaveURL(/\/category\?group_code=FROZEN-FOOD$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Frozen Food' })).toBeVisible();
  await page.getByRole('link', { name: 'Dumplings & Buns' }).click();
  await expect(page).toHaveURL(/\/category\/DUMPLINGS\?group_code=FROZEN-FOOD$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dumplings & Buns' })).toBeVisible();
  await expect(cards(page)).toHaveCount(10);
  await expect(list(page)).toHaveAttribute('data-state', 'done');
  await expectAccessible(page);
});

test('infinite scroll loads the second page of 25 and stops at the end', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/fragments/products')) asked.push(new URL(r.url()).searchParams.get('limit') ?? '');
  });
  await page.goto('/search-products?keyword=pork');
  await expect(cards(page)).toHaveCount(25);
  await expect(list(page)).toHaveAttribute('data-state', 'loaded');
  await expect(page.locator('[data-list-pages]')).toBeHidden();
  await expectAccessible(page);
  await scrollToEnd(page);
  await expect(cards(page)).toHaveCount(45);
  await expect(list(page)).toHaveAttribute('data-state', 'done');
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page.locator('[data-list-status]')).toHaveText('You have seen all the products.');
  // The appended cards are the same markup: their add-to-cart buttons submit the page's enhanced card form.
  await expect(page.locator('[data-product-list] button[form="card-cart"]')).toHaveCount(45);
  await expect(page.locator('form#card-cart[data-enhanced]')).toHaveCount(1);
  await scrollToEnd(page);
  await page.waitForTimeout(800);
  await expect(cards(page)).toHaveCount(45);
  expect(asked).toEqual(['25,25']);
  const codes = await cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-product-card')));
  expect(new Set(codes).size).toBe(45);
});

test('a shared page URL opens that page; without JavaScript the page links work', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/search-products?keyword=pork');
  await expect(cards(page)).toHaveCount(25);
  await page.locator('[data-list-pages] a[rel="next"]').click();
  await expect(page).toHaveURL(/page=2/);
  await expect(cards(page)).toHaveCount(20);
  await expect(page.locator('[data-list-first]')).toBeVisible();
  await page.locator('#list-sort').selectOption('price_low');
  await page.locator('[data-sort-submit]').click();
  await expect(page).toHaveURL(/sort=price_low/);
  await expect(page).not.toHaveURL(/page=/);
  await context.close();
});

test('sort price_low is ascending, also across the loaded pages', async ({ page }) => {
  await page.goto('/search-products?keyword=pork');
  await page.locator('#list-sort').selectOption('price_low');
  await expect(page).toHaveURL(/sort=price_low/);
  await expect(cards(page)).toHaveCount(25);
  await scrollToEnd(page);
  await expect(cards(page)).toHaveCount(45);
  const p = await prices(page);
  expect(p).toHaveLength(45);
  expect(p).toEqual([...p].sort((a, b) => a - b));
  expect(p[0]).toBeLessThan(p[44]!);
});

test('a price filter with no result says No items found; Reset filters brings the products back', async ({ page }) => {
  await page.goto('/category/PORK-CUTS');
  await expect(cards(page)).toHaveCount(10);
  await page.getByText('Filters', { exact: true }).click();
  await page.getByLabel('Minimum').fill('900');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/category\/PORK-CUTS\?min=900$/);
  await expect(page.getByText('No items found')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await page.locator('[data-list-empty] [data-reset-filters]').click();
  await expect(page).toHaveURL(/\/category\/PORK-CUTS$/);
  await expect(cards(page)).toHaveCount(10);
  // A range that matches: every price within it.
  await page.goto('/category/PORK-CUTS?min=12&max=16');
  for (const p of await prices(page)) expect(p >= 12 && p <= 16, String(p)).toBe(true);
});

test('grid / list switch works and is remembered', async ({ page }) => {
  await page.goto('/category/PORK-CUTS');
  const listButton = page.getByRole('button', { name: 'List view' });
  await expect(page.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');
  const gridWidth = (await cards(page).first().boundingBox())!.width;
  await listButton.click();
  await expect(list(page)).toHaveAttribute('data-view', 'list');
  await expect(listButton).toHaveAttribute('aria-pressed', 'true');
  const listWidth = (await cards(page).first().boundingBox())!.width;
  expect(listWidth).toBeGreaterThan(gridWidth * 2);
  await page.reload();
  await expect(list(page)).toHaveAttribute('data-view', 'list');
  await expect(listButton).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Grid view' }).click();
  await expect(list(page)).toHaveAttribute('data-view', 'grid');
});

test('suggestions appear after typing in the header; keyboard selects one', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/suggest')) asked.push(r.url());
  });
  await page.goto('/category');
  const input = page.getByRole('combobox', { name: 'Search products' });
  await input.pressSequentially('   ');
  await page.waitForTimeout(800);
  expect(asked).toEqual([]);
  await input.fill('');
  await input.pressSequentially('pork belly', { delay: 30 });
  const listbox = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(listbox).toBeVisible();
  expect(asked).toHaveLength(1); // debounced: one request for the whole word
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  const options = listbox.getByRole('option');
  expect(await options.count()).toBeGreaterThan(0);
  expect(await options.count()).toBeLessThanOrEqual(10);
  for (const name of await options.allTextContents()) expect(name.toLowerCase()).toContain('belly');
  await expectAccessible(page);
  await input.press('ArrowDown');
  await input.press('ArrowDown');
  const second = options.nth(1);
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id'))!);
  await input.press('ArrowUp');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await input.press('Escape');
  await expect(listbox).toBeHidden();
  await expect(input).toHaveAttribute('aria-expanded', 'false');
  await input.press('ArrowDown');
  await expect(listbox).toBeVisible();
  const name = (await options.first().textContent())!.replace(/RM.*$/, '').trim();
  await input.press('Enter');
  await expect(page).toHaveURL(/\/product\/P\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});

test('suggestions match Chinese names and link to the Chinese product page', async ({ page }) => {
  await page.goto('/zh/');
  await page.getByRole('combobox').pressSequentially('五花肉');
  const option = page.getByRole('option', { name: /^五花肉 RM/ });
  await expect(option).toBeVisible();
  await option.click();
  await expect(page).toHaveURL(/\/zh\/product\/P0001$/);
});

test('no suggestions on /search-products', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/suggest')) asked.push(r.url());
  });
  await page.goto('/search-products?keyword=pork');
  await expect(page.locator('#site-search')).not.toHaveAttribute('role', 'combobox');
  await expect(page.locator('#site-search')).not.toHaveAttribute('aria-controls', /./);
  await page.locator('#site-search').fill('');
  await page.locator('#site-search').pressSequentially('belly');
  await page.waitForTimeout(1200);
  await expect(page.getByRole('listbox')).toHaveCount(0);
  expect(asked).toEqual([]);
});

test('/product-list/hottest lists without sort or filters; /product-list/nope is 404', async ({ page }) => {
  const ok = await page.goto('/product-list/hottest');
  expect(ok?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Hottest' })).toBeVisible();
  await expect(cards(page)).toHaveCount(25);
  await expect(page.locator('#list-sort')).toHaveCount(0);
  await expect(page.locator('[data-price-filter]')).toHaveCount(0);
  await scrollToEnd(page);
  await expect(cards(page)).toHaveCount(50);
  for (const slug of ['features', 'latest', 'promotions']) expect((await page.request.get(`/product-list/${slug}`)).status(), slug).toBe(200);
  const missing = await page.goto('/product-list/nope');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('/shop redirects to /shop/catalog in each language; the shop page lists every product', async ({ page }) => {
  for (const [from, to] of [['/shop', '/shop/catalog'], ['/zh/shop', '/zh/shop/catalog'], ['/ar/shop', '/ar/shop/catalog']]) {
    const r = await page.request.get(from!, { maxRedirects: 0 });
    expect(r.status(), from).toBe(301);
    expect(new URL(r.headers().location!, 'http://x').pathname).toBe(to);
  }
  await page.goto('/shop');
  await expect(page).toHaveURL(/\/shop\/catalog$/);
  await expect(page.getByText('133 products')).toBeVisible();
  await expect(cards(page)).toHaveCount(25);
  await scrollToEnd(page);
  await expect(cards(page)).toHaveCount(50);
  await page.getByRole('link', { name: 'Minced Pork' }).first().click();
  await expect(page).toHaveURL(/\/category\/PORK-MINCE\?group_code=FRESH-PORK$/);
});

test('the list endpoints refuse bad input with 4xx and never answer 5xx', async ({ page }) => {
  const status = async (url: string) => (await page.request.get(url)).status();
  for (const q of ['limit=-1,25', 'limit=0,1000', 'limit=0,0', 'sort=cheapest', 'type=all', 'min=-5', 'line=%3Cscript%3E']) {
    expect(await status(`/fragments/products?${q}`), q).toBe(400);
  }
  const script = await page.request.get(`/fragments/products?search=${encodeURIComponent('<script>alert(1)</script>')}`);
  expect(script.status()).toBe(200);
  expect(await script.text()).not.toContain('<script>alert');
  expect(await status(`/fragments/products?search=${encodeURIComponent("' OR 1=1; DROP TABLE products; --")}`)).toBe(200);
  const page2 = await page.request.get('/fragments/products?search=pork&limit=25,25');
  expect(page2.headers()['cache-control']).toMatch(/^public/);
  expect(page2.headers()['x-total']).toBe('45');
  expect((await page2.text()).match(/data-list-item/g)).toHaveLength(20);
  expect(await status('/api/suggest?q=pork&lang=xx')).toBe(400);
  expect(await (await page.request.get('/api/suggest?q=%20')).json()).toEqual({ items: [] });
});

test.describe('Arabic on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the list renders right to left without horizontal overflow', async ({ page }) => {
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.goto('/ar/search-products?keyword=pork');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(cards(page)).toHaveCount(25);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await scrollToEnd(page);
    await expect(cards(page)).toHaveCount(45);
    await page.getByRole('button', { name: 'عرض قائمة' }).click();
    await expect(list(page)).toHaveAttribute('data-view', 'list');
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await page.goto('/ar/category/PORK-CUTS');
    await page.getByText('التصفية', { exact: true }).click();
    await expect(page.getByLabel('الحد الأدنى')).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.goto('/ar/shop/catalog');
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});
