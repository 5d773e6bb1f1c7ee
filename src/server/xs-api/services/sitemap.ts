/**
 * sitemap_listing (SEO; src/pages/sitemap.xml.ts): the catalogue's pages and when each last changed.
 * A product's change is `updated_at` (HQ's edit or an import), else `created_at`; a product line's
 * or a brand's is the latest change of its visible products; the catalogue's is the latest of all.
 * Hidden products are left out. One query over the products.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { productGroups, productLines, products } from '../db/schema';

type Changed = { code: string; lastmod: string };

/** The later of two ISO times (either may be null). */
function later(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return Date.parse(a) >= Date.parse(b) ? a : b;
}

/** Every visible product, line and brand with its last change (ISO 8601, UTC), and the catalogue's latest change. */
export async function sitemapListing(db: Db) {
  const [rows, lines] = await Promise.all([
    db
      .select({
        code: products.productCode,
        line: products.lineCode,
        brand: products.brandCode,
        changed: sql<Date | string>`coalesce(${products.updatedAt}, ${products.createdAt})`,
      })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(asc(products.productCode)),
    db
      .select({ code: productLines.lineCode })
      .from(productLines)
      .innerJoin(productGroups, eq(productGroups.groupCode, productLines.groupCode))
      .orderBy(asc(productGroups.sortOrder), asc(productLines.sortOrder), asc(productLines.lineCode)),
  ]);
  const iso = (v: Date | string) => new Date(v).toISOString();
  const byLine = new Map<string, string | null>();
  const byBrand = new Map<string, string | null>();
  let catalogue: string | null = null;
  const productList: Changed[] = rows.map((r) => {
    const lastmod = iso(r.changed);
    byLine.set(r.line, later(byLine.get(r.line) ?? null, lastmod));
    if (r.brand) byBrand.set(r.brand, later(byBrand.get(r.brand) ?? null, lastmod));
    catalogue = later(catalogue, lastmod);
    return { code: r.code, lastmod };
  });
  return {
    catalogue_lastmod: catalogue,
    lines: lines.map((l) => ({ line_code: l.code, lastmod: byLine.get(l.code) ?? null })),
    brands: [...byBrand].sort(([a], [b]) => a.localeCompare(b)).map(([brand_code, lastmod]) => ({ brand_code, lastmod: lastmod! })),
    products: productList.map((p) => ({ product_code: p.code, lastmod: p.lastmod })),
  };
}
