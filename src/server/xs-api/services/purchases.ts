/**
 * Outlet purchases of a member (coverage.md §3 Purchase history, §7 get_purchase_history_data,
 * view_purchase_item_bybill, print_offline_bill; table `outlet_purchases` with its `stores` row).
 * Money is integer sen, in the answers too (the HTTP edge writes ringgit with 2 decimals, ADR 37).
 * Every read is scoped to the member given: another member's bill answers as an unknown one (404).
 */
import { and, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import { BILL_TRANSNO_RE, BILL_TYPE_RE, type PurchaseBill, type PurchaseBillDetail } from '../../../lib/xs-api/contract';
import { checkPurchaseRange, PURCHASE_RANGE_MAX_DAYS } from '../../../domain/purchase-range';
import type { Locale } from '../../../i18n/messages';
import type { Db } from '../db/client';
import { customers, outletPurchases, products, stores } from '../db/schema';
import { ApiError, invalidPayload } from '../errors';
import { localized } from './localized';

type Row = { p: typeof outletPurchases.$inferSelect; storeName: string | null };

function toBill({ p, storeName }: Row): PurchaseBill {
  return {
    transno: p.transNo,
    trans_date: p.purchaseDate,
    store_code: p.storeCode,
    store_name: storeName ?? p.storeCode,
    bill_amount: p.amountSen,
    item_count: p.items.length,
  };
}

const billColumns = { p: outletPurchases, storeName: stores.storeName };

/** The history of one query as the contract answers it: the range, the bills newest first, their sum in sen. */
export type PurchaseHistory = { from_date: string; to_date: string; total_amount: number; data: PurchaseBill[] };

/**
 * get_purchase_history_data: the member's bills dated `from`..`to` inclusive, newest first (date,
 * then number). The range is checked by `checkPurchaseRange` (src/domain/purchase-range.ts).
 * @throws ApiError 400 'purchase_date_invalid' (a date not 'YYYY-MM-DD'), 'purchase_range_order'
 *   (from after to) or 'purchase_range_too_long' (more than PURCHASE_RANGE_MAX_DAYS days), each with
 *   `field` (fromDate or toDate) in the answer.
 */
export async function listPurchases(db: Db, memberCode: string, from: string, to: string): Promise<PurchaseHistory> {
  const range = checkPurchaseRange(from, to);
  if (!range.ok) throw new ApiError(400, range.reason, { days: PURCHASE_RANGE_MAX_DAYS }, { field: range.field });
  const rows = await db
    .select(billColumns)
    .from(outletPurchases)
    .leftJoin(stores, eq(stores.storeCode, outletPurchases.storeCode))
    .where(and(eq(outletPurchases.memberCode, memberCode), gte(outletPurchases.purchaseDate, range.from), lte(outletPurchases.purchaseDate, range.to)))
    .orderBy(desc(outletPurchases.purchaseDate), desc(outletPurchases.transNo));
  return {
    from_date: range.from,
    to_date: range.to,
    total_amount: rows.reduce((sum, r) => sum + r.p.amountSen, 0),
    data: rows.map(toBill),
  };
}

/**
 * One bill of the member with its lines; product names and pictures from the catalogue in `lang`
 * when the product is still there, else the name the till printed.
 * @throws ApiError 400 for a malformed number or type segment; 404 'purchase_not_found' when the
 *   member has no bill by that number (unknown or another member's), or not from `storeCode` when
 *   one is given.
 */
export async function getPurchaseBill(
  db: Db,
  memberCode: string,
  transno: string,
  lang: Locale,
  options: { storeCode?: string; types?: (string | undefined)[] } = {},
): Promise<PurchaseBillDetail> {
  if (!BILL_TRANSNO_RE.test(transno)) throw invalidPayload('transno: letters, digits, - and _ only (at most 40)');
  for (const type of options.types ?? []) {
    if (type !== undefined && !BILL_TYPE_RE.test(type)) throw invalidPayload('type: letters, digits, - and _ only (at most 20)');
  }
  if (options.storeCode !== undefined && !BILL_TYPE_RE.test(options.storeCode)) throw invalidPayload('store_code: letters, digits, - and _ only (at most 20)');
  const [row] = await db
    .select(billColumns)
    .from(outletPurchases)
    .leftJoin(stores, eq(stores.storeCode, outletPurchases.storeCode))
    .where(and(eq(outletPurchases.transNo, transno), eq(outletPurchases.memberCode, memberCode)))
    .limit(1);
  if (!row || (options.storeCode !== undefined && row.p.storeCode !== options.storeCode)) throw new ApiError(404, 'purchase_not_found', { transno });
  const codes = [...new Set(row.p.items.map((i) => i.product_code))];
  const known = codes.length
    ? await db.select({ code: products.productCode, name: products.productName, pictures: products.pictures }).from(products).where(inArray(products.productCode, codes))
    : [];
  const byCode = new Map(known.map((k) => [k.code, k]));
  return {
    ...toBill(row),
    items: row.p.items.map((i) => {
      const product = byCode.get(i.product_code);
      return {
        product_code: i.product_code,
        product_name: (product && localized(product.name, lang)) || i.product_name,
        product_picture: product?.pictures[0] ?? '',
        product_quantity: i.quantity,
        product_amount: i.amount_sen,
      };
    }),
  };
}

/** The member a printed copy names. */
export async function billMember(db: Db, memberCode: string): Promise<{ member_code: string; customer_firstname: string }> {
  const [m] = await db.select({ firstName: customers.firstName }).from(customers).where(eq(customers.memberCode, memberCode)).limit(1);
  if (!m) throw new ApiError(404, 'api_not_found');
  return { member_code: memberCode, customer_firstname: m.firstName };
}
