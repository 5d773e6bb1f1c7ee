/**
 * JavaScript shipped before interaction (docs/architecture.md "Budgets"), measured in headless Chromium against
 * the built shop. One measurement for `npm run bench` (docs/performance.md) and `npm run budgets`
 * (the gate in CI): every script response while a page loads (islands hydrated at load included)
 * plus the page's inline scripts, each gzipped at level 9.
 *
 * Also here: building the shop when needed, launching Chromium, and logging in
 * as the demo member.
 */
/* global document, window -- the callbacks of page.evaluate run in the browser */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { buildShop } from './build.mjs';
import { chromium } from '@playwright/test';
import { API_KEY } from './shop-process.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Budgets of docs/architecture.md "Budgets", in bytes of gzip. */
export const BUDGETS = {
  /** Home, category, product, search. */
  catalogue: 15 * 1024,
  /** Content pages (about us, privacy policy…). */
  content: 10 * 1024,
  /** Cart, checkout, account pages. */
  member: 150 * 1024,
};

/**
 * The pages the budgets are checked on. `member`: measured logged in as the demo member, with a
 * delivery choice made and P0001 in the cart (checkout shows the cart items named by `items`). Category PORK-CUTS and product P0001 are demo data
 * (src/server/xs-api/db/seed/catalogue.ts).
 */
export const BUDGET_ROUTES = [
  { name: 'Home', url: '/', kind: 'catalogue' },
  { name: 'Category', url: '/category/PORK-CUTS', kind: 'catalogue' },
  { name: 'Product', url: '/product/P0001', kind: 'catalogue' },
  { name: 'Search', url: '/search-products?keyword=pork', kind: 'catalogue' },
  { name: 'About us', url: '/about-us', kind: 'content' },
  { name: 'Privacy policy', url: '/privacy-policy', kind: 'content' },
  { name: 'Cart', url: '/cart', kind: 'member', member: true },
  { name: 'Checkout', url: '/checkout?items=P0001', kind: 'member', member: true },
  { name: 'Account orders', url: '/account/orders', kind: 'member', member: true },
  { name: 'Profile', url: '/account/profile', kind: 'member', member: true },
  { name: 'Password', url: '/account/password', kind: 'member', member: true },
  { name: 'Addresses', url: '/account/addresses', kind: 'member', member: true },
  { name: 'Vouchers', url: '/account/vouchers', kind: 'member', member: true },
  { name: 'My rewards', url: '/account/my-rewards', kind: 'member', member: true },
  { name: 'Points history', url: '/account/my-rewards/membership-points-history', kind: 'member', member: true },
  { name: 'Outlet purchases', url: '/account/purchase-history', kind: 'member', member: true },
  { name: 'Feeds', url: '/account/feeds', kind: 'member', member: true },
  { name: 'Feedback', url: '/account/add-feedback', kind: 'member', member: true },
];

/** The demo member of the seed data (README). */
export const DEMO_MEMBER = { mobile: '0123456789', password: 'demo1234' };
/** The outlet the member's delivery choice names (store_no of the seed's S001). */
export const DEMO_STORE_NO = '001';

export const kb = (bytes) => (bytes / 1024).toFixed(1);

/**
 * Build the shop as `npm run build` does when there is no build yet (or FORCE_BUILD=true).
 * `whole`: a build without the database template or the pictures (a bare `astro build` leaves
 * them out) counts as none, for the bench: a first start would make every picture while the figures
 * are taken (the pictures step takes the files kept from earlier builds).
 * @param {{ whole?: boolean }} [options]
 * @throws Error when the build fails
 */
export function ensureBuild({ whole = false } = {}) {
  const needed = ['dist/server/entry.mjs', ...(whole ? ['dist/pglite-template.tar.gz', 'dist/pictures'] : [])];
  if (needed.every((p) => fs.existsSync(path.join(root, p))) && process.env.FORCE_BUILD !== 'true') return;
  if (buildShop() !== 0) throw new Error('the build failed');
}

export { freePort } from './shop-process.mjs';

/** Headless Chromium: Playwright's own, else the system's (tests/e2e/browser.ts decides). */
export async function launchChromium() {
  const { chromiumExecutable } = await import('../../tests/e2e/browser.ts').catch(() => ({ chromiumExecutable: () => '/usr/bin/chromium-headless-shell' }));
  const executablePath = chromiumExecutable();
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  return { browser, executablePath: executablePath ?? chromium.executablePath() };
}

/**
 * JavaScript a page ships before interaction, in bytes of gzip: every script response while it
 * loads (to network idle, plus 300 ms for islands hydrated at load) and its inline scripts (data
 * blocks such as JSON-LD are not JavaScript and do not count). Code a page imports later on its own
 * (the home page's Swiper, 3 s after load when nobody has touched the page) falls outside that
 * window, provided the server answers promptly: warm it first (`warmUp`).
 * Loads the page without the browser's cache, so each figure is what a first visit costs.
 * @param page a Playwright page
 * @param url absolute URL
 * @returns {Promise<{ bytes: number, finalUrl: string, scripts: { url: string, bytes: number }[] }>}
 */
export async function jsBytes(page, url) {
  const sizes = new Map();
  const pending = [];
  const onResponse = (res) => {
    if (res.request().resourceType() !== 'script') return;
    pending.push(
      res.body().then(
        (body) => sizes.set(res.url(), zlib.gzipSync(body, { level: 9 }).length),
        () => {},
      ),
    );
  };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle', timeout: 90_000 });
  await page.waitForTimeout(300);
  page.off('response', onResponse);
  await Promise.all(pending);
  await cdp.detach();
  // Inline scripts that run: not JSON-LD or other data blocks (`type="application/ld+json"`).
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')]
      .filter((s) => !s.type || /^(module|(text|application)\/(java|ecma)script)$/i.test(s.type))
      .map((s) => s.textContent ?? '')
      .join('\n'),
  );
  const inlineGz = inline.trim() ? zlib.gzipSync(Buffer.from(inline), { level: 9 }).length : 0;
  const scripts = [...sizes].map(([u, bytes]) => ({ url: u, bytes }));
  if (inlineGz) scripts.push({ url: '(inline)', bytes: inlineGz });
  return { bytes: scripts.reduce((a, s) => a + s.bytes, 0), finalUrl: page.url(), scripts };
}

/**
 * Visit pages once and let them settle, so that the server has rendered them and transformed their
 * pictures before they are measured (as a CDN in front would have them).
 * @param page a Playwright page
 * @param urls absolute URLs
 */
export async function warmUp(page, urls) {
  // A cold server transforms every picture on first request: tens of seconds for the home page on
  // a busy machine, hence the long timeouts.
  for (const url of urls) {
    await page.goto(url, { waitUntil: 'load', timeout: 180_000 });
    await page.waitForLoadState('networkidle', { timeout: 180_000 });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle', { timeout: 180_000 });
  }
}

/**
 * Log a page's context in as the demo member through the login form, with a delivery choice made
 * (pick-up at the demo store: the `shipping` entry, which the page's delivery module mirrors into
 * its cookie, src/features/delivery/choice-cookie.ts).
 * @param page a Playwright page (its context keeps the session cookie)
 * @param base the shop's origin
 */
export async function logInDemoMember(page, base) {
  await page.goto(`${base}/login`);
  await page.locator('input[name="mobile"]').fill(DEMO_MEMBER.mobile);
  await page.locator('input[name="password"]').fill(DEMO_MEMBER.password);
  await Promise.all([page.waitForURL((u) => !u.pathname.endsWith('/login'), { timeout: 30_000 }), page.locator('input[name="password"]').press('Enter')]);
  await page.evaluate(
    (storeNo) =>
      localStorage.setItem(
        'shipping',
        JSON.stringify({ type: 'PICKUP', store: { store_code: 'S001', store_no: storeNo, store_name: 'Bench', store_address: '', store_phone: '', store_pickdel: 'BOTHPD', distance_km: 1 }, address: null, state: 'Selangor', date: '2099-01-01', time: '10:00' }),
      ),
    DEMO_STORE_NO,
  );
  // The page's delivery module writes the choice's cookie when it loads.
  await page.reload({ waitUntil: 'networkidle' });
}

/**
 * Put a product in the demo member's cart at the demo store, through the bundled API (coverage.md §7
 * customer_login, add_cart), so that the cart and checkout pages have something to show.
 * @returns {Promise<boolean>} whether the cart holds the product
 */
export async function addToDemoCart(base, productCode) {
  const api = `${base}/api/mobile_ecom/xs_api.php`;
  const headers = { 'content-type': 'application/json', 'x-api-key': API_KEY };
  const login = await fetch(`${api}/customer_login`, { method: 'POST', headers, body: JSON.stringify([DEMO_MEMBER]) }).then((r) => r.json());
  if (!login?.token) return false;
  const res = await fetch(`${api}/add_cart/${login.member_code}?store=${DEMO_STORE_NO}&lang=en`, {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${login.token}` },
    body: JSON.stringify([{ product_code: productCode, product_number: 1 }]),
  });
  const answer = await res.json().catch(() => null);
  return res.ok && Boolean(answer?.data?.items?.some((i) => i.product_code === productCode));
}
