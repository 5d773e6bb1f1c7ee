/**
 * Security headers (issue "Hardened for the open internet" §1; README Security): every kind of
 * response carries them, and the Content-Security-Policy (script hashes, no 'unsafe-inline' for
 * scripts) lets every script and style of the shop run: no violation is reported on the main pages
 * of a whole journey, from the home page to paying on the sandbox page in its pop-up.
 */
import type { APIResponse, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './test';
import { DEMO, loginWithDelivery } from './helpers';
import { API, API_KEY, apiLogin, chosenStore, fillCart, productsAt, toCheckout } from './shop-api';

const slow = expect.configure({ timeout: 20_000 });

/** Collects every CSP violation in the context: console errors and securitypolicyviolation events, pop-ups included. */
async function watchCsp(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('__cspViolation', ({ page }, text: string) => violations.push(`${page.url()}: ${text}`));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sample}) at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`);
    });
  });
  const listen = (page: Page) =>
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(`${page.url()}: ${msg.text()}`);
    });
  context.pages().forEach(listen);
  context.on('page', listen);
  return violations;
}

/** Visits a page, lets its scripts run, and checks that it really rendered. */
async function visit(page: Page, path: string) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBeLessThan(400);
  await page.waitForLoadState('networkidle');
}

test('the main pages run every script and style under the Content-Security-Policy, with no violation', async ({ page, context, request }) => {
  test.setTimeout(150_000);
  const violations = await watchCsp(context);

  await visit(page, '/');
  // The header banner's Swiper starts: its arrows appear once the script has run.
  await slow(page.locator('[data-slideshow-name="header-banner"]')).toHaveClass(/swiper-initialized/);
  const category = await page.locator('a[href^="/category/"]').first().getAttribute('href');
  await visit(page, category!);
  await visit(page, '/product/P0001');
  await visit(page, '/ar/');
  await visit(page, '/register');

  await loginWithDelivery(page, 'PICKUP');
  const store = await chosenStore(page);
  const me = await apiLogin(request, DEMO.mobile, DEMO.password);
  const [product] = await productsAt(request, store.store_no, 1, 2, undefined, 30);
  await fillCart(request, me, store.store_no, [{ code: product!.code, quantity: 1 }]);
  await visit(page, '/favourites');
  await toCheckout(page);
  await page.locator('[data-place-order]').click();
  await slow(page).toHaveURL(/\/order-success\?order=WEB\d+/);

  // Pay Now opens the sandbox provider's page in a pop-up (once its script has enhanced the form);
  // paying brings the shopper back.
  await slow(page.locator('form[data-pay-now][data-enhanced]')).toHaveCount(1);
  const popupOpened = page.waitForEvent('popup');
  await page.locator('[data-pay-now-button]').click();
  const popup = await popupOpened;
  await slow(popup.getByText('TEST MODE', { exact: false }).first()).toBeVisible();
  await popup.locator('button[value="approve"]').click();
  await slow(page.locator('[data-pay-now-box]')).toHaveCount(0);

  for (const path of ['/account/profile', '/account/addresses', '/account/orders', '/account/vouchers', '/account/my-rewards', '/account/feeds', '/account/password']) {
    await visit(page, path);
  }
  expect(violations).toEqual([]);
});

/** The headers every response carries, whatever produced it. */
function expectHardened(res: APIResponse, what: string) {
  const h = res.headers();
  expect(h['x-frame-options'], what).toBe('DENY');
  expect(h['x-content-type-options'], what).toBe('nosniff');
  expect(h['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(h['permissions-policy'], what).toContain('geolocation=(self)');
  expect(h['permissions-policy'], what).toContain('camera=()');
  expect(h['content-security-policy'], what).toContain("frame-ancestors 'none'");
  // A plain-HTTP server (SITE_URL not https) never sends HSTS.
  expect(h['strict-transport-security'], what).toBeUndefined();
}

test('pages, Actions, the API, static files, pictures, errors and redirects all carry the security headers', async ({ request }) => {
  const home = await request.get('/');
  expectHardened(home, 'page');
  const csp = home.headers()['content-security-policy']!;
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src '))!;
  expect(scriptSrc).toMatch(/'sha256-/);
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(csp).toContain("object-src 'none'");

  const html = await home.text();
  const script = html.match(/\/_astro\/[\w.-]+\.js/)![0];
  const picture = html.match(/\/_p\/[^"\s,]+/)![0];
  const responses: [string, APIResponse][] = [
    ['script file', await request.get(script)],
    ['public file', await request.get('/favicon.svg')],
    ['picture', await request.get(picture)],
    ['picture refusal', await request.get(picture.replace(/\/\d+x\d+\./, '/4000x4000.'))],
    ['API answer', await request.get(`${API}/mobile_ecommerce_header_banner`, { headers: API_KEY })],
    ['API refusal', await request.get(`${API}/mobile_ecommerce_header_banner`)],
    ['not found', await request.get('/no-such-page')],
    ['redirect', await request.get('/account/profile', { maxRedirects: 0 })],
    ['Action refusal', await request.post('/_actions/access.login', { data: {}, headers: { origin: 'http://127.0.0.1' } })],
    ['cross-site form post', await request.post('/login?_action=access.login', { form: { mobile: '1' }, headers: { origin: 'https://evil.example' }, maxRedirects: 0 })],
  ];
  expect(responses.find(([w]) => w === 'redirect')![1].status()).toBe(302);
  expect(responses.find(([w]) => w === 'not found')![1].status()).toBe(404);
  expect(responses.find(([w]) => w === 'picture refusal')![1].status()).toBe(400);
  expect(responses.find(([w]) => w === 'cross-site form post')![1].status()).toBe(403);
  expect(responses.find(([w]) => w === 'API refusal')![1].status()).toBeGreaterThanOrEqual(400);
  for (const [what, res] of responses) expectHardened(res, what);
  // Files that are not pages can run nothing.
  expect(responses[0]![1].headers()['content-security-policy']).toContain("default-src 'none'");
});
