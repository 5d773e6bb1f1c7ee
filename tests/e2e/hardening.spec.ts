/**
 * The site's routes against malformed input (issue "Hardened for the open internet" parts 1–4), on
 * the built server: a fuzz of every site route (coverage.md §2) in EN, ZH and AR, as a guest and as a
 * member, GET and form posts to Actions, with hostile path segments, query strings and form fields
 * (NUL and control characters, broken %-encodings, ~1 MB fields, overlong paths) → never a 5xx,
 * never a truncated answer, JSON that parses. Then the open-redirect corpus through the login form
 * and a form post, the canonical URL of cached pages (no cache entry per random parameter), and no
 * text from the query string in the page. Raw HTTP only: no browser is started.
 *
 * Reproducible: FUZZ_SEED; bigger: FUZZ_SCALE (README "Fuzzing").
 */
import { shopUrl } from './shops';
import { expect, test } from './test';
import fc from 'fast-check';
import { DEMO } from './helpers';
import { loginCookie, raw, type RawAnswer } from './raw-http';
import { encode, FUZZ_SCALE, FUZZ_SEED, hostileQuery, hostileSegment, hostileText, hostileValue } from '../fuzz/arbitraries';
import { OPEN_REDIRECT_TRICKS } from '../fixtures/open-redirects';

/** Site routes of coverage.md §2 (and the site's own endpoints); `*` is a segment the fuzz fills. */
const ROUTES = [
  '/', '/shop', '/shop/catalog', '/category', '/category/*', '/brands/*', '/search-products', '/product-list/*', '/product/*', '/promotion/*',
  '/quick-view/*', '/fragments/products', '/cart', '/checkout', '/order-success', '/favourites', '/about-us', '/privacy-policy', '/member-zone',
  '/outlets', '/contacts', '/login', '/register', '/forgot-password', '/password-reset', '/resend-verification', '/voucher-details/', '/goto-404',
  '/404-not-found', '/*', '/account/profile', '/account/addresses', '/account/addresses/*', '/account/password', '/account/orders', '/account/orders/*',
  '/account/feeds', '/account/vouchers', '/account/purchase-history', '/account/purchase-history/*', '/account/my-rewards',
  '/account/my-rewards/membership-points-history', '/account/my-rewards/membership-points-history/*', '/account/add-feedback', '/account/*',
  '/payment/return', '/api/suggest', '/api/me', '/api/availability/*', '/api/mobile_ecom/*', '/images/*', '/sitemap.xml', '/robots.txt',
];
/** Actions that forms post to, with the fields they read (not logout: the member's requests need the session alive). */
const FORM_ACTIONS: [string, string[]][] = [
  ['access.login', ['mobile', 'password', 'redirect']], ['access.register', ['customer_firstname', 'customer_mobile', 'password', 'confirm_password']],
  ['access.forgotPassword', ['mobile']], ['access.passwordReset', ['token', 'password', 'confirm_password']],
  ['cart.add', ['product_code', 'quantity', 'redirect']], ['cart.remove', ['product_code']], ['favourites.toggle', ['product_code', 'add']],
  ['addresses.save', ['add_person', 'add_phone', 'add_address1', 'add_address2', 'add_city', 'add_postcode', 'add_state', 'from']],
  ['account.updateProfile', ['customer_firstname', 'customer_lastname', 'customer_email']], ['feedback.send', ['category', 'rating', 'comment']],
  ['orders.cancel', ['order_refno']], ['vouchers.redeem', ['vc_code']], ['checkout.placeOrder', ['items', 'remark', 'voucher']],
];
const PER_ROUTE = 12;

type SiteRequest = { method: 'GET' | 'POST'; path: string; body?: string; json?: boolean; member: boolean; choice?: string };

const pathOf = (route: string, prefix: string, segment: string, query: string) => `${prefix}${route.replace('*', segment)}${query ? `?${query}` : ''}`;

/** A delivery-choice cookie (src/features/delivery/choice-cookie.ts) as a tampering shopper could write it. */
const choiceCookieArb: fc.Arbitrary<string> = fc
  .record({
    type: fc.constantFrom('DELIVERY', 'PICKUP', 'BOTH', '\u0000'),
    store_no: fc.oneof(fc.constantFrom('001', '002', 'WM01', '999'), hostileText.filter((t) => t.length < 200)),
    text: hostileText.filter((t) => t.length < 200),
    date: fc.constantFrom('2026-11-30', '1900-01-01', '9999-99-99', '\u0000'),
  })
  .map(({ type, store_no, text, date }) => {
    const store = { store_code: text, store_no, store_name: text, store_address: text, store_phone: text, store_pickdel: 'BOTHPD', distance_km: null };
    const address = { add_id: 1, add_person: text, add_address1: text, add_address2: text, add_city: text, add_postcode: text, add_state: text, add_phone: text };
    return encode(JSON.stringify({ type, store, address, state: text, date, time: '10:00' }));
  });

const getArb: fc.Arbitrary<SiteRequest> = fc.record({
  method: fc.constant('GET' as const),
  path: fc
    .tuple(fc.constantFrom(...ROUTES), fc.constantFrom('', '/zh', '/ar'), hostileSegment, fc.oneof(fc.constant(''), hostileQuery))
    .map(([route, prefix, segment, query]) => pathOf(route, prefix, segment, query)),
  member: fc.boolean(),
  choice: fc.option(choiceCookieArb, { nil: undefined, freq: 3 }),
});

const postArb: fc.Arbitrary<SiteRequest> = fc
  .tuple(fc.constantFrom(...FORM_ACTIONS), fc.constantFrom('/', '/login', '/product/P0001', '/cart', '/account/profile', '/zh/checkout'), fc.array(hostileText, { minLength: 3, maxLength: 3 }), fc.boolean())
  .map(([[action, fields], page, values, member]) => ({
    method: 'POST' as const,
    path: `${page}?_action=${action}`,
    body: fields.map((f, i) => `${f}=${encode(values[i % values.length])}`).join('&'),
    member,
  }));

/** A well-formed delivery choice at a store that does not exist. */
const unknownStoreChoice = (store_no: string) =>
  encode(JSON.stringify({ type: 'DELIVERY', store: { store_code: 'S9', store_no, store_name: 'Gone\u0000', store_address: 'x', store_phone: '1', store_pickdel: 'BOTHPD', distance_km: null }, address: null, state: 'Selangor' }));

/** An island's call of an Action: JSON to /_actions/<name> (JavaScript on), hostile field values. */
const actionJsonArb: fc.Arbitrary<SiteRequest> = fc
  .tuple(fc.constantFrom(...FORM_ACTIONS), fc.array(hostileValue, { minLength: 3, maxLength: 3 }), fc.boolean(), fc.boolean())
  .map(([[action, fields], values, member, asJson]) => ({
    method: 'POST' as const,
    path: `/_actions/${action}`,
    body: asJson ? JSON.stringify(Object.fromEntries(fields.map((f, i) => [f, values[i % values.length]]))) : (typeof values[0] === 'string' ? values[0] : (JSON.stringify(values[0]) ?? '')).slice(0, 2_000),
    json: true,
    member,
  }));

function problemOf(answer: RawAnswer): string | null {
  if (answer.status === 0) return `no answer: ${answer.body.toString().slice(0, 120)}`;
  if (answer.status >= 500) return `status ${answer.status}`;
  if (!answer.complete) return `truncated answer (${answer.body.length} bytes of ${answer.headers['content-length'] ?? 'chunked'})`;
  if (String(answer.headers['content-type'] ?? '').includes('json')) {
    try {
      JSON.parse(answer.body.toString('utf8'));
    } catch {
      return 'JSON answer does not parse';
    }
  }
  return null;
}

test.describe('hardened for the open internet', () => {
  let base: string;
  let cookie: string;

  test.beforeAll(async () => {
    base = shopUrl(test.info().parallelIndex);
    cookie = await loginCookie(base, DEMO.mobile, DEMO.password);
  });

  test(`site routes: ${ROUTES.length * PER_ROUTE * FUZZ_SCALE + 300 * FUZZ_SCALE} malformed requests, no 5xx, none truncated (seed ${FUZZ_SEED})`, async () => {
    test.setTimeout(300_000 * FUZZ_SCALE);
    const requests: SiteRequest[] = [
      ...fc.sample(getArb, { seed: FUZZ_SEED, numRuns: ROUTES.length * PER_ROUTE * FUZZ_SCALE }),
      ...fc.sample(postArb, { seed: FUZZ_SEED + 1, numRuns: 200 * FUZZ_SCALE }),
      ...fc.sample(actionJsonArb, { seed: FUZZ_SEED + 2, numRuns: 100 * FUZZ_SCALE }),
      // The checkout of a cart line at a store from a tampered choice cookie (a 500 once).
      ...[...fc.sample(choiceCookieArb, { seed: FUZZ_SEED + 3, numRuns: 20 }), ...['999', 'WM01'].map(unknownStoreChoice)].map((choice) => ({ method: 'GET' as const, path: '/checkout?items=P0001', member: true, choice })),
    ];
    const findings: string[] = [];
    const queue = [...requests];
    // Four at a time: quick, yet gentle on a shared machine.
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let req = queue.shift(); req; req = queue.shift()) {
          const headers: Record<string, string> = { 'accept-language': 'en', origin: base };
          const cookies = [req.member ? cookie : '', req.choice ? `xs_shipping=${req.choice}` : ''].filter(Boolean);
          if (cookies.length) headers.cookie = cookies.join('; ');
          if (req.body !== undefined) headers['content-type'] = req.json ? 'application/json' : 'application/x-www-form-urlencoded';
          const answer = await raw(base, req.method, req.path, { headers, body: req.body });
          const problem = problemOf(answer);
          if (problem) findings.push(`${req.method} ${req.path.slice(0, 160)} → ${problem}`);
        }
      }),
    );
    expect(requests.length).toBeGreaterThanOrEqual(900);
    expect(findings.slice(0, 25)).toEqual([]);
  });

  test('the open-redirect corpus never leaves the site: login form, form posts and ?redirect=', async () => {
    test.setTimeout(120_000);
    const offSite = (location: string | undefined) => !!location && new URL(location, `${base}/login`).origin !== base;
    const found: string[] = [];
    const tricks = [...OPEN_REDIRECT_TRICKS];
    const judge = async (trick: string) => {
      // The login form's hidden `redirect` field, posted with the right credentials.
      const login = await raw(base, 'POST', '/login?_action=access.login', {
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
        body: new URLSearchParams({ mobile: DEMO.mobile, password: DEMO.password, redirect: trick }).toString(),
      });
      if (login.status !== 303 || offSite(login.headers.location)) found.push(`login ${JSON.stringify(trick)} → ${login.status} ${login.headers.location}`);
      // Add to cart (a `redirect` field is not read) and the page the form was posted from.
      const add = await raw(base, 'POST', `/product/P0001?_action=cart.add&redirect=${encode(trick)}`, {
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base, cookie },
        body: new URLSearchParams({ product_code: 'P0001', quantity: '1', redirect: trick }).toString(),
      });
      if (add.status >= 500 || offSite(add.headers.location)) found.push(`add to cart ${JSON.stringify(trick)} → ${add.status} ${add.headers.location}`);
      // The login page with ?redirect=: 400 for control characters, else the form keeps only a safe path.
      const page = await raw(base, 'GET', `/login?redirect=${encode(trick)}`);
      const field = /name="redirect" value="([^"]*)"/.exec(page.body.toString())?.[1] ?? '';
      if (page.status >= 500 || offSite(field.replaceAll('&amp;', '&') || undefined)) found.push(`?redirect= ${JSON.stringify(trick)} → ${page.status} field ${field}`);
    };
    // Three at a time (each login hashes a password).
    await Promise.all(Array.from({ length: 3 }, async () => {
      for (let trick = tricks.shift(); trick !== undefined; trick = tricks.shift()) await judge(trick);
    }));
    // A form posted to a path that is itself a trick ('//evil.example?_action=…') comes back on this site.
    for (const path of ['//evil.example/', '/.//evil.example', '/%2F%2Fevil.example']) {
      const post = await raw(base, 'POST', `${path}?_action=cart.add`, {
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base, cookie },
        body: 'product_code=P0001&quantity=1',
      });
      if (post.status >= 500 || offSite(post.headers.location)) found.push(`post to ${path} → ${post.status} ${post.headers.location}`);
    }
    expect(found).toEqual([]);
  });

  test('a cached page asked with a parameter it does not read goes to its canonical URL', async () => {
    const random = `r=${Math.random().toString(36).slice(2)}`;
    const home = await raw(base, 'GET', `/?${random}`);
    expect(home.status).toBe(308);
    expect(home.headers.location).toBe('/');
    const list = await raw(base, 'GET', `/zh/search-products?keyword=pork&${random}&sort=latest`);
    expect(list.status).toBe(308);
    expect(list.headers.location).toBe('/zh/search-products?keyword=pork&sort=latest');
    // The path stays as it was sent: '%25' is not decoded into a broken '%'.
    const odd = await raw(base, 'GET', `/zh/product/%25?${random}`);
    expect(odd.headers.location).toBe('/zh/product/%25');
    // The canonical URL itself is served (and cached) as it is.
    await raw(base, 'GET', '/');
    const again = await raw(base, 'GET', '/');
    expect(again.status).toBe(200);
    // Served from the page cache (src/server/http/page-cache.ts): fresh (HIT) or while it is refreshed (STALE).
    expect(['HIT', 'STALE']).toContain(again.headers['x-cache']);
  });

  test('text from the query string is never shown as a message', async () => {
    const text = 'Your account is locked, call 1-800-EVIL';
    for (const path of ['/cart', '/checkout', '/account/profile', '/login', '/']) {
      for (const name of ['cart_error', 'error', 'message', 'msg', 'flash', 'notice']) {
        const answer = await raw(base, 'GET', `${path}?${name}=${encode(text)}`, { headers: { cookie } });
        expect(answer.status).toBeLessThan(500);
        // What the page shows: its text, without scripts and tags (a form's action URL may keep the query).
        const shown = answer.body.toString().replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]*>/g, ' ');
        expect(shown).not.toContain('1-800-EVIL');
      }
    }
  });
});
