/**
 * The site's route paths (spec §2 Public routes and Account area), built in one place. Each
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
  /** /checkout?items={codes}: the cart lines chosen for the order (spec §4 Checkout). */
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
} as const;

/** A site path in a language: '/cart' → '/zh/cart'; EN stays unprefixed (DESIGN i18n). */
export function href(locale: Locale, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  return locale === DEFAULT_LOCALE ? clean : `/${locale}${clean === '/' ? '' : clean}`;
}

/**
 * A redirect target taken from a request (`?redirect=`, a form field): a path on this site, else
 * `fallback`. Refuses other origins in every spelling browsers accept ('//x', '/\x', and tabs, line
 * breaks or other control characters, which browsers strip before resolving: '/\t/evil.example').
 */
export function safeRedirectPath(value: string | null | undefined, fallback: string): string {
  if (!value || !value.startsWith('/')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value) || value.startsWith('//')) return fallback;
  try {
    const url = new URL(value, 'http://site.invalid');
    if (url.origin !== 'http://site.invalid') return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
