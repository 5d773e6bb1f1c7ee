/**
 * The site's route paths (coverage.md §2 Public routes and Account area), built in one place. Each
 * function returns the path in the default language (EN, unprefixed); `href(locale, path)` puts it
 * in a language ('/cart' → '/zh/cart'). Path segments and query values are percent-encoded here,
 * so callers pass raw codes.
 *
 * Examples: `paths.product('P0001')` → '/product/P0001';
 * `paths.category('PORK-CUTS', 'FRESH')` → '/category/PORK-CUTS?group_code=FRESH';
 * `href('ar', paths.cart)` → '/ar/cart'.
 */
import { DEFAULT_LOCALE, type Locale } from './constants';

const seg = encodeURIComponent;

/** A path with a query string from the defined, non-empty values (in the order given). */
function withQuery(path: string, query: Record<string, string | number | undefined | null>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

export const paths = {
  home: '/',
  shop: '/shop',
  catalog: '/shop/catalog',
  /** /category, or /category?group_code={code} with a group selected. */
  categories: (groupCode?: string) => withQuery('/category', { group_code: groupCode }),
  /** /category/{line_code}[?group_code=]. */
  category: (lineCode: string, groupCode?: string) => withQuery(`/category/${seg(lineCode)}`, { group_code: groupCode }),
  brand: (brandCode: string) => `/brands/${seg(brandCode)}`,
  /** /search-products?keyword={text}; without a keyword, the empty search page. */
  search: (keyword?: string) => withQuery('/search-products', { keyword }),
  productList: (slug: string) => `/product-list/${seg(slug)}`,
  product: (productNo: string) => `/product/${seg(productNo)}`,
  quickView: (productNo: string) => `/quick-view/${seg(productNo)}`,
  /** /fragments/products?{query}: the next items of a product list (query from list-query.ts `fragmentSearch`). */
  productFragments: (query = '') => (query ? `/fragments/products?${query}` : '/fragments/products'),
  promotion: (id: string | number) => `/promotion/${seg(String(id))}`,
  cart: '/cart',
  /** /checkout?items={codes}: the cart lines chosen for the order (coverage.md §4 Checkout). */
  checkout: (productCodes: readonly string[]) => withQuery('/checkout', { items: productCodes.join(',') }),
  orderSuccess: (orderRefno: string) => withQuery('/order-success', { order: orderRefno }),
  /** /payment/return?order=&result=: where a payment provider sends the shopper back (ADR 10). */
  paymentReturn: (orderRefno: string, result: 'done' | 'cancelled') => withQuery('/payment/return', { order: orderRefno, result }),
  favourites: '/favourites',
  aboutUs: '/about-us',
  privacyPolicy: '/privacy-policy',
  memberZone: '/member-zone',
  outlets: '/outlets',
  contacts: '/contacts',
  /** /login, with the page to return to after logging in. */
  login: (redirect?: string) => withQuery('/login', { redirect }),
  register: '/register',
  forgotPassword: '/forgot-password',
  passwordReset: (token?: string) => withQuery('/password-reset', { token }),
  resendVerification: '/resend-verification',
  voucherDetails: (code: string) => withQuery('/voucher-details/', { code }),
  notFound: '/404-not-found',
  /** The page the service worker shows when a page cannot load offline (ADR 31). */
  offline: '/offline',
  /** The web app manifest of a language (ADR 31): '/manifest.webmanifest', '/zh/manifest.webmanifest'. */
  manifest: '/manifest.webmanifest',
  /** /uploads/{name}: a member's profile picture as the server stored it. */
  upload: (name: string) => `/uploads/${seg(name)}`,
  account: {
    profile: '/account/profile',
    addresses: '/account/addresses',
    address: (addressId: string | number) => `/account/addresses/${seg(String(addressId))}`,
    password: '/account/password',
    /** /account/orders, or one tab (to_pay, to_receive, to_evaluate). */
    orders: (tab?: string) => withQuery('/account/orders', { tab }),
    order: (orderNo: string) => `/account/orders/${seg(orderNo)}`,
    feeds: '/account/feeds',
    vouchers: '/account/vouchers',
    purchaseHistory: '/account/purchase-history',
    purchase: (transno: string) => `/account/purchase-history/${seg(transno)}`,
    rewards: '/account/my-rewards',
    pointsHistory: '/account/my-rewards/membership-points-history',
    pointsEntry: (transno: string) => `/account/my-rewards/membership-points-history/${seg(transno)}`,
    addFeedback: '/account/add-feedback',
  },
  /** The staff console (ADR 25): always unprefixed, in the staff member's own language. */
  staff: {
    /** /staff: the board of a day (default today) for one outlet or all of the member's. */
    board: (q: { date?: string; outlet?: string } = {}) => withQuery('/staff', q),
    login: (redirect?: string) => withQuery('/staff/login', { redirect }),
    order: (orderRefno: string) => `/staff/orders/${seg(orderRefno)}`,
    /** A printable pick list of one order: A4 or an 80 mm receipt. */
    printOrder: (orderRefno: string, paper: 'a4' | 'receipt' = 'a4') => withQuery(`/staff/orders/${seg(orderRefno)}/print`, { paper }),
    /** Printable pick lists of every order of one pick-up slot of an outlet. */
    printSlot: (q: { date: string; outlet: string; time: string; paper?: 'a4' | 'receipt' }) => withQuery('/staff/print', q),
    /** What the board's poller reads: the day's orders and their statuses. */
    boardState: (q: { date?: string; outlet?: string } = {}) => withQuery('/staff/board-state', q),
    capacity: '/staff/capacity',
    /** HQ's staff accounts. */
    team: '/staff/team',
    /** HQ's catalogue screens (issue 20 item 1): the product list, a product, lines and groups, banners, integration tokens. */
    catalogue: {
      list: (q: { search?: string; line?: string; visible?: string; page?: number } = {}) => withQuery('/staff/catalogue', { ...q, page: q.page && q.page > 1 ? String(q.page) : undefined }),
      newProduct: '/staff/catalogue/new',
      product: (code: string) => `/staff/catalogue/${seg(code)}`,
      structure: '/staff/catalogue/structure',
      banners: '/staff/catalogue/banners',
      tokens: '/staff/catalogue/tokens',
      /** A product's pictures (add, order, remove; ADR 28). */
      pictures: (code: string) => `/staff/catalogue/${seg(code)}/pictures`,
      /** The point-of-sale CSV import, dry run then apply (ADR 27). */
      import: '/staff/catalogue/import',
      /** The products export, a CSV file in the import's columns. */
      productsCsv: '/staff/catalogue/products.csv',
      /** An import run's report (dry run, then applied): '/staff/catalogue/import?run=<id>'. */
      importRun: (run: string) => withQuery('/staff/catalogue/import', { run }),
    },
  },
} as const;

/** A site path in a language: '/cart' → '/zh/cart'; EN stays unprefixed (docs/architecture.md i18n). */
export function href(locale: Locale, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  return locale === DEFAULT_LOCALE ? clean : `/${locale}${clean === '/' ? '' : clean}`;
}

/** Base of the URLs a redirect value is resolved against: no real host can be named like this. */
const REDIRECT_BASE = 'http://site.invalid';

/** Control characters (browsers strip tab, CR and LF from URLs and ignore leading C0/space) and backslashes (read as '/'). */
// eslint-disable-next-line no-control-regex
const URL_TRICK_CHARS = /[\u0000-\u001f\u007f\\]/;

/** Percent-decoded once, or null for a malformed %-sequence. */
function decodedOnce(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * A redirect target taken from a request (`?redirect=`, a form field, the page a form was posted
 * from): a path on this site, else `fallback`. The ONE judge of redirect targets (issue "Hardened
 * for the open internet" part 2): the value is judged as the browser would read it after its own URL
 * normalisation, and refused when any reading could leave the site:
 *
 * - it must start with a single '/' ('//x' and '/\x' name another host; 'javascript:…', 'http://…'
 *   and relative words are refused);
 * - no control characters (browsers strip tab, CR and LF, so '/\t/evil.example' is '//evil.example')
 *   and no backslash (read as '/');
 * - the same checks on the once and twice percent-decoded value ('/%2F%2Fevil.example',
 *   '/%5Cevil.example', '/%09/evil.example'), so a later decoding cannot make it off-site;
 * - resolved against a placeholder origin it must stay there, and the normalised path it answers
 *   must hold no '//' ('/.//evil.example' and '/x/..//evil.example' normalise to '//evil.example';
 *   '/zh//evil.example' would once its language prefix is changed).
 *
 * Answers the normalised `pathname + search + hash` (e.g. '/cart?x=1'), or `fallback` (returned
 * as given: pass a path of your own). Never throws. Examples:
 * `safeRedirectPath('/product/P0005', '/')` → '/product/P0005';
 * `safeRedirectPath('/\t/evil.example', '/')` → '/'; `safeRedirectPath('/.//evil.example', '/')` → '/'.
 */
export function safeRedirectPath(value: string | null | undefined, fallback: string): string {
  if (typeof value !== 'string' || value.length > 2000 || !value.startsWith('/')) return fallback;
  let probe = value;
  for (let round = 0; round < 3; round++) {
    if (probe.startsWith('//') || URL_TRICK_CHARS.test(probe)) return fallback;
    const next = decodedOnce(probe);
    if (next === null) {
      if (round === 0) return fallback;
      break;
    }
    if (next === probe) break;
    probe = next;
  }
  try {
    const url = new URL(value, REDIRECT_BASE);
    if (url.origin !== REDIRECT_BASE) return fallback;
    const path = url.pathname + url.search + url.hash;
    // No page of this site has an empty segment: '/zh//evil.example' would lose its prefix to '//evil.example'.
    if (url.pathname.includes('//') || URL_TRICK_CHARS.test(path)) return fallback;
    if (new URL(path, REDIRECT_BASE).origin !== REDIRECT_BASE) return fallback;
    return path;
  } catch {
    return fallback;
  }
}
