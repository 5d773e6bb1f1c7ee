/**
 * Every word in the shopper's language (issue 24 "Words and numbers"): the demo member visits every
 * shopper page in Chinese and in Arabic, one signed-in page in turn, and no visible text may hold a
 * run of three or more Latin letters unless it is a brand, a code, an address, a unit or a number
 * the allow-list below names. An offending text is printed with its page, so the message to add (or
 * the datum to translate) is found at once. Cheap by design: one test per language, no screenshots,
 * no fixed waits; each page is read once its HTML has loaded and its islands have hydrated.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { API, apiLogin, apiPickupOrder, auth, fillCart, productsAt } from './shop-api';
import { DEMO, loginWithDelivery } from './helpers';

/**
 * Latin words a Chinese or Arabic page may show: the brands, and the place names and street words
 * of the outlets' and the demo member's addresses (addresses stay as the post office writes them).
 * Codes and numbers (a run with a digit: WEB2611200001, P0001, SS2, RM5OFF) and the units below are
 * allowed by their shape, not listed.
 */
const ALLOWED_WORDS = new Set(
  [
    // Brands (catalogue brand names and the payment card schemes are names, not words).
    'XS', 'Ayam', 'Brand', 'Adabi', 'Lee', 'Kum', 'Kee', 'Yeo', 'Hup', 'Seng', 'Baba', 'Cap', 'Kipas', 'Udang', 'Mamee', 'Maggi', 'Nestle',
    'Visa', 'Mastercard', 'FPX', 'Stripe', 'App', 'Store', 'Google', 'Play', 'AppGallery', 'Express', 'JPG', 'PNG',
    // The demo member's name, and their addresses' building and area words.
    'Tan', 'Mei', 'Ling', 'Lot', 'Unit', 'Kawasan', 'Perindustrian', 'Residensi', 'Ceylon',
    // Street words and place names of Malaysian addresses (outlets, the demo member's addresses, states).
    'Jalan', 'Lorong', 'Persiaran', 'Lebuh', 'Taman', 'Bandar', 'Baru', 'Seksyen', 'Kampung', 'Bukit', 'Utama', 'Utara', 'Raya', 'Jaya', 'Sri', 'Seri',
    'Kuala', 'Lumpur', 'Petaling', 'Selangor', 'Wilayah', 'Persekutuan', 'Johor', 'Bahru', 'Pulau', 'Pinang', 'Penang', 'Perak', 'Melaka', 'Negeri', 'Sembilan',
    'Kepong', 'Ambang', 'Botanic', 'Connaught', 'Cerdas', 'Cheras', 'Radin', 'Bagus', 'Setapak', 'Wangsa', 'Maju', 'Subang', 'Puteri', 'Puchong', 'Sentosa',
    'Klang', 'Dato', 'Dagang', 'Kembangan', 'Kajang', 'Sentral', 'Mendaling', 'Country', 'Homes', 'Rawang', 'BRP', 'Rahman', 'Putra', 'Kota', 'Kemuning',
    'Anggerik', 'Vanilla', 'Shah', 'Alam', 'Molek', 'Universiti', 'Skudai', 'Pendidikan', 'Batu', 'Pahat', 'Town', 'Rahmat', 'Tikus', 'Cantonment', 'George',
    'Mertajam', 'Kulim', 'Ipoh', 'Garden', 'Sultan', 'Azlan', 'Taiping', 'Seremban', 'Nilai', 'Square', 'BBN', 'Damansara', 'Gasing', 'Indah', 'Kelana',
    'Tropicana', 'Ara', 'Mont', 'Kiara', 'Bangsar', 'Ampang', 'Sunway', 'Cyberjaya', 'Putrajaya', 'Sentul', 'Kelang', 'Lama', 'Pudu', 'Bintang', 'Bukit',
    'Tun', 'Razak', 'Ismail', 'Abdul', 'Tunku', 'Tuanku', 'Abdul', 'Rahman', 'Sungai', 'Besi', 'Buloh', 'Selatan', 'Tengah', 'Timur', 'Barat', 'Lembah',
  ].map((w) => w.toLowerCase()),
);

/** What the demo member wrote themselves (an order's delivery note), shown as written. */
const MEMBER_TEXTS = new Set(['Please call on arrival']);

/** Units written the same in every language (SI symbols). */
const UNITS = new Set(['kg', 'mg', 'ml']);

/** Latin runs of three letters or more that the allow-list does not cover, per visible text. */
async function latinWords(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!/[A-Za-z]{3}/.test(text) || !parent || parent.closest('script, style, noscript, template')) continue;
      if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      found.push(text);
    }
    for (const el of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('[placeholder]')) {
      if (el.checkVisibility() && /[A-Za-z]{3}/.test(el.placeholder)) found.push(el.placeholder);
    }
    return found;
  });
  return texts.filter((text) => !MEMBER_TEXTS.has(text) && !/^https?:\/\/\S+$/.test(text) &&
    // A token is a run of letters, digits and joiners; one with a digit is a code or a number.
    (text.match(/[\p{L}\p{N}@._/-]+/gu) ?? []).some((token) => {
      if (/\d/.test(token) || token.includes('@')) return false;
      return (token.match(/[A-Za-z]{3,}/g) ?? []).some((word) => !ALLOWED_WORDS.has(word.toLowerCase()) && !UNITS.has(word.toLowerCase()));
    }),
  );
}

/** The shopper's pages, in the order a member meets them; built once from the demo data. */
async function shopperRoutes(page: Page, prefix: string): Promise<string[]> {
  const me = await apiLogin(page.request, DEMO.mobile, DEMO.password);
  const get = async <T>(url: string) => {
    const res = await page.request.get(`${API}/${url}`, { headers: auth(me) });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { data: T }).data;
  };
  const [address] = await get<{ add_id: number }[]>(`address_listing/${me.member}?limit=1`);
  const [entry] = await get<{ transno: string }[]>(`points_history/${me.member}`);
  // An order waiting for its review, or a completed one once another file has reviewed it.
  const [order] = [
    ...(await get<{ order_refno: string }[]>(`order_listing/${me.member}?status=Waiting%20Comment`)),
    ...(await get<{ order_refno: string }[]>(`order_listing/${me.member}?status=Completed`)),
  ];
  // A pick-up order waiting for its payment opens the sandbox provider's page in the shopper's language.
  const [product] = await productsAt(page.request, '001', 1, 2, () => true, 30);
  const refno = await apiPickupOrder(page.request, me, '001', [{ ...product!, quantity: 1 }]);
  const pay = await page.request.get(`${API}/get_update_order_status_paid_sandbox_url/${me.member}/${refno}`, { headers: { ...auth(me), 'accept-language': prefix.slice(1) } });
  expect(pay.status(), await pay.text()).toBe(200);
  const sandbox = new URL(((await pay.json()) as { url: string }).url);
  return [
    '/', '/category', '/category/PORK-CUTS', '/product/P0001', '/product/P0007', `/search-products?keyword=${encodeURIComponent(prefix === '/zh' ? '猪肉' : 'لحم')}`, '/promotion/1', '/outlets',
    '/favourites', '/cart', 'CHECKOUT',
    '/account/profile', '/account/password', '/account/addresses', `/account/addresses/${address!.add_id}`,
    '/account/orders', `/account/orders/${order!.order_refno}`, '/account/orders/WEB2611200001', `/order-success?order=${refno}`,
    '/account/purchase-history', '/account/purchase-history/S001-20260912-0042',
    '/account/my-rewards', '/account/my-rewards/membership-points-history', `/account/my-rewards/membership-points-history/${entry!.transno}`,
    '/account/vouchers', '/voucher-details/?code=RM5OFF', '/account/feeds', '/account/add-feedback',
  ].map((r) => (r.startsWith('/') ? `${prefix}${r === '/' ? '' : r}` || '/' : r)).concat(`${sandbox.pathname}${sandbox.search}`);
}

for (const prefix of ['/zh', '/ar'] as const) {
  test(`${prefix}: every shopper page speaks the shopper's language (no stray Latin words)`, async ({ page }) => {
    test.setTimeout(120_000);
    await loginWithDelivery(page, 'DELIVERY', prefix);
    const store = await page.evaluate(() => JSON.parse(localStorage.getItem('shipping') ?? 'null').store.store_no as string);
    const me = await apiLogin(page.request, DEMO.mobile, DEMO.password);
    const [item] = await productsAt(page.request, store, 1, 2);
    await fillCart(page.request, me, store, [{ code: item!.code, quantity: 1 }]);
    const offending: string[] = [];
    for (const route of await shopperRoutes(page, prefix)) {
      if (route === 'CHECKOUT') {
        await page.goto(`${prefix}/cart`);
        await page.locator('a[data-checkout]').click();
        await expect(page.locator('[data-order-total]')).toContainText('RM');
      } else {
        await page.goto(route);
      }
      // Islands render their words once hydrated: wait until none that loads at once is still server-rendered only.
      await expect(page.locator('astro-island[ssr][client="load"], astro-island[ssr][client="idle"]')).toHaveCount(0);
      for (const text of await latinWords(page)) offending.push(`${page.url().replace(/^https?:\/\/[^/]+/, '')}: ${JSON.stringify(text)}`);
    }
    expect(offending, offending.join('\n')).toEqual([]);
  });
}
