/**
 * Promotion banners (coverage.md §3 Promotion banner; §7 get_promotion_banner) and the promotion page's
 * products (/promotion/{id}, operation get_promotion_detail). A banner runs from its start date to
 * its end date, both inclusive, read as Malaysian calendar dates (UTC+8, src/domain/shop-time.ts):
 * at 2027-03-31T16:30Z it is already 1 April in Kuala Lumpur, so a banner ending 31 March is over.
 */
import { and, asc, count, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Product, PromotionBanner } from '../../../lib/xs-api/contract';
import { parseLimit } from '../../../domain/product-list';
import { shopDate, type Instant } from '../../../domain/shop-time';
import type { Locale } from '../../../i18n/messages';
import type { Db } from '../db/client';
import { productLines, products, promotionBanners } from '../db/schema';
import { ApiError, invalidPayload } from '../errors';
import { localized } from './localized';
import { productColumns, toProduct } from './products';
import { clock } from '../../clock';

type BannerRow = typeof promotionBanners.$inferSelect;

/** Largest banner id accepted (a PostgreSQL integer). */
const MAX_BANNER_ID = 2_147_483_647;

/** The contract's banner_info item of a row, texts in `lang` (EN fallback). */
function toBanner(row: BannerRow, lang: Locale): PromotionBanner {
  return {
    banner_id: row.bannerId,
    banner_name: localized(row.bannerName, lang),
    banner_image: row.bannerImage,
    banner_desc: localized(row.bannerDesc, lang),
    banner_URL: row.bannerUrl,
    banner_start_date: row.startDate,
    banner_end_date: row.endDate,
  };
}

/** SQL condition: the banner runs on the Malaysian date of `now`. */
function runningOn(now: Instant) {
  const today = shopDate(now);
  return and(lte(promotionBanners.startDate, today), gte(promotionBanners.endDate, today));
}

/**
 * get_promotion_banner: the banners running today (Malaysian date of `now`, default the current
 * time), by banner id; names and descriptions in `lang`.
 */
export async function listActivePromotions(db: Db, opts: { lang: Locale; now?: Instant }): Promise<PromotionBanner[]> {
  const rows = await db.select().from(promotionBanners).where(runningOn(opts.now ?? clock.ms())).orderBy(asc(promotionBanners.bannerId));
  return rows.map((r) => toBanner(r, opts.lang));
}

/**
 * The banner id of a path segment: a whole number from 1 to 2147483647 written with digits only.
 * @throws ApiError 400 (invalid payload) for anything else, without echoing the input.
 */
export function parseBannerId(raw: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(id) || id < 1 || id > MAX_BANNER_ID) throw invalidPayload('banner_id: must be a whole number from 1');
  return id;
}

/**
 * get_promotion_detail: one banner running today and a page of its active products (top sales
 * first, then product code), with their total. `limit` is "offset,count" as in product_listing.
 * @throws ApiError 400 for a malformed id or limit; 404 'promotion_not_found' when the banner does
 *   not exist or does not run today.
 */
export async function getActivePromotion(
  db: Db,
  rawId: string,
  opts: { lang: Locale; limit: string; now?: Instant },
): Promise<{ banner_info: PromotionBanner; product: Product[]; total: number }> {
  const id = parseBannerId(rawId);
  let limit;
  try {
    limit = parseLimit(opts.limit);
  } catch (err) {
    throw invalidPayload(`limit: ${(err as Error).message}`);
  }
  const [row] = await db
    .select()
    .from(promotionBanners)
    .where(and(eq(promotionBanners.bannerId, id), runningOn(opts.now ?? clock.ms())))
    .limit(1);
  if (!row) throw new ApiError(404, 'promotion_not_found', { id });
  if (row.productCodes.length === 0) return { banner_info: toBanner(row, opts.lang), product: [], total: 0 };

  const where = and(inArray(products.productCode, row.productCodes), eq(products.isActive, true));
  const ctx = { storeCode: null, memberCode: null, lang: opts.lang };
  const [rows, [counted]] = await Promise.all([
    db
      .select(productColumns(ctx))
      .from(products)
      .innerJoin(productLines, eq(productLines.lineCode, products.lineCode))
      .where(where)
      .orderBy(desc(products.topSales), asc(products.productCode))
      .limit(limit.count)
      .offset(limit.offset),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return { banner_info: toBanner(row, opts.lang), product: rows.map((r) => toProduct(r, opts.lang)), total: counted?.total ?? 0 };
}
