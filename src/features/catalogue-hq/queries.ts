/**
 * HQ's catalogue screens' reads (issue 20 item 1; ADR 26), all through `staffApi` as the logged-in
 * staff member: the product list (ops_product_list), one product with its stock per outlet and its
 * history (ops_product, ops_product_stock, ops_product_history), the groups with their lines
 * (ops_catalogue_structure), the banners (ops_banner_list), the integration tokens
 * (ops_integration_token_list) and the products export (ops_export_products). An outlet's staff get `StaffRefusal` 403 (the page shows the API's
 * text in their language); an ended session `StaffSignedOut`. Prices stay in sen.
 */
import { staffApi } from '../shared/api';
import { read, StaffRefusal, StaffSignedOut, type StaffContext } from '../staff/queries';
import { pick } from './view';

export { StaffRefusal, StaffSignedOut };

/** Like `read`, for reads that cannot be "not found". */
async function must<T>(fn: () => Promise<T>): Promise<T> {
  const answer = await read(fn);
  if (answer === null) throw new StaffSignedOut();
  return answer;
}

/** What the product list is asked (from the page's query string). */
export type ProductListQuery = { search?: string; line?: string; visible?: string; page?: number };

/** The product list's page size. */
export const PRODUCTS_PER_PAGE = 25;

/**
 * One page of the product list: rows with the name in the member's language, prices in sen and
 * total stock; `pages` from 1. A bad query value (a code with spaces) is dropped, never a 400 page.
 * @throws StaffSignedOut; StaffRefusal 403 for an outlet's staff.
 */
export async function getProductList(ctx: StaffContext, q: ProductListQuery) {
  const locale = ctx.locals.locale;
  const query = {
    search: q.search?.slice(0, 100) || undefined,
    line_code: q.line && /^[A-Z0-9][A-Z0-9_-]{0,39}$/.test(q.line) ? q.line : undefined,
    visible: q.visible === '0' || q.visible === '1' ? (q.visible as '0' | '1') : undefined,
    page: Number.isInteger(q.page) && q.page! >= 1 && q.page! <= 100_000 ? q.page : 1,
    per_page: PRODUCTS_PER_PAGE,
  };
  const answer = await must(() => staffApi(ctx).call('ops_product_list', { query }));
  return {
    rows: answer.data.map((p) => ({ ...p, name: pick(p.product_name, locale) })),
    total: answer.total,
    page: answer.page,
    pages: Math.max(1, Math.ceil(answer.total / answer.per_page)),
    query,
  };
}

/** The groups with their lines (names in the member's language), for the structure page and the product form. @throws StaffSignedOut; StaffRefusal. */
export async function getStructure(ctx: StaffContext) {
  const locale = ctx.locals.locale;
  const answer = await must(() => staffApi(ctx).call('ops_catalogue_structure'));
  return answer.data.map((g) => ({ ...g, name: pick(g.group_name, locale), lines: g.lines.map((l) => ({ ...l, name: pick(l.line_name, locale) })) }));
}

/**
 * One product as HQ edits it, its stock at every outlet and its history (prices old → new and
 * changes, each naming who), or null for an unknown product.
 * @throws StaffSignedOut; StaffRefusal 403 for an outlet's staff, 400 for a malformed code.
 */
export async function getProductEditor(ctx: StaffContext, code: string) {
  const api = staffApi(ctx);
  const product = await read(() => api.call('ops_product', { query: { product_code: code } }));
  if (!product) return null;
  const [stock, history] = await Promise.all([must(() => api.call('ops_product_stock', { query: { product_code: code } })), must(() => api.call('ops_product_history', { query: { product_code: code } }))]);
  return { product: product.data, stock: stock.data, prices: [...history.prices].reverse(), events: history.events };
}

/** Every header and promotion banner with its dates. @throws StaffSignedOut; StaffRefusal. */
export async function getBanners(ctx: StaffContext) {
  const locale = ctx.locals.locale;
  const answer = await must(() => staffApi(ctx).call('ops_banner_list'));
  return {
    header: answer.header.map((b) => ({ ...b, text: pick(b.alt, locale) })),
    promotion: answer.promotion.map((b) => ({ ...b, name: pick(b.banner_name, locale) })),
  };
}

/** Every integration token, newest first (never the token itself). @throws StaffSignedOut; StaffRefusal. */
export async function getTokens(ctx: StaffContext) {
  return (await must(() => staffApi(ctx).call('ops_integration_token_list'))).data;
}

/**
 * The products export (ops_export_products): the catalogue as the import's CSV, ready to download.
 * @returns { csv, products } (csv: the file's text, byte-order mark included)
 */
export async function getProductsExport(ctx: StaffContext) {
  const answer = await must(() => staffApi(ctx).call('ops_export_products'));
  return { csv: answer.csv, products: answer.products };
}
