/**
 * The public catalogue held in memory for the storefront's own page reads (ADR 44; docs/architecture.md
 * "The catalogue snapshot"). A page-cache miss of a product or category page used to spend a third of
 * its CPU in the embedded database, reading rows that are the same for every shopper and language.
 * Now one query loads every active product with its texts in all languages, its line and group,
 * "in stock at some active outlet", and its place in each sort order; product_detail, product_listing
 * then answer public page reads from memory, and get_review too for a product without reviews (the
 * others' answers are kept per product and page).
 *
 * Who reads from it: only calls that ask for it (`cachedReads`, set by the storefront's `publicApi`
 * for the pages it caches anyway), and only the public form of an operation: product_detail without
 * member or pick-up store, product_listing without store, member or search text. The API over HTTP
 * (mobile apps, a storefront apart from its API) always reads the database.
 *
 * How fresh (the same promise a cached page makes, src/server/cache.ts):
 * - a change the shop makes through its services (HQ's catalogue, stock and picture edits, imports,
 *   a new review) says which pages changed (`pagesChanged`, src/server/page-changes.ts): every tag but
 *   'banners' drops the snapshot here, and on PostgreSQL the other instances hear it and drop theirs;
 * - stock that orders take or give back is not announced (it would empty the page cache on every
 *   order): the snapshot is read again once it is SNAPSHOT_MAX_AGE_MS old. The reader that finds it
 *   old gets the old one while the new one loads (one load at a time).
 *
 * Order and filters: each product carries its rank in every sort order of product_listing, computed
 * by the database with the listing's own ORDER BY (`listingOrder`, ./products.ts), so the order is
 * the database's, collation and timestamp precision included. The filters on line, group, brand,
 * list type and final price are the simple comparisons of `listingFilters` (./products.ts); a test
 * compares both paths over every combination on the demo catalogue (tests/api/catalogue-snapshot.test.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { Product, ProductDetail } from '../../../lib/xs-api/contract';
import { PRODUCT_SORTS } from '../../../lib/xs-api/contract/catalogue';
import { parseLimit, type Limit } from '../../../domain/product-list';
import { toSen } from '../../../domain/money';
import type { Locale } from '../../../i18n/messages';
import { clock } from '../../clock';
import { followPageChanges } from '../../page-changes';
import { pageTags } from '../../cache';
import type { Db } from '../db/client';
import { productLines, products, reviews, type LocalizedText } from '../db/schema';
import { ApiError } from '../errors';
import { localized } from './localized';
import { listReviews, reviewAnswer, type ReviewAnswer } from './reviews';
import { listingOrder, productColumns, toProduct, type ProductListingQueryOutput, type ProductRow } from './products';

/** How old the snapshot may grow before it is read again, in ms: the staleness of stock that orders change. */
export const SNAPSHOT_MAX_AGE_MS = 15_000;
/** Answers of get_review kept, at most (the most recently loaded are kept). */
const MAX_REVIEW_ANSWERS = 2_000;

type Sort = (typeof PRODUCT_SORTS)[number];

/** One active product as the snapshot holds it: the listing row (public: no outlet, no member) and what else the reads need. */
export type SnapshotProduct = ProductRow & {
  description: LocalizedText | null;
  detail: LocalizedText | null;
  isFeatured: boolean;
  topSales: number;
  /** Reviews of the product (get_review answers a product without any from the snapshot). */
  reviewCount: number;
};

/** The loaded catalogue: the products by code, and in each sort order. */
type Snapshot = { byCode: Map<string, SnapshotProduct>; sorted: Record<Sort, SnapshotProduct[]>; takenAt: number };

/** Reads every active product with its ranks; one statement. */
async function loadSnapshot(db: Db): Promise<Snapshot> {
  const takenAt = clock.ms();
  const rank = (sort: Sort) => sql<number>`row_number() over (order by ${sql.join(listingOrder(sort), sql`, `)})`.mapWith(Number);
  const rows = await db
    .select({
      ...productColumns({ storeCode: null, memberCode: null, lang: 'en' }),
      description: products.productDescription,
      detail: products.productDetail,
      isFeatured: products.isFeatured,
      topSales: products.topSales,
      reviewCount: sql<number>`(select count(*) from ${reviews} where ${reviews.productCode} = ${products.productCode})`.mapWith(Number),
      product_topsales: rank('product_topsales'),
      latest: rank('latest'),
      price_low: rank('price_low'),
      price_high: rank('price_high'),
    })
    .from(products)
    .innerJoin(productLines, eq(productLines.lineCode, products.lineCode))
    .where(eq(products.isActive, true));
  const byCode = new Map<string, SnapshotProduct>();
  const ranked = rows.map((row) => {
    const { product_topsales, latest, price_low, price_high, ...product } = row;
    byCode.set(product.code, product);
    return { product, ranks: { product_topsales, latest, price_low, price_high } };
  });
  const sorted = Object.fromEntries(
    PRODUCT_SORTS.map((sort) => [sort, [...ranked].sort((a, b) => a.ranks[sort] - b.ranks[sort]).map((r) => r.product)]),
  ) as Record<Sort, SnapshotProduct[]>;
  return { byCode, sorted, takenAt };
}

/** True when a product passes the listing's filters (the comparisons of `listingFilters`, ./products.ts; search is never here). */
function passes(p: SnapshotProduct, q: ProductListingQueryOutput, min: number | null, max: number | null): boolean {
  if (q.line && p.lineCode !== q.line) return false;
  if (q.group_code && p.groupCode !== q.group_code) return false;
  if (q.brand && p.brandCode !== q.brand) return false;
  if (q.type === 'homepage' && !p.isFeatured) return false;
  if (q.type === 'bestseller' && !(p.topSales > 0)) return false;
  if (q.type === 'promotion' && !(p.finalPriceSen < p.priceSen)) return false;
  if (min !== null && p.finalPriceSen < min) return false;
  if (max !== null && p.finalPriceSen > max) return false;
  return true;
}

/** True when a tag of a page change can concern the snapshot (everything but the banners). */
function concernsCatalogue(tag: string): boolean {
  return tag !== pageTags.banners;
}

/**
 * The snapshot of one API app (one database). Reads take the call's `db`; the snapshot is loaded on
 * the first read and dropped by page changes (see the module's comment).
 */
export class CatalogueSnapshot {
  #current: Promise<Snapshot> | null = null;
  #loading: Promise<Snapshot> | null = null;
  #generation = 0;
  #following = false;
  /** get_review answers by 'code|limit', language-neutral; the code's tag or any catalogue-wide change drops them. */
  #reviews = new Map<string, { answer: Promise<ReviewAnswer>; takenAt: number }>();

  /** Drops what `tags` concern: the whole snapshot for any catalogue tag, and the reviews of `product:CODE` or of everything. */
  forget(tags: readonly string[]): void {
    if (!tags.some(concernsCatalogue)) return;
    this.#generation++;
    this.#current = null;
    this.#loading = null;
    for (const tag of tags) {
      if (tag.startsWith('product:')) {
        const prefix = `${tag.slice('product:'.length)}|`;
        for (const key of this.#reviews.keys()) if (key.startsWith(prefix)) this.#reviews.delete(key);
      } else if (tag === pageTags.all) this.#reviews.clear();
    }
  }

  /** Hears this process's page changes (its own and, on PostgreSQL, the other instances'); the subscription ends once the snapshot is collected. */
  #follow(): void {
    if (this.#following) return;
    this.#following = true;
    const self = new WeakRef(this);
    const stop = followPageChanges((tags) => {
      const snapshot = self.deref();
      if (snapshot) snapshot.forget(tags);
      else stop();
    });
  }

  /** The snapshot: loaded when there is none; read again in the background once SNAPSHOT_MAX_AGE_MS old. */
  async #read(db: Db): Promise<Snapshot> {
    this.#follow();
    if (!this.#current) return this.#load(db);
    const snapshot = await this.#current;
    if (isOld(snapshot.takenAt) && !this.#loading) void this.#load(db).catch(() => {});
    return snapshot;
  }

  /** Loads a new snapshot; it becomes current only if nothing changed while it loaded. A failed load is not kept. */
  #load(db: Db): Promise<Snapshot> {
    if (this.#loading) return this.#loading;
    const generation = this.#generation;
    const loading = loadSnapshot(db);
    this.#loading = loading;
    if (!this.#current) this.#current = loading;
    loading.then(
      () => {
        if (this.#generation === generation) this.#current = loading;
      },
      () => {
        if (this.#current === loading) this.#current = null;
      },
    );
    void loading.finally(() => {
      if (this.#loading === loading) this.#loading = null;
    }).catch(() => {});
    return loading;
  }

  /**
   * product_detail of an active product, public form (product_has_balance: some active outlet has it; in_favorite 0).
   * @throws ApiError 404 'product_not_found' for an unknown or inactive code.
   */
  async productDetail(db: Db, code: string, lang: Locale): Promise<ProductDetail> {
    const row = (await this.#read(db)).byCode.get(code);
    if (!row) throw new ApiError(404, 'product_not_found', { code });
    return {
      ...toProduct(row, lang),
      product_description: row.description ? localized(row.description, lang) : null,
      product_detail: row.detail ? localized(row.detail, lang) : null,
      group_code: row.groupCode,
    };
  }

  /** product_listing, public form without search: one page of `limit` and the count of all matches. */
  async listProducts(db: Db, q: ProductListingQueryOutput, limit: Limit): Promise<{ data: Product[]; total: number }> {
    const snapshot = await this.#read(db);
    const min = q.filter_price_min === undefined ? null : toSen(q.filter_price_min);
    const max = q.filter_price_max === undefined ? null : toSen(q.filter_price_max);
    const matches = snapshot.sorted[q.sort].filter((p) => passes(p, q, min, max));
    return { data: matches.slice(limit.offset, limit.offset + limit.count).map((p) => toProduct(p, q.lang)), total: matches.length };
  }

  /**
   * get_review's answer of `code` and `limit`: for a product the snapshot knows without reviews, the
   * empty answer at once; otherwise the database's (listReviews), kept until the product's page
   * changes or for SNAPSHOT_MAX_AGE_MS. A refusal is not kept.
   * @throws ApiError as listReviews does (404 unknown product, 400 bad limit).
   */
  async reviews(db: Db, code: string, limit: string): Promise<ReviewAnswer> {
    if ((await this.#read(db)).byCode.get(code)?.reviewCount === 0 && isLimit(limit)) return reviewAnswer([], {});
    const key = `${code}|${limit}`;
    const kept = this.#reviews.get(key);
    if (kept && !isOld(kept.takenAt)) return kept.answer;
    const answer = listReviews(db, code, limit);
    this.#reviews.delete(key);
    if (this.#reviews.size >= MAX_REVIEW_ANSWERS) this.#reviews.delete(this.#reviews.keys().next().value as string);
    const entry = { answer, takenAt: clock.ms() };
    this.#reviews.set(key, entry);
    answer.catch(() => {
      if (this.#reviews.get(key) === entry) this.#reviews.delete(key);
    });
    return answer;
  }
}

/** True when something taken at `takenAt` (ms) is SNAPSHOT_MAX_AGE_MS old, or the clock went back since (a new reading then). */
function isOld(takenAt: number): boolean {
  const age = clock.ms() - takenAt;
  return age < 0 || age >= SNAPSHOT_MAX_AGE_MS;
}

/** True when `limit` is a limit listReviews accepts. */
function isLimit(limit: string): boolean {
  try {
    parseLimit(limit);
    return true;
  } catch {
    return false;
  }
}
